import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from '../visit.ts';

/**
 * ```` ```mermaid ```` code blocks as diagrams (`markdown.mermaid`, Docusaurus's
 * `@docusaurus/theme-mermaid`): each becomes a figure holding its source, which the page's
 * mermaid script (theme/client/mermaid.ts) draws as an SVG in the reader's colour mode. Without
 * script, or until it has run, the source shows as text.
 */
export function rehypeMermaid() {
  return (tree: Root) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || index === undefined || !parent) return undefined;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      const classes = code?.properties.className;
      if (!code || !Array.isArray(classes) || !classes.includes('language-mermaid')) return SKIP;
      const source = toString(code).replace(/\n$/, '');
      parent.children[index] = {
        type: 'element', tagName: 'div',
        properties: { className: ['mermaid-diagram'], dataMermaid: '' },
        children: [{ type: 'element', tagName: 'pre', properties: { className: ['mermaid-source'], tabIndex: 0 }, children: [{ type: 'text', value: source }] }],
      };
      return SKIP;
    });
  };
}
