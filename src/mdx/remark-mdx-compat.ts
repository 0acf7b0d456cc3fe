/**
 * remark plugin for MDX pages only: what our Markdown plugins do for `.md` on constructs that
 * MDX parses differently, plus what the MDX renderer needs to place its diagnostics.
 *
 * - `## Title {/* #id *\/}`: the trailing comment is an expression node in MDX; it becomes the
 *   `{#id}` text that `rehypeHeadingIds` reads (any other trailing comment is dropped).
 * - `{/* truncate *\/}` at the top level is the excerpt marker (`file.data.truncateOffset`).
 * - Every JSX element's name and position (`file.data.mdxElements`), to report an unknown or
 *   throwing component at its line, and every literal `href`/`to`/`src` attribute
 *   (`file.data.mdxLinks`), to place links that the rendered HTML holds.
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/** A JSX element of an MDX page, by name, at its position in the body (1-based). */
export interface MdxElementPlace { name: string; line: number; column: number }
/** A literal URL attribute of a JSX element, at its element's position in the body. */
export interface MdxLinkPlace { value: string; line: number; column: number }

declare module 'vfile' {
  interface DataMap {
    mdxElements: MdxElementPlace[];
    mdxLinks: MdxLinkPlace[];
  }
}

const truncateRE = /^\s*\/\*\s*truncate\s*\*\/\s*$/;
const commentRE = /^\s*\/\*([\s\S]*?)\*\/\s*$/;
const urlAttributes = new Set(['href', 'to', 'src']);

interface Node { type: string; name?: string | null; value?: unknown; attributes?: { type: string; name?: string; value?: unknown }[]; children?: Node[]; position?: { start: { line: number; column: number; offset?: number } } }

/** remark plugin: see the module comment. */
export function remarkMdxCompat() {
  return (tree: Root, file: VFile) => {
    // MDX's node types are not in mdast's own: walked through a loose shape of our own.
    const top = tree.children as unknown as Node[];
    const marker = top.findIndex((node) => node.type === 'mdxFlowExpression' && typeof node.value === 'string' && truncateRE.test(node.value));
    if (marker !== -1) {
      const offset = top[marker].position?.start.offset;
      if (offset !== undefined) file.data.truncateOffset = offset;
      tree.children.splice(marker, 1);
    }
    const elements: MdxElementPlace[] = [];
    const links: MdxLinkPlace[] = [];
    const walk = (node: Node) => {
      if (node.type === 'heading') headingCommentId(node);
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.position) {
        const { line, column } = node.position.start;
        if (node.name) elements.push({ name: node.name, line, column });
        for (const attribute of node.attributes ?? []) {
          if (attribute.type === 'mdxJsxAttribute' && urlAttributes.has(attribute.name ?? '') && typeof attribute.value === 'string') {
            links.push({ value: attribute.value, line, column });
          }
        }
      }
      node.children?.forEach(walk);
    };
    top.forEach(walk);
    file.data.mdxElements = elements;
    file.data.mdxLinks = links;
  };
}

/** `## Title {/* #id *\/}` → `## Title {#id}`, as `.md` files get it (remark-heading-comment-ids.ts). */
function headingCommentId(heading: Node): void {
  const children = heading.children ?? [];
  const last = children.at(-1);
  if (last?.type !== 'mdxTextExpression' || typeof last.value !== 'string') return;
  const comment = commentRE.exec(last.value);
  if (!comment) return;
  children.pop();
  const word = comment[1].trim().split(/\s+/)[0];
  const before = children.at(-1);
  if (before?.type === 'text' && typeof before.value === 'string') before.value = before.value.trimEnd();
  if (!word.startsWith('#') || word.length < 2) return;
  if (before?.type === 'text') before.value += ` {${word}}`;
  else children.push({ type: 'text', value: ` {${word}}` });
}
