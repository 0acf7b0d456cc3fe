import type { Root } from 'hast';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { rehypeStaticHtml, restoreStaticHtml } from '../../src/mdx/rehype-static-html.ts';

// An MDX page's top-level blocks without JSX become HTML kept aside and a placeholder in the
// program; the HTML goes back in place of each placeholder after React renders.

const el = (tagName: string, text: string) => ({ type: 'element' as const, tagName, properties: {}, children: [{ type: 'text' as const, value: text }] });

function tree(): Root {
  return {
    type: 'root',
    children: [
      el('h2', 'Rules'),
      { type: 'text', value: '\n' },
      { ...el('p', 'Hi '), children: [{ type: 'text', value: 'Hi ' }, { type: 'mdxJsxTextElement', name: 'Badge', attributes: [], children: [] } as never] },
      { type: 'element', tagName: 'pre', properties: { className: ['shiki'] }, children: [{ type: 'text', value: '<&>' }] },
    ],
  };
}

describe('rehypeStaticHtml', () => {
  it('replaces each top-level element without MDX by a numbered placeholder and keeps its HTML', () => {
    const root = tree();
    const file = new VFile({ data: { mdxStatic: [], mdxStaticNonce: 'sgN' } });
    rehypeStaticHtml()(root, file);
    expect(file.data.mdxStatic).toEqual(['<h2>Rules</h2>', '<pre class="shiki">&#x3C;&#x26;></pre>']);
    expect(root.children.map((c) => (c.type === 'text' ? c.value : c.type === 'element' ? c.tagName : c.type))).toEqual(['sgN0x', '\n', 'p', 'sgN1x']);
  });

  it('leaves the tree alone when the caller keeps no statics (partials)', () => {
    const root = tree();
    rehypeStaticHtml()(root, new VFile());
    expect(root).toEqual(tree());
  });
});

describe('restoreStaticHtml', () => {
  it('puts each block back, with the text separators React wrote around the placeholder', () => {
    const html = '<!-- -->sgN1x<!-- --><p>Hi <b>x</b></p>sgN0x';
    expect(restoreStaticHtml(html, { nonce: 'sgN', html: ['<h2>A</h2>', '<pre>b</pre>'] })).toBe('<pre>b</pre><p>Hi <b>x</b></p><h2>A</h2>');
  });

  it('returns the page as it is when it kept no blocks', () => {
    expect(restoreStaticHtml('sgN0x', { nonce: 'sgN', html: [] })).toBe('sgN0x');
  });
});
