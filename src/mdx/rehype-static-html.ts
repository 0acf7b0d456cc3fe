/**
 * rehype plugin, last before MDX turns the tree into JavaScript: each top-level element that
 * holds no JSX or expression (a paragraph, a highlighted code block, a table, a formula, a
 * heading with its id) becomes its HTML, kept aside, and a placeholder text in the tree. The
 * page's program then holds one string per such block instead of a call per `<span>` of
 * highlighted code, which MDX, esbuild and React would otherwise each walk: on a synthetic
 * corpus, most of an MDX page's cost. `restoreStaticHtml` puts the HTML back after React renders.
 *
 * Only pages and excerpts do this (`file.data.mdxStatic` set to `[]` by the caller): a partial's
 * program is bundled into its importers, where its placeholders would have no HTML to go back to.
 */
import type { Element, Root, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { VFile } from 'vfile';

declare module 'vfile' {
  interface DataMap {
    /** The HTML of the page's static blocks, by placeholder number; the placeholders' prefix. */
    mdxStatic: string[];
    mdxStaticNonce: string;
  }
}

/** See the module comment. */
export function rehypeStaticHtml() {
  return (tree: Root, file: VFile) => {
    const statics = file.data.mdxStatic;
    const nonce = file.data.mdxStaticNonce;
    if (!statics || !nonce) return;
    tree.children = tree.children.map((node): RootContent => {
      if (node.type !== 'element' || hasMdx(node)) return node;
      statics.push(toHtml(node, { allowDangerousHtml: true }));
      return { type: 'text', value: `${nonce}${statics.length - 1}x` };
    });
  };
}

/** The rendered page with each placeholder replaced by its HTML (and React's text separators around it dropped). */
export function restoreStaticHtml(html: string, statics: { nonce: string; html: string[] }): string {
  if (!statics.html.length) return html;
  const placeholderRE = new RegExp(`(?:<!-- -->)?${statics.nonce}(\\d+)x(?:<!-- -->)?`, 'g');
  return html.replace(placeholderRE, (_, i: string) => statics.html[Number(i)]);
}

function hasMdx(node: Element | RootContent): boolean {
  if (node.type.startsWith('mdx')) return true;
  return 'children' in node && (node.children as RootContent[]).some(hasMdx);
}
