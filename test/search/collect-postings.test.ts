import { describe, expect, it } from 'vitest';
import { collectPostings, type IndexedPage } from '../../src/search/collect-postings.ts';
import { decodePostings } from '../../src/search/index-format.ts';

// The index's postings on their own: which records hold each term and how much it weighs there.

const page = (route: string, title: string, sections: IndexedPage['sections']): IndexedPage => ({ route, title, tag: 'docs', language: 'en', sections });
const pages = (): IndexedPage[] => [
  page('/rules', 'Rules', [{ blocks: ['How a game of snake is played.'] }, { anchor: 'food', heading: 'Food', blocks: ['Eating food gives health.'] }]),
  page('/guide', 'Guide', [{ blocks: ['Read the rules before you play. The rules change rarely.'] }]),
];

/** A term's postings as `[page, record, weight, section start]`. */
function postingsOf(encoded: string | undefined): number[][] {
  const out: number[][] = [];
  if (encoded !== undefined) decodePostings(encoded, (p, r, w, s) => out.push([p, r, w, s]));
  return out;
}

describe('collectPostings', () => {
  it('lists each record holding a term, by page and record, and ranks the page titled by it first', () => {
    const { postings, records } = collectPostings({ pages: pages(), perFragment: 10 });
    expect(records).toBe(3);
    // Terms are normalised (`rules` and `Rules` are `rule`): see term-counter.ts.
    const rules = postingsOf(postings.get('rule'));
    // Every record of the page titled "Rules" (its later sections for context), and the page that mentions it.
    expect(rules.map(([p, r]) => [p, r])).toEqual([[0, 0], [0, 1], [1, 0]]);
    // The title outweighs two mentions in the body of another page, and the title as context.
    expect(rules[0][2]).toBeGreaterThan(rules[2][2]);
    expect(rules[0][2]).toBeGreaterThan(rules[1][2]);
    // A heading match outweighs the same word in the body only.
    const food = postingsOf(postings.get('food'));
    expect(food.map(([p, r]) => [p, r])).toEqual([[0, 1]]);
    expect(food[0][2]).toBeGreaterThan(postingsOf(postings.get('health'))[0][2]);
    for (const [, , weight] of [...postings.values()].flatMap(postingsOf)) expect(weight).toBeGreaterThanOrEqual(1);
  });

  it('keeps one posting per section for a term found in several of its chunks, at the best chunk, with where the section starts', () => {
    const long = Array.from({ length: 40 }, (_, i) => `word${i} filler text here`);
    const { postings, fragments } = collectPostings({
      pages: [page('/long', 'Long', [{ blocks: ['Intro.'] }, { anchor: 'a', heading: 'Section', blocks: [...long, 'hazard hazard hazard', ...long, 'hazard'] }])],
      limits: { target: 30, max: 40 }, perFragment: 2,
    });
    const hazard = postingsOf(postings.get('hazard'));
    expect(hazard).toHaveLength(1);
    const [[, record, , start]] = hazard;
    expect(fragments.flatMap((f) => f.fragment.records)[record].text).toContain('hazard hazard hazard');
    expect(start).toBe(1);
    expect(record).toBeGreaterThan(start);
    // Fragment files of at most two records, numbered within the page.
    expect(fragments.map((f) => [f.page, f.n, f.fragment.records.length, f.fragment.url])).toEqual(
      fragments.map((_, n) => [0, n, n < fragments.length - 1 ? 2 : expect.any(Number), '/long']),
    );
  });

  it('empties the caller\'s slots once read with `release`, and leaves them without', () => {
    const kept = pages();
    collectPostings({ pages: kept, perFragment: 10 });
    expect(kept.every(Boolean)).toBe(true);
    const released = pages();
    const { records } = collectPostings({ pages: released, perFragment: 10, release: true });
    expect(records).toBe(3);
    expect(released.every((p) => p === undefined)).toBe(true);
  });
});
