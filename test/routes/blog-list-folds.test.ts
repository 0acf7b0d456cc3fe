import { describe, expect, it } from 'vitest';
import { leastPreviewHeight, listFolds } from '../../src/routes/blog-list-folds.ts';
import { NARROW, WIDE } from '../../src/markdown/plugins/rehype-fold.ts';

// The blog list's fold: the first preview that surely starts below the first screen
// (src/routes/blog-list-folds.ts); test/browser/deferred-blocks.test.ts checks the bound against
// the real layout on every list page.

const author = { name: 'Mira Okafor', title: 'Co-founder', url: '', imageUrl: '' };
/** A preview with a 160-character paragraph: at least 2 lines on any screen. */
const post = (extra: Partial<{ authors: typeof author[]; excerptHtml: string | null; truncated: boolean }> = {}) => ({
  authors: [], excerptHtml: `<p>${'word '.repeat(32)}</p>`, truncated: true, ...extra,
});

describe('leastPreviewHeight', () => {
  it('counts the title and meta lines, the excerpt\'s blocks as an article\'s, "Read more", the spacing', () => {
    // 2 × 26 + (2 lines × 26 + 16) + 26 + 60.
    expect(leastPreviewHeight(post(), NARROW)).toBe(206);
    expect(leastPreviewHeight(post({ truncated: false }), NARROW)).toBe(180);
    expect(leastPreviewHeight(post({ authors: [author] }), NARROW)).toBe(246);
  });

  it('counts a code block by its lines, whatever their length (code does not wrap)', () => {
    const code = `<pre><code>${'x'.repeat(400)}\ny</code></pre>`;
    // 2 × 26 + (2 × 22 + 28 + 16) + 60: no "Read more".
    expect(leastPreviewHeight(post({ excerptHtml: code, truncated: false }), WIDE)).toBe(200);
  });

  it('counts an empty excerpt as nothing', () => {
    expect(leastPreviewHeight(post({ excerptHtml: null, truncated: false }), WIDE)).toBe(112);
    expect(leastPreviewHeight(post({ excerptHtml: '', truncated: false }), WIDE)).toBe(112);
  });
});

describe('listFolds', () => {
  it('marks the first preview that surely starts past each column\'s fold', () => {
    // Tops 0, 206, 412, 618, 824, 1030 (≥ 1000 on phones), …, 1442, 1648 (≥ 1500 elsewhere).
    expect(listFolds(Array.from({ length: 10 }, () => post()))).toEqual({ wide: 8, narrow: 5 });
  });

  it('marks none in a list that may fit the first screen', () => {
    expect(listFolds(Array.from({ length: 4 }, () => post()))).toEqual({ wide: -1, narrow: -1 });
    expect(listFolds([])).toEqual({ wide: -1, narrow: -1 });
  });
});
