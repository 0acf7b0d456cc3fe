import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/links/extract-links.ts';
import { renderFor } from '../markdown/render-for.ts';

// Issue 13: links written inside code (a fenced block in any language, inline code) are text a
// reader cannot click, so the build must not check them.

const markdown = [
  'See [the rules](/rules#food) and ![a map](/img/map.png).',
  '',
  '```html',
  '<link href="style.css" rel="stylesheet">',
  '<a href="/from-html-block">x</a>',
  '```',
  '',
  '```text',
  '<a href="/from-text-block">plain</a> <img src="/plain.png">',
  '```',
  '',
  '```jsx',
  '// <a href="/from-a-comment">',
  'const link = <a href="/from-jsx">Go</a>;',
  '```',
  '',
  'Inline: `<a href="/from-inline-code">` and `<script src="/inline.js">`.',
  '',
  '## Food {#food}',
].join('\n');

describe('extractLinks', () => {
  it('takes only the real links, images and ids of a page, never text inside code', async () => {
    const { html } = await renderFor(markdown);
    const page = `<!doctype html><html><head><link rel="stylesheet" href="/assets/site.css"></head><body>
<nav><a href="/">Home</a></nav><main id="main-content">${html}</main>
<script type="application/json" id="__sitegen">{"page":{"route":"/x","href":"/in-json"}}</script></body></html>`;
    const { hrefs, ids } = extractLinks(page);
    expect(hrefs).toEqual(['/assets/site.css', '/', '/rules#food', '/img/map.png', '#food']);
    expect(ids).toEqual(['main-content', 'food']);
  });

  it('decodes entities in attribute values', () => {
    expect(extractLinks('<a href="/search?q=a&amp;b=&quot;c&quot;" id="x&#39;y">s</a>')).toEqual({ hrefs: ['/search?q=a&b="c"'], ids: ["x'y"] });
  });
});
