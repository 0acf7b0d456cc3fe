import { describe, expect, it } from 'vitest';
import { createTermCounter } from '../../src/search/term-counter.ts';
import { splitWords, termOf } from '../../src/search/tokenize.ts';

describe('createTermCounter', () => {
  it('gives each distinct term one id, words that normalise alike the same one', () => {
    const counter = createTermCounter();
    const text = 'Snakes snake SNAKES the board';
    const ids = counter.ids(text);
    // Each indexable word has the id of its term.
    const expected = splitWords(text).map(termOf).filter((t) => t !== undefined);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids.map((id) => counter.terms[id])).toEqual(expected);
    expect(new Set(ids).size).toBe(new Set(expected).size);
    // Ids are stable across calls.
    expect(counter.ids('board snakes')).toEqual([ids.at(-1), ids[0]]);
  });

  it('sums amounts per record and forgets them when the record is flushed', () => {
    const counter = createTermCounter();
    const [a, b] = counter.ids('arena board');
    counter.add(a, 1);
    counter.add(b, 2.5);
    counter.add(a, 3);
    const first: [string, number][] = [];
    counter.flush((id, total) => first.push([counter.terms[id], total]));
    expect(first).toEqual([[counter.terms[a], 4], [counter.terms[b], 2.5]]);
    counter.add(b, 1);
    const second: [string, number][] = [];
    counter.flush((id, total) => second.push([counter.terms[id], total]));
    expect(second).toEqual([[counter.terms[b], 1]]);
  });

  it('keeps counting past its first thousand terms', () => {
    const counter = createTermCounter();
    const words = Array.from({ length: 1500 }, (_, i) => `word${i.toString(36)}x`);
    const ids = counter.ids(words.join(' '));
    expect(ids).toHaveLength(1500);
    for (const id of ids) counter.add(id, 1);
    counter.add(ids[1499], 1);
    const totals = new Map<number, number>();
    counter.flush((id, total) => totals.set(id, total));
    expect(totals.size).toBe(1500);
    expect(totals.get(ids[1499])).toBe(2);
  });
});
