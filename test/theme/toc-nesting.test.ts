import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { nestToc, TableOfContents } from '../../theme/docs/toc.tsx';

const item = (depth: number, id: string) => ({ depth, id, html: id });
const shape = (nodes: ReturnType<typeof nestToc>): unknown[] => nodes.map((n) => (n.children.length ? [n.item.id, shape(n.children)] : n.item.id));

describe('table of contents', () => {
  it('nests each heading under the one before it at a lower depth', () => {
    expect(shape(nestToc([item(2, 'a'), item(3, 'a1'), item(3, 'a2'), item(4, 'a2x'), item(2, 'b'), item(4, 'b-deep'), item(3, 'b1')])))
      .toEqual([['a', ['a1', ['a2', ['a2x']]]], ['b', ['b-deep', 'b1']]]);
  });

  it('starts a heading deeper than any before it at the top', () => {
    expect(shape(nestToc([item(3, 'early'), item(2, 'a'), item(3, 'a1')]))).toEqual(['early', ['a', ['a1']]]);
    expect(nestToc([])).toEqual([]);
  });

  it('renders nested lists whose links have no class of their own', () => {
    const html = renderToStaticMarkup(createElement(TableOfContents, { items: [item(2, 'a'), item(3, 'a1'), item(2, 'b')], variant: 'desktop' }));
    expect(html).toContain('<ul class="toc-list"><li><a href="#a">a</a><ul><li><a href="#a1">a1</a></li></ul></li><li><a href="#b">b</a></li></ul>');
  });
});
