import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings } from '../../src/search/index-format.ts';
import { createSnippet } from '../../theme/search/snippet.ts';
import { inflect, matchesTerm, parseQuery, splitWords, stemWord, termOf, tokenize } from '../../src/search/tokenize.ts';

describe('tokenize', () => {
  it('lowercases, strips diacritics, stems plurals and drops stop words and lone letters', () => {
    expect(tokenize('The Snakes’ café: hazards, bodies & a status').map((t) => t.term))
      .toEqual(['snake', 'cafe', 'hazard', 'body', 'status']);
  });

  it('keeps the spans of the original words', () => {
    const text = 'Héad-to-head';
    expect(tokenize(text).map((t) => text.slice(t.start, t.end))).toEqual(['Héad', 'head']);
  });

  it('gives the same terms on the indexer fast path', () => {
    const text = 'Moves, RULES and 11×11 boards; x y2';
    expect(splitWords(text).map(termOf).filter(Boolean)).toEqual(tokenize(text).map((t) => t.term));
  });

  it('splits a number from the unit glued to it, as in `500ms`', () => {
    expect(tokenize('500ms or 500 ms, h2 and x86').map((t) => t.term)).toEqual(['500', 'ms', '500', 'ms', 'h2', 'x86']);
    expect(parseQuery('timeout 500ms').map((t) => t.term)).toEqual(['timeout', '500', 'ms']);
  });

  it('stems only plurals and leaves short words, -is/-us/-ss endings and numbers alone', () => {
    expect(['moves', 'class', 'bus', 'ids', 'axis', 'queries', '1990s'].map(stemWord))
      .toEqual(['move', 'class', 'bus', 'ids', 'axis', 'query', '1990s']);
  });
});

describe('parseQuery', () => {
  it('treats the last word as a prefix and drops stop words elsewhere', () => {
    expect(parseQuery('how do the snakes coll')).toEqual([
      { norm: 'snakes', term: 'snake', prefix: false, forms: ['snaking', 'snaked'] },
      { norm: 'coll', term: 'coll', prefix: true, forms: ['colling', 'colled'] },
    ]);
  });

  it('drops a lone last letter after other words but keeps a single-letter query', () => {
    expect(parseQuery('food s').map((t) => t.term)).toEqual(['food']);
    expect(parseQuery('s')).toEqual([{ norm: 's', term: 's', prefix: true, forms: [] }]);
  });

  it('matches exact stems, and completions only for the prefix', () => {
    const [exact, prefix] = parseQuery('hazards collis');
    expect(matchesTerm('hazard', exact)).toBe(true);
    expect(matchesTerm('hazardous', exact)).toBe(false);
    expect(matchesTerm('collision', prefix)).toBe(true);
    expect(matchesTerm('move', parseQuery('moves')[0])).toBe(true);
  });

  it('matches -ing and -ed forms both ways, without stemming the index', () => {
    expect(inflect('reporting')).toEqual(['report', 'reporte', 'report']);
    expect(inflect('stopped')).toEqual(['stopp', 'stoppe', 'stop']);
    expect(inflect('move')).toEqual(['moving', 'moved']);
    expect(inflect('need')).toEqual(['needing', 'needed']);
    expect(inflect('2xx')).toEqual([]);
    const [reporting, stacks] = parseQuery('reporting stacks');
    expect(matchesTerm('report', reporting)).toBe(true);
    expect(matchesTerm('stacked', stacks)).toBe(true);
    expect(matchesTerm('stacking', stacks)).toBe(true);
  });
});

describe('postings', () => {
  it('round-trips pages, records and weights', () => {
    const flat = [0, 0, 12, 0, 3, 63, 7, 1, 1, 40_000, 70, 5];
    const out: number[] = [];
    decodePostings(encodePostings(flat), (page, record, weight) => out.push(page, record, weight));
    expect(out).toEqual(flat);
  });

  it('round-trips where the section of each posting starts', () => {
    const flat = [0, 0, 12, 0, 3, 63, 0, 40, 9, 7, 1, 1];
    const sections: number[] = [];
    decodePostings(encodePostings(flat, [0, 2, 37, 0]), (_page, _record, _weight, section) => sections.push(section));
    expect(sections).toEqual([0, 1, 3, 1]);
  });
});

describe('createSnippet', () => {
  it('marks the matched words in a window around the best match', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const text = `${filler} two heads collide head-on. ${filler}`;
    const parts = createSnippet({ text, terms: parseQuery('head collision coll'), words: 10 });
    expect(parts).toEqual([
      { text: '… w37 w38 w39 two ', mark: false },
      { text: 'heads', mark: true },
      { text: ' ', mark: false },
      { text: 'collide', mark: true },
      { text: ' ', mark: false },
      { text: 'head', mark: true },
      { text: '-on. w0 w1 w2 …', mark: false },
    ]);
  });

  it('shows the opening words when nothing matches', () => {
    expect(createSnippet({ text: 'a b c', terms: parseQuery('zzz') })).toEqual([{ text: 'a b c', mark: false }]);
    expect(createSnippet({ text: '', terms: parseQuery('zzz') })).toEqual([]);
  });
});
