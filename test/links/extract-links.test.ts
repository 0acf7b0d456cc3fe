import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/links/extract-links.ts';
import { renderFor } from '../markdown/render-for.ts';
import { referenceLinks } from './reference-links.ts';

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

  it('finishes on a tag raw HTML left open, at the end of the text (the pattern backtracked exponentially)', () => {
    // 24 characters took 3 s before the run of plain characters was made atomic; 1 MB now.
    expect(extractLinks(`<p>a</p><div ${'x'.repeat(1_000_000)}"`)).toEqual({ hrefs: [], ids: [] });
    expect(extractLinks(`<a href="/x">x</a><div ${'y '.repeat(50_000)}'`).hrefs).toEqual(['/x']);
  });

  it('decodes entities in attribute values', () => {
    expect(extractLinks('<a href="/search?q=a&amp;b=&quot;c&quot;" id="x&#39;y">s</a>')).toEqual({ hrefs: ['/search?q=a&b="c"'], ids: ["x'y"] });
  });

  it('reads what a full HTML parser reads, on the markup a page can hold', () => {
    const cases = [
      // Escaped tags in text, a comment, CDATA, a doctype and a processing instruction are not elements.
      '<!DOCTYPE html><p>&lt;a href="/text">x</a> <!-- <a href="/comment"> --> <![CDATA[ <a href="/cdata"> ]]> <?pi <a href="/pi"> ?></p>',
      // Raw-text elements: their content is never markup; a self-closing one has none.
      '<script>document.write(\'<a href="/in-script">\')</script><style>a[href="/in-style"]{}</style><title><a href="/t"></title><textarea><img src="/ta.png"></textarea><script src="/real.js"/><a href="/after">',
      '<SCRIPT SRC="/upper.js"></SCRIPT><a HREF = "/upper" ID=Top>x</a>',
      // Quotes of every kind, `>` inside a value, attributes without spaces between them, repeats.
      '<a title="a > b" href=\'/single\' id=bare>x</a><a href="/one"id="two">y</a><a href="/first" href="/second">z</a>',
      '<img alt="href=/not-a-link" src="/img.png"><a data-id="no" data-href="no">n</a><svg><use href="#icon"/></svg>',
      // Entities, with and without their semicolon, as attribute values decode them.
      '<a href="/q?a=1&amp;b=2&copy=3&lt;x" id="&quot;q&#x27;">e</a><a href=/bare&amp;x>f</a>',
      '<br/><input id="in" /><a href="/x"/>',
      '<p>text</p><script type="application/json" id="__sitegen">{"href":"/json"}</script><a href="/after-data">',
    ];
    for (const html of cases) expect(extractLinks(html), html).toEqual(referenceLinks(html));
  });
});
