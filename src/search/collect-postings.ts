import { encodePostings, type SearchFragment } from './index-format.ts';
import { chunkSections, type ChunkLimits } from './chunk-sections.ts';
import type { PageSection } from './extract-sections.ts';
import { createTermCounter } from './term-counter.ts';

/** A page ready for indexing. */
export interface IndexedPage {
  route: string;
  title: string;
  /** Contextual-search tag: `docs`, `blog`, or anything else (dropped by contextual search). */
  tag: string;
  language: string;
  sections: PageSection[];
}

/** Everything the index files are made of, before encoding. */
export interface CollectedIndex {
  /**
   * Term → its postings, encoded (see encodePostings): `[page, record, weight]` triples sorted by
   * page, then record, each with how many records back its section starts. Encoded per term as
   * soon as made: on 10,000 pages the postings as number arrays were ~250 MB at the build's peak.
   */
  postings: Map<string, string>;
  /** Fragment files: page id, file number within the page, contents. */
  fragments: { page: number; n: number; fragment: SearchFragment }[];
  /** Number of records. */
  records: number;
}

/** BM25 constants (the usual defaults). */
const K1 = 1.2;
const B = 0.75;
/** Body weights are the BM25 term-frequency part (0–2.2) scaled by this. */
const BODY_SCALE = 5;
/**
 * Weight added when the term is in the record's own heading (the page title for the intro):
 * more for short headings, so the query `rules` ranks the page titled "Rules" first.
 */
const headingBoost = (terms: number) => Math.round(6 + 10 / terms);
const titleBoost = (terms: number) => Math.round(10 + 12 / terms);
/** Weight added when the term is in the page title or, for later chunks, the section heading. */
const contextBoost = (terms: number) => Math.round(2 + 4 / terms);

/**
 * Tokenises every record of `pages` (ids = array positions) and computes each term's weight
 * per record: BM25's saturating term frequency with length normalisation, plus boosts for
 * heading and title matches, quantised to 0–63 so a weight is one character of a posting.
 * Inverse document frequency is left to the client, which knows the posting list length.
 */
export function collectPostings(options: {
  pages: IndexedPage[];
  limits?: ChunkLimits;
  /** Records per fragment file. */
  perFragment: number;
  /** Empty each slot of `pages` once read (the caller's own array), so its text can be freed. */
  release?: boolean;
}): CollectedIndex {
  const { perFragment } = options;
  // Raw postings first, per term id: (record, tf * 64 + boost). Weights need the average
  // length, known only at the end.
  const counter = createTermCounter();
  // Typed pairs, not number arrays: on 10,000 pages they are ~11 million pairs, and a number
  // array spends 8 bytes on each number where an Int32Array spends 4.
  const raw: PairList[] = [];
  const lengths: number[] = [];
  const recordPage: number[] = [];
  const recordLocal: number[] = [];
  /** Each record's section, numbered across the site: chunks of one section share it. */
  const recordSection: number[] = [];
  /** How many records back each record's section starts. */
  const recordOffset: number[] = [];
  let sections = -1;
  const fragments: CollectedIndex['fragments'] = [];

  const { pages } = options;
  pages.forEach((page, pageId) => {
    const titleTerms = new Set(counter.ids(page.title));
    chunkSections({ sections: page.sections, limits: options.limits }).forEach((draft, local) => {
      const id = lengths.length;
      const terms = counter.ids(draft.text);
      lengths.push(terms.length);
      recordPage.push(pageId);
      recordLocal.push(local);
      if (draft.first) sections++;
      recordOffset.push(draft.first ? 0 : recordOffset[recordOffset.length - 1] + 1);
      recordSection.push(sections);
      if (local % perFragment === 0) {
        fragments.push({ page: pageId, n: local / perFragment, fragment: { title: page.title, url: page.route, records: [] } });
      }
      fragments.at(-1)!.fragment.records.push({ heading: draft.heading, anchor: draft.anchor, text: draft.text });

      for (const term of terms) counter.add(term, 64);
      const headingTerms = draft.section === 0 ? titleTerms : new Set(counter.ids(draft.heading ?? ''));
      const n = Math.max(1, headingTerms.size);
      const boost = !draft.first ? contextBoost(n) : draft.section === 0 ? titleBoost(n) : headingBoost(n);
      for (const term of headingTerms) counter.add(term, boost);
      if (draft.section !== 0) for (const term of titleTerms) counter.add(term, contextBoost(Math.max(1, titleTerms.size)));
      counter.flush((term, packed) => (raw[term] ??= new PairList()).push(id, packed));
    });
    // The page's text now lives in its fragments; with `release`, let the sections go.
    if (options.release) pages[pageId] = undefined!;
  });

  const average = lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, lengths.length) || 1;
  // BM25's length normalisation of each record, computed once rather than once per posting.
  const norms = Float64Array.from(lengths, (length) => K1 * (1 - B + (B * length) / average));
  const postings = new Map<string, string>();
  // One term's postings as `[page, record, weight]` triples and their offsets, in buffers
  // reused for every term (a pair of growing arrays per term cost ~1 s on 10,000 pages).
  let flat = new Int32Array(3 * 1024);
  let back = new Int32Array(1024);
  raw.forEach(({ data: list, length: rawLength }, term) => {
    if (back.length < rawLength / 2) {
      back = new Int32Array(rawLength);
      flat = new Int32Array(3 * rawLength);
    }
    // One posting per section and term, its best chunk's: a section cut into several records
    // would otherwise be listed once per chunk that holds the term ("Hazards", "Hazards").
    let n = 0;
    let lastId = -1;
    for (let i = 0; i < rawLength; i += 2) {
      const id = list[i];
      const weight = weigh(list[i + 1], norms[id]);
      if (lastId >= 0 && recordSection[id] === recordSection[lastId]) {
        if (weight > flat[3 * n - 1]) {
          flat[3 * n - 2] = recordLocal[id];
          flat[3 * n - 1] = weight;
          back[n - 1] = recordOffset[id];
        }
        continue;
      }
      flat[3 * n] = recordPage[id];
      flat[3 * n + 1] = recordLocal[id];
      flat[3 * n + 2] = weight;
      back[n] = recordOffset[id];
      n++;
      lastId = id;
    }
    postings.set(counter.terms[term], encodePostings(flat.subarray(0, 3 * n), back.subarray(0, n)));
    raw[term] = undefined!;
  });
  return { postings, fragments, records: lengths.length };
}

/** A growing list of int32 pairs. */
class PairList {
  data = new Int32Array(4);
  length = 0;

  push(a: number, b: number): void {
    if (this.length + 2 > this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
  }
}

/** Quantised weight of a term in a record; `packed` is `tf * 64 + boost`, `norm` the record's length normalisation. */
function weigh(packed: number, norm: number): number {
  const tf = Math.floor(packed / 64);
  const body = tf === 0 ? 0 : (tf * (K1 + 1)) / (tf + norm);
  return Math.max(1, Math.min(63, Math.round(body * BODY_SCALE) + (packed % 64)));
}
