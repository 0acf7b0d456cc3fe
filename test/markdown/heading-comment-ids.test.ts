import { describe, expect, it } from 'vitest';
import { renderFor } from './render-for.ts';

// Issue 30 item 5: Docusaurus 3's MDX-safe explicit id, `## Title {/* #id */}`, showed the
// comment as text (and `/*#id*/` as emphasis) with an id made from it.

describe('explicit heading ids in an MDX comment', () => {
  it('takes the id from `{ /*#id*/ }` and shows no comment', async () => {
    const { html, anchors, toc } = await renderFor('## Trimming { /*#trimming*/ }\n\nText.');
    expect(html).toBe('<h2 id="trimming">Trimming<a class="hash-link" href="#trimming" aria-label="Direct link to Trimming">#</a></h2>\n<p>Text.</p>');
    expect(anchors).toEqual(['trimming']);
    expect(toc.map(({ id, html: entry }) => [id, entry])).toEqual([['trimming', 'Trimming']]);
  });

  it('reads the first word after `#`, after inline markup, and in setext headings', async () => {
    const { anchors, html } = await renderFor('### Soot *on* glass {/* #soot more words */}\n\nWick tips {/*#tips*/}\n---');
    expect(anchors).toEqual(['soot', 'tips']);
    expect(html).toContain('<h3 id="soot">Soot <em>on</em> glass<a');
    expect(html).toContain('<h2 id="tips">Wick tips<a');
  });

  it('drops a trailing comment without `#` and keeps the generated id', async () => {
    const { anchors, html } = await renderFor('## Draughts {/* north window */}');
    expect(anchors).toEqual(['draughts']);
    expect(html).not.toContain('north window');
  });

  it('leaves comments in code and in the middle of a heading alone', async () => {
    const { anchors } = await renderFor('## Use `{/* #x */}` here\n\n## Before {/* #y */} after');
    expect(anchors).toEqual(['use--x--here', 'before--y--after']);
  });
});
