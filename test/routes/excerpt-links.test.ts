import { describe, expect, it } from 'vitest';
import { anchorLinksTo } from '../../src/routes/plan-pages.ts';

describe('anchorLinksTo', () => {
  it('points in-page links of an excerpt at its post, and leaves other links alone', () => {
    const html = '<h2 id="rules">Rules<a class="hash-link" href="#rules" aria-label="Link to Rules">#</a></h2>'
      + '<p>See <a href="#scoring">scoring</a>, <a href="/rules#food">food</a> and <a href="https://example.com/#x">x</a>.</p>';
    expect(anchorLinksTo('/blog/2023/01/02/season', html)).toBe(
      '<h2 id="rules">Rules<a class="hash-link" href="/blog/2023/01/02/season#rules" aria-label="Link to Rules">#</a></h2>'
      + '<p>See <a href="/blog/2023/01/02/season#scoring">scoring</a>, <a href="/rules#food">food</a> and <a href="https://example.com/#x">x</a>.</p>',
    );
  });
});
