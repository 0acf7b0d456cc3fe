import { decodePostings, type SearchShard } from './index-format.ts';
import { matchesTerm, type QueryTerm } from './tokenize.ts';

/** A record that answers the query, with its score. */
export interface RankedRecord { page: number; record: number; score: number }

/** Record keys (`page * 65536 + record`, ascending) with a value each. */
export interface KeyedList { keys: Float64Array; values: Float64Array }

/** At most this many records of one page are listed, so a long page cannot fill the list. */
const MAX_PER_PAGE = 5;
/** How many shards a prefix may pull in: the ones nearest the prefix, where completions start. */
const MAX_PREFIX_SHARDS = 3;
const PAGE = 65536;

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

/** The shards to fetch for `terms`: one per exact term, a few for the prefix. */
export function shardsFor(separators: string[], terms: QueryTerm[]): number[] {
  const wanted = new Set<number>();
  if (separators.length === 0) return [];
  for (const q of terms) {
    wanted.add(shardOf(separators, q.term));
    if (!q.prefix) continue;
    const first = shardOf(separators, q.norm);
    const last = Math.min(shardOf(separators, `${q.norm}\uffff`), first + MAX_PREFIX_SHARDS - 1);
    for (let n = first; n <= last; n++) wanted.add(n);
  }
  return [...wanted].sort((a, b) => a - b);
}

/**
 * Scores records: for each query term, the best matching index term's `idf × weight` (exact
 * stems beat completions, short completions beat long ones). Records that match every query
 * term are kept; only when none does, those matching the most terms. `allow` filters pages
 * (contextual search). Returns the best `limit` records, at most five per page, and `total`,
 * how many a full listing would show. Posting lists are sorted by record, so combining them
 * is a linear merge; `cache` keeps decoded lists between queries (pass one per client).
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
  const perTerm = terms.map((q) => {
    const lists: KeyedList[] = [];
    for (const shard of shards) {
      for (const term in shard) {
        if (!matchesTerm(term, q)) continue;
        const { keys, values } = postings(shard, term);
        const idf = Math.log(1 + (options.records - keys.length + 0.5) / (keys.length + 0.5));
        const factor = term === q.term ? 1 : 0.3 + (0.4 * q.norm.length) / term.length;
        lists.push({ keys, values: values.map((w) => w * idf * factor) });
      }
    }
    return lists.sort((a, b) => a.keys.length - b.keys.length).reduce(merge(Math.max), empty());
  });
  const { keys, values } = combine(perTerm);

  let total = 0;
  for (let i = 0, run = 0; i < keys.length; i++) {
    run = i > 0 && Math.floor(keys[i] / PAGE) === Math.floor(keys[i - 1] / PAGE) ? run + 1 : 1;
    if (run <= MAX_PER_PAGE) total++;
  }
  // Sort only what can make the list: scores at or above the (limit × per-page cap)-th best.
  const cutoff = values.slice().sort()[Math.max(0, values.length - limit * MAX_PER_PAGE)] ?? 0;
  const ranked: RankedRecord[] = [];
  keys.forEach((key, i) => {
    if (values[i] >= cutoff) ranked.push({ page: Math.floor(key / PAGE), record: key % PAGE, score: values[i] });
  });
  ranked.sort((a, b) => b.score - a.score || a.page - b.page || a.record - b.record);
  const perPage = new Map<number, number>();
  const listed = ranked.filter((r) => {
    perPage.set(r.page, (perPage.get(r.page) ?? 0) + 1);
    return perPage.get(r.page)! <= MAX_PER_PAGE;
  });
  return { records: listed.slice(0, limit), total };
}

const empty = (): KeyedList => ({ keys: new Float64Array(0), values: new Float64Array(0) });

/** Decodes a posting list, keeping allowed pages; values are the weights. */
function decode(encoded: string, allow?: (page: number) => boolean): KeyedList {
  const keys: number[] = [];
  const values: number[] = [];
  decodePostings(encoded, (page, record, weight) => {
    if (!allow || allow(page)) keys.push(page * PAGE + record), values.push(weight);
  });
  return { keys: Float64Array.from(keys), values: Float64Array.from(values) };
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

/** Summed scores of the records matching all terms or, if none does, the most terms. */
function combine(perTerm: KeyedList[]): KeyedList {
  const [smallest, ...others] = [...perTerm].sort((a, b) => a.keys.length - b.keys.length);
  const keys: number[] = [];
  const values: number[] = [];
  const at = others.map(() => 0);
  for (let i = 0; i < smallest.keys.length; i++) {
    const key = smallest.keys[i];
    let sum = smallest.values[i];
    for (let t = 0; t < others.length && sum >= 0; t++) {
      const list = others[t];
      while (at[t] < list.keys.length && list.keys[at[t]] < key) at[t]++;
      sum = list.keys[at[t]] === key ? sum + list.values[at[t]] : -1;
    }
    if (sum >= 0) keys.push(key), values.push(sum);
  }
  if (keys.length > 0 || perTerm.length === 1) return { keys: Float64Array.from(keys), values: Float64Array.from(values) };

  // Nothing matches every term: keep the records matching the most. Each term adds 1e6 (far
  // above any score) to its records, so the millions count the terms matched.
  const sums = perTerm.map((l) => ({ keys: l.keys, values: l.values.map((v) => v + 1e6) })).reduce(merge((a, b) => a + b), empty());
  const best = Math.floor(sums.values.reduce((a, b) => Math.max(a, b), 0) / 1e6);
  const kept = sums.keys.map((_, i) => (Math.floor(sums.values[i] / 1e6) === best ? i : -1)).filter((i) => i >= 0);
  return { keys: kept.map((i) => sums.keys[i]), values: kept.map((i) => sums.values[i] % 1e6) };
}
