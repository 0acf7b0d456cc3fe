/**
 * Gives every heading a GitHub-style id (github-slugger, unique per page), honours an explicit
 * Docusaurus-style `{#custom-id}` at the end of the heading text, appends a hover anchor to
 * h2–h6, and collects the TOC of the configured levels into `file.data.toc`.
 */
import type { Element, ElementContent, Root } from 'hast';
import GithubSlugger from 'github-slugger';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';
import type { TocEntry } from '../markdown-data.ts';

/** Options for {@link rehypeHeadingIds}; a page's front matter can override both levels. */
export interface RehypeHeadingIdsOptions {
  /** Shallowest heading level in the TOC. @default 2 */
  tocMinLevel?: number;
  /** Deepest heading level in the TOC. @default 3 */
  tocMaxLevel?: number;
}

const headingRE = /^h([1-6])$/;
const customIdRE = /\s*\{#([^\s{}]+)\}\s*$/;

/** rehype plugin: heading ids, hash links and the TOC. */
export function rehypeHeadingIds(options: RehypeHeadingIdsOptions = {}) {
  return (tree: Root, file: VFile) => {
    const minLevel = file.data.tocMinLevel ?? options.tocMinLevel ?? 2;
    const maxLevel = file.data.tocMaxLevel ?? options.tocMaxLevel ?? 3;
    const slugger = new GithubSlugger();
    const headings: Array<{ node: Element; depth: number; custom?: string }> = [];
    const taken = new Set<string>();

    // Ids set before us (footnotes' "Footnotes" label) and explicit ids win over generated ones.
    visit(tree, 'element', (node) => {
      // Highlighted code is hundreds of spans and never holds a heading.
      if (node.tagName === 'pre' || node.tagName === 'svg') return SKIP;
      const match = headingRE.exec(node.tagName);
      if (!match) return;
      if (node.properties.id !== undefined) {
        taken.add(String(node.properties.id));
        return;
      }
      const custom = takeCustomId(node);
      if (custom) taken.add(custom);
      headings.push({ node, depth: Number(match[1]), custom });
    });

    const toc: TocEntry[] = [];
    for (const { node, depth, custom } of headings) {
      // An image's alt text counts as the heading's text (as in Docusaurus); a heading that is
      // nothing but an image without alt text still needs an id and an accessible name.
      const text = headingText(node).trim() || 'heading';
      let id = custom ?? slugger.slug(text);
      while (!custom && taken.has(id)) id = slugger.slug(text);
      taken.add(id);
      node.properties.id = id;

      if (depth >= minLevel && depth <= maxLevel) toc.push({ depth, id, children: tocChildren(structuredClone(node.children), text) });
      if (depth >= 2) {
        node.children.push({
          type: 'element',
          tagName: 'a',
          properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${text}` },
          children: [{ type: 'text', value: '#' }],
        });
      }
    }
    file.data.toc = toc;
  };
}

/** Removes a trailing `{#id}` from the heading's last text and returns the id. */
function takeCustomId(heading: Element): string | undefined {
  const last = heading.children.at(-1);
  if (last?.type !== 'text') return undefined;
  const match = customIdRE.exec(last.value);
  if (!match) return undefined;
  last.value = last.value.slice(0, match.index);
  if (last.value === '') heading.children.pop();
  return match[1];
}

/**
 * The heading's text, as Docusaurus reads it for the id (mdast-util-to-string over the heading):
 * images as their alt text, the text inside MDX's JSX elements (`## clearButtonMode
 * <span>iOS</span>` is `clearbuttonmode-ios`), and an `{expression}` as it is written.
 */
function headingText(node: { children: readonly unknown[] }): string {
  return (node.children as Array<{ type: string }>).map((child): string => {
    if (isMdxJsx(child)) return headingText(child);
    if (isMdxExpression(child)) return child.value;
    const content = child as ElementContent;
    if (content.type === 'text') return content.value;
    if (content.type !== 'element') return '';
    if (content.tagName === 'img') return typeof content.properties.alt === 'string' ? content.properties.alt : '';
    return headingText(content);
  }).join('');
}

/** MDX's JSX elements in hast (`mdxJsxTextElement`, `mdxJsxFlowElement`): their children are content. */
function isMdxJsx(node: { type: string }): node is { type: string; children: ElementContent[] } {
  return node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement';
}

function isMdxExpression(node: { type: string }): node is { type: string; value: string } {
  return node.type === 'mdxTextExpression';
}

/**
 * A TOC entry's content: links inside the heading keep only their content (the entry is a link
 * itself), and images become their alt text (a TOC is a list of words, and the image's path is
 * not yet resolved here). An entry left empty reads as the heading's text.
 */
function tocChildren(children: ElementContent[], text: string): ElementContent[] {
  const strip = (list: ElementContent[]): ElementContent[] => list.flatMap((child): ElementContent[] => {
    if (child.type !== 'element') return [child];
    if (child.tagName === 'img') return typeof child.properties.alt === 'string' && child.properties.alt ? [{ type: 'text', value: child.properties.alt }] : [];
    const inner = strip(child.children);
    return child.tagName === 'a' ? inner : [{ ...child, children: inner }];
  });
  const result = strip(children);
  return result.some((c) => c.type === 'element' || (c.type === 'text' && c.value.trim())) ? result : [{ type: 'text', value: text }];
}
