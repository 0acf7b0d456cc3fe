import { describe, expect, it } from 'vitest';
import { encodePostings, type SearchShard } from '../../src/search/index-format.ts';
import { rankRecords, shardsFor } from '../../theme/search/rank-records.ts';
import { parseQuery } from '../../src/search/tokenize.ts';

/** A shard from term → flat `[page, record, weight, …]` triples. */
const shard = (postings: Record<string, number[]>): SearchShard =>
  Object.fromEntries(Object.entries(postings).map(([term, flat]) => [term, encodePostings(flat)]));

const rank = (query: string, shards: SearchShard[], limit = 20) =>
  rankRecords({ terms: parseQuery(query), shards, records: 100, limit, cache: new Map() });

describe('rankRecords', () => {
  const index = shard({
    venom: [0, 0, 5, 1, 0, 5, 2, 0, 5],
    fang: [1, 0, 9, 2, 0, 2],
    fangs: [3, 0, 9],
    fangtastic: [4, 0, 9],
  });

  it('keeps the records matching every term, best first', () => {
    expect(rank('venom fang', [index]).records.map((r) => r.page)).toEqual([1, 2]);
  });

  it('falls back to the records matching the most terms', () => {
    expect(rank('venom fang nothing', [index]).records.map((r) => r.page)).toEqual([1, 2]);
    expect(rank('nothing venom', [index]).records.map((r) => r.page)).toEqual([0, 1, 2]);
  });

  it('ranks exact stems above completions of the last word', () => {
    // `fang` exactly (page 1, 2), `fangs` as a completion, then the longer `fangtastic`.
    expect(rank('fang', [index]).records.map((r) => r.page)).toEqual([1, 3, 4, 2]);
  });

  it('lists a section once, by its best chunk, and counts it once', () => {
    // Page 0: records 0–2 are one section cut into three chunks, record 3 another section.
    const chunked = (terms: Record<string, [number[], number[]]>): SearchShard =>
      Object.fromEntries(Object.entries(terms).map(([term, [flat, offsets]]) => [term, encodePostings(flat, offsets)]));
    const index = chunked({ hazard: [[0, 0, 4, 0, 1, 5, 0, 2, 12, 0, 3, 4, 1, 0, 3], [0, 1, 2, 0, 0]] });
    const { records, total } = rank('hazard', [index]);
    expect(records.map((r) => `${r.page}:${r.record}`)).toEqual(['0:2', '0:3', '1:0']);
    expect(total).toBe(3);
  });

  it('lists at most five records per page and counts what a full listing shows', () => {
    const many = shard({ hiss: [...Array.from({ length: 8 }, (_, r) => [0, r, 10 - r]).flat(), 1, 0, 1] });
    const { records, total } = rank('hiss', [many]);
    expect(records.map((r) => `${r.page}:${r.record}`)).toEqual(['0:0', '0:1', '0:2', '0:3', '0:4', '1:0']);
    expect(total).toBe(6);
    expect(rank('hiss', [many], 2).records).toHaveLength(2);
  });

  it('answers with a page whose sections together hold every term, led by the section holding most', () => {
    // Page 0 has `body` in record 0, `array` in record 1 and both in record 2; page 1 has a
    // strong `body` but no `array`, so it is not an answer.
    const split = shard({ body: [0, 0, 9, 0, 2, 8, 1, 0, 40], array: [0, 1, 9, 0, 2, 8] });
    const { records, total } = rank('body array', [split]);
    expect(records.map((r) => `${r.page}:${r.record}`)).toEqual(['0:2', '0:1', '0:0']);
    expect(total).toBe(3);
  });

  it('applies the page filter before scoring', () => {
    const result = rankRecords({ terms: parseQuery('venom'), shards: [index], records: 100, limit: 20, cache: new Map(), allow: (page) => page !== 1 });
    expect(result.records.map((r) => r.page)).toEqual([0, 2]);
  });
});

describe('shardsFor', () => {
  const separators = ['', 'c', 'f', 'fa', 'fo', 'fz', 'm', 's'];

  it('fetches one shard per whole word and the nearest few for the prefix', () => {
    expect(shardsFor(separators, parseQuery('board food'))).toEqual([0, 4]);
    // `f…` spans shards 2–5; the prefix pulls in the first three.
    expect(shardsFor(separators, parseQuery('f'))).toEqual([2, 3, 4]);
    expect(shardsFor([], parseQuery('board'))).toEqual([]);
  });
});
