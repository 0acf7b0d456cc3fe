import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from '../../src/util/did-you-mean.ts';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
    ['guide', 'guid', 1],
    ['flaw', 'lawn', 2],
  ])('between %j and %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('didYouMean', () => {
  it('suggests the closest candidate, ignoring case', () => {
    expect(didYouMean('/guid/setup', ['/guide/setup', '/guide/intro', '/blog'])).toBe('/guide/setup');
    expect(didYouMean('QuickStart', ['quickstart', 'rules'])).toBe('quickstart');
  });

  it('keeps the first of equally close candidates', () => {
    expect(didYouMean('cat', ['bat', 'hat'])).toBe('bat');
  });

  it('suggests nothing beyond a third of the input (at least 2 edits), nor without candidates', () => {
    // "ab" → "xy": 2 edits, allowed by the minimum of 2.
    expect(didYouMean('ab', ['xy'])).toBe('xy');
    expect(didYouMean('ab', ['xyz'])).toBeUndefined();
    // 9 characters: up to 3 edits.
    expect(didYouMean('abcdefghi', ['abcdefxyz'])).toBe('abcdefxyz');
    expect(didYouMean('abcdefghi', ['abcdewxyz'])).toBeUndefined();
    expect(didYouMean('anything', [])).toBeUndefined();
  });
});
