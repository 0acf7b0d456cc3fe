import { splitWords, termOf } from './tokenize.ts';

/**
 * Counts terms per record for the indexer. Words are normalised once each and terms interned
 * as small integers, so counting a record touches a typed array instead of building a map:
 * the difference between seconds and a fraction of that on a 10,000-page site.
 */
export interface TermCounter {
  /** Interned terms; a term id is an index here. */
  readonly terms: string[];
  /** Term ids of the indexable words of `text`, in order. */
  ids(text: string): number[];
  /** Adds `amount` to term `id` in the current record. */
  add(id: number, amount: number): void;
  /** Ends the current record: calls `visit` for each counted term, then resets the counts. */
  flush(visit: (id: number, total: number) => void): void;
}

/** Creates a counter for one index build. */
export function createTermCounter(): TermCounter {
  const terms: string[] = [];
  const wordIds = new Map<string, number>();
  const termIds = new Map<string, number>();
  let counts = new Float64Array(1024);
  const touched: number[] = [];

  const idOf = (word: string): number => {
    let id = wordIds.get(word);
    if (id !== undefined) return id;
    const term = termOf(word);
    id = term === undefined ? -1 : termIds.get(term);
    if (id === undefined) {
      id = terms.push(term!) - 1;
      termIds.set(term!, id);
      if (terms.length > counts.length) {
        const grown = new Float64Array(counts.length * 2);
        grown.set(counts);
        counts = grown;
      }
    }
    wordIds.set(word, id);
    return id;
  };

  return {
    terms,
    ids(text) {
      const ids: number[] = [];
      for (const word of splitWords(text)) {
        const id = idOf(word);
        if (id >= 0) ids.push(id);
      }
      return ids;
    },
    add(id, amount) {
      if (counts[id] === 0) touched.push(id);
      counts[id] += amount;
    },
    flush(visit) {
      for (const id of touched) {
        visit(id, counts[id]);
        counts[id] = 0;
      }
      touched.length = 0;
    },
  };
}
