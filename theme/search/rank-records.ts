import { decodePostings, type SearchShard } from '../../src/search/index-format.ts';
import { matchesTerm, type QueryTerm } from '../../src/search/tokenize.ts';

/** A record that answers the query, with its score. */
export interface RankedRecord { page: number; record: number; score: number }

/**
 * Record keys (`page * 65536 + record`, ascending) with a value each, and (decoded posting
 * lists only) the key of the record where each one's section starts.
 */
export interface KeyedList { keys: Float64Array; values: Float64Array; sections?: Float64Array }

/** At most this many records of one page are listed, so a long page cannot fill the list. */
const MAX_PER_PAGE = 5;
/** How many shards a prefix may pull in: the ones nearest the prefix, where completions start. */
const MAX_PREFIX_SHARDS = 3;
const PAGE = 65536;
const pageOf = (key: number) => Math.floor(key / PAGE);

/** Index of the shard that holds `term` (the last separator `<=` it). */
function shardOf(separators: string[], term: string): number {
  let low = 0;
  let high = separators.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (separators[mid] <= term) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The shards to fetch for `terms`: those of each exact term and its inflections, a few for the prefix. */
export function shardsFor(separators: string[], terms: QueryTerm[]): number[] {
  const wanted = new Set<number>();
  if (separators.length === 0) return [];
  for (const q of terms) {
    for (const term of [q.term, ...q.forms]) wanted.add(shardOf(separators, term));
    if (!q.prefix) continue;
    const first = shardOf(separators, q.norm);
    const last = Math.min(shardOf(separators, `${q.norm}\uffff`), first + MAX_PREFIX_SHARDS - 1);
    for (let n = first; n <= last; n++) wanted.add(n);
  }
  return [...wanted].sort((a, b) => a - b);
}

/**
 * Ranks records for a query, the way a reader judges pages. A page answers the query when its
 * records together contain the most query terms any page does (every term, unless no page has
 * them all), even if no single section holds them all: "body array stacked" finds the page whose
 * "The body array" and "Stacked cells" sections share them. Each record of such a page scores
 * the `idf × weight` of the terms it holds (per term the best matching index term: exact stems
 * beat completions, short completions long ones) plus {@link CONTEXT} of the page's best score
 * for each term it lacks, so the section holding the most of the query leads its page. `allow`
 * filters pages (contextual search). Returns the best `limit` records, at most five per page,
 * and `total`, how many a full listing would show. `cache` keeps decoded posting lists between
 * queries (pass one per client).
 */
export function rankRecords(options: {
  terms: QueryTerm[];
  shards: SearchShard[];
  /** Records in the index (the N of idf). */
  records: number;
  allow?: (page: number) => boolean;
  limit: number;
  cache: Map<string, KeyedList>;
}): { records: RankedRecord[]; total: number } {
  const { terms, shards, allow, limit, cache } = options;
  const postings = (shard: SearchShard, term: string) => {
    let list = cache.get(term);
    if (!list) cache.set(term, (list = decode(shard[term], allow)));
    return list;
  };
  // Where each matching record's section starts: a section is one hit, whatever its chunks.
  const sectionOf = new Map<number, number>();
  // Per term, the best score of each record among the index terms it matches.
  const perTerm = terms.map((q) => {
    const lists: KeyedList[] = [];
    for (const shard of shards) {
      for (const term in shard) {
        if (!matchesTerm(term, q)) continue;
        const { keys, values, sections } = postings(shard, term);
        sections?.forEach((section, i) => {
          if (section !== keys[i]) sectionOf.set(keys[i], section);
        });
        const idf = Math.log(1 + (options.records - keys.length + 0.5) / (keys.length + 0.5));
        // Exact stems beat inflections, which beat completions (short ones more than long ones).
        const factor = term === q.term ? 1 : q.forms.includes(term) ? 0.8 : 0.3 + (0.4 * q.norm.length) / term.length;
        lists.push({ keys, values: values.map((w) => w * idf * factor) });
      }
    }
    return lists.reduce(merge(Math.max), empty());
  });

  // Each page's best score for each term (dense: pages are numbered from 0), how many of the
  // terms it has, and the context its records get: CONTEXT × its best score for every term.
  const width = perTerm.length;
  const pages = perTerm.reduce((n, { keys }) => (keys.length ? Math.max(n, pageOf(keys[keys.length - 1]) + 1) : n), 0);
  const best = new Float64Array(pages * width);
  perTerm.forEach(({ keys, values }, t) => keys.forEach((key, i) => {
    const at = pageOf(key) * width + t;
    best[at] = Math.max(best[at], values[i]);
  }));
  const found = new Uint16Array(pages);
  const context = new Float64Array(pages);
  let most = 0;
  best.forEach((score, at) => {
    const page = Math.floor(at / width);
    if (score) most = Math.max(most, ++found[page]), (context[page] += CONTEXT * score);
  });
  // A record scores its own terms, plus the context of the terms it lacks: its page's context
  // plus, for each term it has, its own score minus that term's share of the context.
  const { keys, values } = perTerm
    .map(({ keys, values }, t) => ({ keys, values: values.map((v, i) => v - CONTEXT * best[pageOf(keys[i]) * width + t]) }))
    .reduce(merge((a, b) => a + b), empty());
  const raw = values.map((value, i) => (found[pageOf(keys[i])] < most ? -1 : value + context[pageOf(keys[i])]));
  // Each section keeps its best record only ("Hazards" once, not once per chunk).
  const sectionKey = (i: number) => sectionOf.get(keys[i]) ?? keys[i];
  const bestInSection = new Map<number, number>();
  raw.forEach((score, i) => {
    if (score < 0) return;
    const held = bestInSection.get(sectionKey(i));
    if (held === undefined || score > raw[held]) bestInSection.set(sectionKey(i), i);
  });
  const counted = new Uint32Array(pages);
  let total = 0;
  const scores = raw.map((score, i) => {
    if (score < 0 || bestInSection.get(sectionKey(i)) !== i) return -1;
    if (++counted[pageOf(keys[i])] <= MAX_PER_PAGE) total++;
    return score;
  });

  // Sort only what can make the list: scores at or above the (limit × per-page cap)-th best.
  const cutoff = Math.max(0, scores.slice().sort()[Math.max(0, scores.length - limit * MAX_PER_PAGE)] ?? 0);
  const ranked: RankedRecord[] = [];
  keys.forEach((key, i) => {
    if (scores[i] >= cutoff) ranked.push({ page: pageOf(key), record: key % PAGE, score: scores[i] });
  });
  ranked.sort((a, b) => b.score - a.score || a.page - b.page || a.record - b.record);
  const shown = new Uint32Array(pages);
  return { records: ranked.filter((r) => ++shown[r.page] <= MAX_PER_PAGE).slice(0, limit), total };
}

/** Share of a page's best score for a term that its other records get (they are near it). */
const CONTEXT = 0.5;

const empty = (): KeyedList => ({ keys: new Float64Array(0), values: new Float64Array(0) });

/** Decodes a posting list, keeping allowed pages; values are the weights. */
function decode(encoded: string, allow?: (page: number) => boolean): KeyedList {
  const keys: number[] = [];
  const values: number[] = [];
  const sections: number[] = [];
  decodePostings(encoded, (page, record, weight, section) => {
    if (!allow || allow(page)) keys.push(page * PAGE + record), values.push(weight), sections.push(page * PAGE + section);
  });
  return { keys: Float64Array.from(keys), values: Float64Array.from(values), sections: Float64Array.from(sections) };
}

/** Union of two sorted lists; `pick` combines the values of a key in both. */
function merge(pick: (a: number, b: number) => number) {
  return (a: KeyedList, b: KeyedList): KeyedList => {
    if (a.keys.length === 0) return b;
    const keys = new Float64Array(a.keys.length + b.keys.length);
    const values = new Float64Array(keys.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < a.keys.length || j < b.keys.length) {
      const ka = i < a.keys.length ? a.keys[i] : Infinity;
      const kb = j < b.keys.length ? b.keys[j] : Infinity;
      keys[n] = Math.min(ka, kb);
      values[n++] = ka === kb ? pick(a.values[i++], b.values[j++]) : ka < kb ? a.values[i++] : b.values[j++];
    }
    return { keys: keys.subarray(0, n), values: values.subarray(0, n) };
  };
}
