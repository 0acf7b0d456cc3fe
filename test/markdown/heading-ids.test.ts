import { describe, expect, it } from 'vitest';
import { renderFor } from './render-for.ts';

describe('heading ids and TOC', () => {
  it('adds GitHub-style ids and a hash link to h2–h6', async () => {
    const { html } = await renderFor('# Top\n\n## Head-to-head collisions\n\n##### Five');
    expect(html).toBe(
      '<h1 id="top">Top</h1>\n' +
        '<h2 id="head-to-head-collisions">Head-to-head collisions<a class="hash-link" href="#head-to-head-collisions" aria-label="Direct link to Head-to-head collisions">#</a></h2>\n' +
        '<h5 id="five">Five<a class="hash-link" href="#five" aria-label="Direct link to Five">#</a></h5>',
    );
  });

  it('reads an image in a heading as its alt text: ids, TOC and the rewritten src (ATX and setext)', async () => {
    const resolveAsset = (url: string) => (url === './img/logo.png' ? '/assets/logo.1234abcd.png' : undefined);
    const { html, toc, anchors } = await renderFor(
      '## ![](./img/logo.png)\n\n## ![Snake logo](./img/logo.png) Intro\n\nSetext ![](./img/logo.png)\n---',
      { resolveAsset },
    );
    expect(anchors).toEqual(['heading', 'snake-logo-intro', 'setext']);
    expect(toc.map(({ id, html: entry }) => [id, entry])).toEqual([['heading', 'heading'], ['snake-logo-intro', 'Snake logo Intro'], ['setext', 'Setext ']]);
    expect(html).not.toContain('./img/logo.png');
    expect(html).toContain('<h2 id="snake-logo-intro"><img src="/assets/logo.1234abcd.png" alt="Snake logo"');
    expect(html).toContain('aria-label="Direct link to Snake logo Intro"');
  });

  it('numbers duplicates and keeps unicode', async () => {
    const { anchors } = await renderFor('## Intro\n\n## Intro\n\n## Intro\n\n## Über uns × 11/11. Größe\n\n## 11×11 boards');
    expect(anchors).toEqual(['intro', 'intro-1', 'intro-2', 'über-uns--1111-größe', '1111-boards']);
  });

  it('uses an explicit {#custom-id}, removes it from the text, and keeps generated ids clear of it', async () => {
    const { html, toc } = await renderFor('## Intro\n\n## Custom *one* {#intro}\n\n## Plain `code` {#code-id}');
    expect(html).toContain('<h2 id="intro-1">Intro<a class="hash-link" href="#intro-1"');
    expect(html).toContain('<h2 id="intro">Custom <em>one</em><a class="hash-link" href="#intro" aria-label="Direct link to Custom one">#</a></h2>');
    expect(html).toContain('<h2 id="code-id">Plain <code>code</code><a');
    expect(toc.map(({ id }) => id)).toEqual(['intro-1', 'intro', 'code-id']);
  });

  const levels = '## Two\n\n### Three\n\n#### Four `x` [link](/rules)\n\n##### Five';

  it('collects h2–h3 by default, with inline markup kept and links unwrapped', async () => {
    const { toc } = await renderFor(`# One\n\n## Two *em*\n\n${levels}`);
    expect(toc).toEqual([
      { depth: 2, id: 'two-em', html: 'Two <em>em</em>' },
      { depth: 2, id: 'two', html: 'Two' },
      { depth: 3, id: 'three', html: 'Three' },
    ]);
  });

  it('takes other levels per page (front matter) or per site', async () => {
    const expected = [
      { depth: 2, id: 'two', html: 'Two' },
      { depth: 3, id: 'three', html: 'Three' },
      { depth: 4, id: 'four-x-link', html: 'Four <code>x</code> link' },
    ];
    expect((await renderFor(levels, { tocMinLevel: 2, tocMaxLevel: 4 })).toc).toEqual(expected);
    expect((await renderFor(levels, { tocMinLevel: 3, tocMaxLevel: 3 })).toc).toEqual([expected[1]]);
  });

  it('leaves the footnotes heading out of the TOC and keeps its id', async () => {
    const { toc, anchors } = await renderFor('## Body\n\nText[^1].\n\n[^1]: Note.');
    expect(toc).toEqual([{ depth: 2, id: 'body', html: 'Body' }]);
    expect(anchors).toEqual(['body', 'user-content-fnref-1', 'footnote-label', 'user-content-fn-1']);
  });
});
