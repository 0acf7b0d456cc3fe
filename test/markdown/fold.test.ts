import { readFileSync } from 'node:fs';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { FOLD_PX, leastHeight, markFold, NARROW, NARROW_FOLD_PX, NARROW_PX } from '../../src/markdown/plugins/rehype-fold.ts';
import { renderFor } from './render-for.ts';

// Issue 29 › 9: the article's first block that surely starts below the first screen is marked
// `fold`; the theme defers the style and layout of the blocks from it on. The estimate must stay
// a lower bound (test/browser/deferred-blocks.test.ts measures it on every page of the site).

/** The top-level elements of an HTML fragment. */
function blocks(html: string): Element[] {
  return fromHtml(html, { fragment: true }).children.filter((c): c is Element => c.type === 'element');
}

const height = (html: string) => leastHeight(blocks(html)[0]!);

describe('least height of a block', () => {
  it('counts lines of text at 130 characters, code lines, table rows and list items', () => {
    expect(height(`<p>${'word '.repeat(26)}</p>`)).toBe(26 + 16);
    expect(height(`<p>${'word '.repeat(27)}</p>`)).toBe(2 * 26 + 16);
    expect(height('<pre><code>a\nb\nc\n</code></pre>')).toBe(3 * 22 + 28 + 16);
    expect(height('<div class="code-block"><div class="code-block-title">a.js</div><pre><code>a\nb</code></pre></div>')).toBe(2 * 22 + 28 + 16 + 30);
    expect(height('<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>')).toBe(3 * 38 + 16);
    expect(height('<ul><li>a</li><li>b</li><li></li></ul>')).toBe(3 * 26 + 16);
    expect(height('<aside class="admonition"><p>Note</p><p>Careful.</p></aside>')).toBe(26 + 24 + 16);
    expect(height('<h2>Title</h2>')).toBe(26);
  });

  it('counts 80 characters a line on a phone, and a table of three columns as a card per row, a line per cell', () => {
    const narrow = (html: string) => leastHeight(blocks(html)[0]!, NARROW);
    expect(narrow(`<p>${'word '.repeat(16)}</p>`)).toBe(26 + 16);
    expect(narrow(`<p>${'word '.repeat(17)}</p>`)).toBe(2 * 26 + 16);
    const table = (cards: boolean) => `<table${cards ? ' data-cards' : ''}><thead><tr><th>a</th><th>b</th><th>c</th></tr></thead><tbody><tr><td>1</td><td>2</td><td>3</td></tr><tr><td>4</td><td>5</td><td>6</td></tr></tbody></table>`;
    expect(narrow(table(true))).toBe(2 * (3 * 30 + 12) + 16);
    // Two columns stay a table on a phone; in the wide column every table is one.
    expect(narrow(table(false))).toBe(3 * 38 + 16);
    expect(height(table(true))).toBe(3 * 38 + 16);
  });

  it('counts only text a reader sees', () => {
    // KaTeX writes each formula twice (MathML for screen readers, HTML drawn): only the drawn one counts.
    const formula = '<span class="katex"><span class="katex-mathml"><math><annotation>' + 'x'.repeat(300) + '</annotation></math></span><span class="katex-html">x</span></span>';
    expect(height(`<p>${formula}</p>`)).toBe(26 + 16);
    expect(height(`<p>Visible<span class="sr-only">${'hidden '.repeat(40)}</span></p>`)).toBe(26 + 16);
    expect(height(`<p hidden>${'a '.repeat(200)}</p>`)).toBe(0);
    // A closed disclosure shows its summary only; an open one all of it.
    expect(height(`<details><summary>More</summary><p>${'a '.repeat(200)}</p></details>`)).toBe(26);
    expect(height(`<details open><summary>More</summary><p>${'a '.repeat(200)}</p></details>`)).toBe(Math.ceil(404 / 130) * 26);
  });

  it('counts what it cannot read as nothing, and an empty paragraph too (its margins collapse)', () => {
    expect(height('<figure><img src="a.png" alt=""></figure>')).toBe(0);
    expect(height('<div class="my-widget">text text text</div>')).toBe(0);
    expect(height('<p><img src="a.png" alt="A chart"></p>')).toBe(0);
  });
});

describe('the fold', () => {
  it('marks the first block whose estimated top is at least FOLD_PX, keeping its classes', () => {
    // Each paragraph: 3 lines and its margin, 94 px; the 16th starts at 1,410, the 17th at 1,504.
    const paragraph = `<p>${'words '.repeat(60)}</p>`;
    const tree = blocks(`${paragraph.repeat(16)}<p class="note">${'x '.repeat(10)}</p>${paragraph}`);
    expect(markFold(tree)).toBe(16);
    expect(tree[16]!.properties.className).toEqual(['note', 'fold']);
    expect(tree.filter((b) => b.properties.className?.toString().includes('fold'))).toHaveLength(1);
  });

  it('marks nothing on a page shorter than that', () => {
    const tree = blocks('<h1>Short</h1><p>One paragraph.</p>'.repeat(5));
    expect(markFold(tree)).toBe(-1);
  });

  it('is in the rendered HTML of a long page, and not of a short one', async () => {
    const long = await renderFor(Array.from({ length: 30 }, (_, i) => `## Part ${i}\n\n${'A sentence of the article. '.repeat(12)}\n`).join('\n'));
    expect(long.html.match(/class="fold"/g)).toHaveLength(1);
    // On a phone the same text is taller: its fold comes earlier.
    const narrow = long.html.indexOf('class="fold-narrow"');
    expect(narrow).toBeGreaterThan(0);
    expect(narrow).toBeLessThan(long.html.indexOf('class="fold"'));
    expect((await renderFor('# Short\n\nOne paragraph.\n')).html).not.toContain('fold');
  });

  it('is the height the theme defers from: the stylesheet defers on screens up to FOLD_PX tall', () => {
    const css = readFileSync(new URL('../../theme/css/markdown.css', import.meta.url), 'utf8');
    const query = css.match(/@media screen and \(max-height: (\d+)px\) \{\s*\[data-drawing\] \.markdown > :is\(\.fold, \.fold ~ :is\(/);
    expect(query?.[1]).toBe(String(FOLD_PX));
    const narrow = css.match(/@media screen and \(max-width: (\d+)px\) and \(max-height: (\d+)px\) \{\s*\[data-drawing\] \.markdown > :is\(\.fold-narrow, \.fold-narrow ~ :is\(/);
    expect(narrow?.slice(1)).toEqual([String(NARROW_PX), String(NARROW_FOLD_PX)]);
    // Tables are cards on every screen the narrow fold is for.
    const cards = css.match(/@media screen and \(max-width: (\d+)px\) \{\n  \.markdown table\[data-cards\]/);
    expect(Number(cards?.[1])).toBeGreaterThanOrEqual(NARROW_PX);
  });
});
