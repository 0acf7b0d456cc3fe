import { beforeAll, describe, expect, it } from 'vitest';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Element, Root } from 'hast';
import type { BuildResult } from '../../src/build/build-site.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture } from '../helpers/copy-fixture.ts';
import { fixture } from '../helpers/helpers.ts';

// Issue #38 › 1: one content pipeline. A page of every feature (admonitions, math, code titles,
// line highlights, magic comments and line numbers, heading ids `{#id}` and `{/* #id */}`,
// `.md` links, images with captions, tables, data directives, task lists, cards, board
// diagrams, footnotes) built as Markdown and as MDX gives the same HTML.

/** The article of a built page (its `.markdown` block), as hast serializes it. */
function article(html: string): string {
  const tree: Root = fromHtml(html);
  let found: Element | undefined;
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (found || child.type !== 'element') continue;
      if (child.tagName === 'div' && (child.properties.className as string[] | undefined)?.includes('markdown')) found = child;
      else walk(child);
    }
  };
  walk(tree);
  if (!found) throw new Error('no article in the page');
  return toHtml(found);
}

let markdown: { html: string; result: BuildResult };
let mdx: { html: string; result: BuildResult };

beforeAll(async () => {
  const md = await buildInMemory(fixture('parity-site'));
  markdown = { html: md.out.text('features.html')!, result: md.result };
  const copy = copyFixture('parity-site');
  try {
    copy.write('site.config.ts', copy.read('site.config.ts').replace("markdown: { math: true }", "markdown: { math: true, format: 'mdx' }"));
    const built = await buildInMemory(copy.root);
    mdx = { html: built.out.text('features.html')!, result: built.result };
  } finally {
    copy.cleanup();
  }
});

describe('one content pipeline for Markdown and MDX', () => {
  it('built each format as itself: Markdown reports the MDX comment, MDX reads it', () => {
    expect(markdown.result.diagnostics.map((d) => d.ruleId)).toEqual(['markdown/mdx-syntax']);
    expect(mdx.result.diagnostics).toEqual([]);
  });

  it('gives the same HTML for every feature', () => {
    const md = article(markdown.html);
    // Each feature is there (a page that lost one would still be "equal" to another that did).
    for (const sign of [
      'id="custom-id"', 'id="comment-id"', 'admonition-tip', 'admonition-warning', 'server.js</div>', 'line highlighted',
      'line-numbers', 'class="katex"', 'katex-display" tabindex="0"', '<table', '<code>standard</code>', 'type="checkbox"',
      '<figcaption>A caption</figcaption>', 'class="cards"', '<svg', 'data-footnotes', 'href="/other#a-section"', '500 ms',
    ]) expect(md, sign).toContain(sign);
    expect(article(mdx.html)).toBe(md);
  });
});
