import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../src/markdown/create-markdown-renderer.ts';
import { formatDiagnostics, renderFor } from './render-for.ts';

describe('createMarkdownRenderer', () => {
  it('returns the whole result for a small page', async () => {
    const result = await renderFor('Intro with [rules](/rules#food).\n\n## Food\n\nEat it.', { lineOffset: 4 });
    expect(result).toEqual({
      html:
        '<p>Intro with <a href="/rules#food">rules</a>.</p>\n' +
        '<h2 id="food">Food<a class="hash-link" href="#food" aria-label="Direct link to Food">#</a></h2>\n' +
        '<p>Eat it.</p>',
      excerptHtml: undefined,
      toc: [{ depth: 2, id: 'food', html: 'Food' }],
      anchors: ['food'],
      links: [{ url: '/rules#food', raw: '/rules#food', line: 5, column: 12, kind: 'link' }],
      wordCount: 6,
      description: 'Intro with rules.',
      diagnostics: [],
    });
  });

  it('renders KaTeX for inline and display math', async () => {
    const { html } = await renderFor('Rating is $\\mu - 3\\sigma$.\n\n$$\nx^2\n$$');
    expect(html).toMatch(/^<p>Rating is <span class="katex"><span class="katex-mathml"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><mi>μ<\/mi><mo>−<\/mo><mn>3<\/mn><mi>σ<\/mi><\/mrow><annotation encoding="application\/x-tex">\\mu - 3\\sigma<\/annotation>/);
    // A display formula scrolls sideways where it is wider than the column: keyboard-reachable.
    expect(html).toContain('<span class="katex-display" tabindex="0"><span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html.match(/tabindex/g)).toHaveLength(1);
  });

  it('reads dollars as dollars when math is off (markdown.math, off by default)', async () => {
    const render = await createMarkdownRenderer();
    try {
      const { html, diagnostics } = await render({ source: 'It costs $5 today and $10 tomorrow.\n\n$$\nx^2\n$$', file: 'content/docs/page.md', lineOffset: 0 });
      expect(html).toBe('<p>It costs $5 today and $10 tomorrow.</p>\n<p>$$\nx^2\n$$</p>');
      expect(diagnostics).toEqual([]);
    } finally {
      await render.close();
    }
    const { html } = await renderFor('It costs $5 today and $10 tomorrow.');
    expect(html).toContain('class="katex"');
  });

  it('reports math KaTeX cannot parse', async () => {
    const result = await renderFor('Intro.\n\nBad $\\frac{1$ math.', { lineOffset: 3 });
    expect(formatDiagnostics(result)).toEqual([
      "content/docs/page.md:6:5  warning  Cannot render math with KaTeX: KaTeX parse error: Unexpected end of input in a macro argument, expected '}' at end of input: \\frac{1  markdown/math",
    ]);
    expect(result.html).toContain('<span class="katex-error"');
  });

  it('supports GFM tables, task lists, strikethrough and footnotes, and passes raw HTML through', async () => {
    const { html } = await renderFor('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ and a note[^n].\n\n<kbd>Ctrl</kbd>\n\n[^n]: The note.');
    expect(html).toContain('<table tabindex="0" data-rows="">\n<thead>\n<tr>\n<th>a</th>');
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled aria-label="Done"> done</li>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    expect(html).toContain('<section data-footnotes class="footnotes">');
  });

  it('counts words of prose only', async () => {
    const source = '# Title here\n\nOne *two* three — four.\n\n```js\nnot counted\n```\n\n$$\nx = 1\n$$\n\n<div>raw</div>\n\n| five | six |\n|---|---|';
    expect((await renderFor(source)).wordCount).toBe(8);
  });

  it('starts every page afresh: slugs, board ids and diagnostics do not leak between pages', async () => {
    const board = '```board\ntitle: T\ndescription: D\n\nA\n```';
    await renderFor(`## Intro\n\n${board}\n\n[x](./gone.md)`, { resolveLink: () => undefined });
    const second = await renderFor(`## Intro\n\n${board}`);
    expect(second.anchors).toEqual(['intro', 'board-1-t', 'board-1-d', 'board-1-hazard', 'board-1-cell']);
    expect(second.diagnostics).toEqual([]);
  });

  it('takes site-wide TOC levels and user plugins', async () => {
    const shout = () => (tree: Root) => {
      for (const node of tree.children) if (node.type === 'paragraph' && node.children[0]?.type === 'text') node.children[0].value = node.children[0].value.toUpperCase();
    };
    const render = await createMarkdownRenderer({ tocMinLevel: 3, tocMaxLevel: 4, plugins: { remarkPlugins: [shout] } });
    const result = await render({ source: 'quiet\n\n## Two\n\n### Three\n\n#### Four', file: 'content/docs/x.md', lineOffset: 0 });
    expect(result.html).toMatch(/^<p>QUIET<\/p>/);
    expect(result.toc.map(({ depth }) => depth)).toEqual([3, 4]);
  });
});

describe('tables', () => {
  it('are focusable so their horizontal scroll works from the keyboard', async () => {
    const render = await createMarkdownRenderer();
    const { html } = await render({ source: '| a | b |\n|---|---|\n| 1 | 2 |\n', file: 'x.md', lineOffset: 0 });
    expect(html).toContain('<table tabindex="0" data-rows="">');
  });

  it('mark their last cell, so that a table still arriving over a slow link can stay hidden', async () => {
    const { html } = await renderFor('| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n');
    expect(html).toContain('<td data-label="a">3</td>\n<td data-label="b" data-last="">4</td>');
    expect(html.match(/data-last/g)).toHaveLength(1);
    // A table of one header row ends with that row.
    const headerOnly = await renderFor('| a | b |\n|---|---|\n');
    expect(headerOnly.html).toContain('<th>b</th>'.replace('>b', ' data-last="">b'));
  });

  it('mark long inline code in a cell as a value that may wrap, and leave short tokens whole', async () => {
    const { html } = await renderFor('| a | b |\n|---|---|\n| `POST /start` | `{"x": 2, "y": 8}, {"x": 3, "y": 8}` |\n');
    expect(html).toContain('<code>POST /start</code>');
    expect(html).toContain('<code data-wrap="">{"x": 2, "y": 8}, {"x": 3, "y": 8}</code>');
  });

  it('label each body cell with its column header, for the stacked layout on phones', async () => {
    const { html } = await renderFor('| Field | `Type` |\n|---|---|\n| `turn` | integer |\n| `you` |\n');
    expect(html).toContain('<tr>\n<td data-label="Field"><code>turn</code></td>\n<td data-label="Type">integer</td>\n</tr>');
    // A row with fewer cells than the header: GFM fills it with an empty cell, labelled too.
    expect(html).toContain('<td data-label="Field"><code>you</code></td>\n<td data-label="Type" data-last=""></td>');
  });
});

describe('task lists', () => {
  it('label their checkboxes', async () => {
    const render = await createMarkdownRenderer();
    const { html } = await render({ source: '- [x] done\n- [ ] open\n', file: 'x.md', lineOffset: 0 });
    expect(html).toContain('aria-label="Done"');
    expect(html).toContain('aria-label="Not done"');
  });
});
