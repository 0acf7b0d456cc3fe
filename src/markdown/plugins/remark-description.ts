/**
 * The page's default description, as Docusaurus makes it: the text of the first paragraph of
 * prose, for `<meta name="description">`, feeds and category cards, when the front matter gives
 * none. Read from the parsed tree (the page is parsed anyway), so no pattern ever runs over the
 * source: the regular expressions this replaces took minutes on a file of unclosed `[`.
 */
import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** Plain text of the first prose paragraph, set by `remarkDescription`. */
    description: string;
  }
}

/** Blocks whose paragraphs may be the description: admonitions (as in Docusaurus) and MDX elements (`<TabItem>`). */
const containerTypes = new Set(['containerDirective', 'admonitionContent', 'mdxJsxFlowElement']);

/**
 * remark plugin: stores the plain text of the body's first paragraph of prose in
 * `file.data.description`: a top-level paragraph, or one inside an admonition or an MDX element
 * (as Docusaurus, which takes the first line of text wherever it is), not one of a list, quote or
 * table, nor one that starts with an image or raw HTML (a badge row, a `<div>`).
 * Run it after the plugins that replace directives with text (data facts).
 */
export function remarkDescription() {
  return (tree: Root, file: VFile) => {
    file.data.description = firstProse(tree.children as Nodes[]) ?? '';
  };
}

function firstProse(nodes: Nodes[]): string | undefined {
  for (const node of nodes) {
    if (containerTypes.has(node.type) && 'children' in node) {
      const inside = firstProse(node.children as Nodes[]);
      if (inside !== undefined) return inside;
      continue;
    }
    if (node.type !== 'paragraph') continue;
    const first = node.children[0] as Nodes | undefined;
    // An admonition's title line starts with its icon.
    if (!first || ['image', 'imageReference', 'html', 'mdxJsxTextElement', 'admonitionIcon'].includes(first.type)) continue;
    const text = plainText(node).replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return undefined;
}

/** The text a reader sees of `node`: text and code as written, an image as its alt text. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'inlineMath' || node.type === 'html') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if (node.type === 'break') return ' ';
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}
