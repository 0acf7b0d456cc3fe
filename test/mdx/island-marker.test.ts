import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandKey } from '../../src/mdx/island-key.ts';
import { islandMarker } from '../../src/mdx/island-marker.ts';

// Which of a page's island candidates become islands, as the server renders them.
describe('islandMarker', () => {
  it('wraps the live candidates in <sitegen-island data-island="<key>:<n>"> and returns the others unchanged', () => {
    const mark = islandMarker({ key: 'abc', live: new Set([1]) });
    const dead = createElement('b', null, 'static');
    expect(mark(0, dead)).toBe(dead);
    expect(renderToString(mark(1, createElement('button', null, 'live')))).toBe('<sitegen-island data-island="abc:1"><button>live</button></sitegen-island>');
  });
});

describe('islandKey', () => {
  it('is a short hex key, the same for the same file and different for another', () => {
    const key = islandKey('content/docs/counter.mdx');
    expect(key).toMatch(/^[0-9a-f]{10}$/);
    expect(islandKey('content/docs/counter.mdx')).toBe(key);
    expect(islandKey('content/docs/counter.md')).not.toBe(key);
  });
});
