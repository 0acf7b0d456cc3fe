/**
 * Text → search terms, shared by the build-time indexer (src/search) and the browser client so
 * both sides agree on every term. Normalisation is deliberately light: lowercase, diacritics
 * stripped, a plural-only English stemmer, and a short stop list (the words that would make the
 * largest posting lists while telling pages apart the least).
 */

/** A term found in a text, with the span of the original word (for snippet marks). */
export interface Token {
  /** Normalised and stemmed form, as stored in the index. */
  term: string;
  start: number;
  end: number;
}

/** A word of a query. The last word is matched as a prefix (search as you type). */
export interface QueryTerm {
  /** Normalised, unstemmed: what index terms must start with when `prefix` is set. */
  norm: string;
  /** Stemmed: what index terms must equal. */
  term: string;
  prefix: boolean;
  /** Inflections the word also answers to: `reporting` ↔ `report`, `moved` ↔ `move`. */
  forms: string[];
}

/** Function words and question words ("how do I…"); `you`/`your` stay (an API object is `you`). */
const STOP_WORDS = new Set(
  'a an and are as at be by can could did do does for from how i in is it me my of on or should that the this to was were what when where which who why with would'.split(' '),
);
/**
 * A word; a number glued to the letters after it is split off, so `500ms` and `500 ms`, or
 * `10s` and `10 s`, give the same terms (`500`, `ms`) on both sides.
 */
const wordRE = /\p{N}+(?=\p{L})|[\p{L}\p{N}]+/gu;
const marksRE = /\p{M}/gu;
const digitRE = /\d/;
/** Longer "words" are hashes, base64 or minified code: noise that would bloat the index. */
const MAX_TERM_LENGTH = 32;

/** Lowercases and strips diacritics: `Café` → `cafe`. */
export function normalizeWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(marksRE, '');
}

/** Plural-only stemming (`hazards` → `hazard`, `bodies` → `body`); words with digits are kept. */
export function stemWord(word: string): string {
  if (word.length < 4 || digitRE.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Whether a normalised word is worth indexing: not a stop word, a lone letter or noise. */
function isIndexable(norm: string): boolean {
  if (norm.length > MAX_TERM_LENGTH || STOP_WORDS.has(norm)) return false;
  return norm.length > 1 || digitRE.test(norm);
}

/** The index term of a word, or `undefined` when the word is not indexed. */
export function termOf(word: string): string | undefined {
  const norm = normalizeWord(word);
  return isIndexable(norm) ? stemWord(norm) : undefined;
}

/** Every indexable word of `text`, in order, with its span. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(wordRE)) {
    const term = termOf(match[0]);
    if (term) tokens.push({ term, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** The raw words of `text` (the indexer interns them through {@link termOf} once each). */
export function splitWords(text: string): string[] {
  return text.match(wordRE) ?? [];
}

/**
 * The terms of a query, de-duplicated. The last word is a prefix unless it is a single letter
 * among other words (it would match half the dictionary); stop words are dropped, except as
 * that last, still-being-typed word (`fo` may become `food`).
 */
export function parseQuery(query: string): QueryTerm[] {
  const words = [...query.matchAll(wordRE)].map((m) => normalizeWord(m[0]));
  const terms: QueryTerm[] = [];
  words.forEach((norm, i) => {
    const last = i === words.length - 1;
    const prefix = last && (norm.length > 1 || words.length === 1);
    if (!prefix && !isIndexable(norm)) return;
    if (norm.length > MAX_TERM_LENGTH) return;
    const term = stemWord(norm);
    if (!terms.some((t) => t.term === term && t.prefix === prefix)) terms.push({ norm, term, prefix, forms: inflect(term) });
  });
  return terms;
}

/**
 * The -ing/-ed forms of a (plural-stemmed) word, or the bases of such a form. The index keeps
 * words as written, and stemming them would break search as you type (`movin` is no prefix of
 * `mov`), so inflections are matched from the query side instead. Over-generated forms
 * (`string` → `str`) simply match nothing.
 */
export function inflect(term: string): string[] {
  if (term.length < 3 || digitRE.test(term)) return [];
  const base = /^(.{3,}?)(?:ing|ed)$/.exec(term)?.[1];
  if (base) return [base, `${base}e`, base.replace(/(.)\1$/, '$1')];
  const bare = term.replace(/e$/, '');
  return [`${bare}ing`, `${bare}ed`];
}

/** Whether an index term answers a query term: same stem, an inflection, or (last word) a completion. */
export function matchesTerm(indexTerm: string, query: QueryTerm): boolean {
  return indexTerm === query.term || query.forms.includes(indexTerm) || (query.prefix && indexTerm.startsWith(query.norm));
}
