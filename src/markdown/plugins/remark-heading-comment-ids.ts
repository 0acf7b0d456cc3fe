/**
 * Docusaurus 3 accepts an explicit heading id written as a trailing MDX comment,
 * `## Title {/* #custom-id *\/}`, the MDX-safe form of `{#custom-id}`. Read as Markdown, the
 * comment is text, and `/*#id*\/` even parses as emphasis (`/<em>#id</em>/`). This plugin finds
 * such a comment at the end of a heading's source and replaces it with the classic `{#custom-id}`
 * text, which `rehypeHeadingIds` turns into the id. As in Docusaurus, the id is the comment's first
 * word when it starts with `#`; any other trailing comment is dropped (an MDX comment shows nothing).
 */
import type { Heading, Root } from 'mdast';
import type { VFile } from 'vfile';
import { SKIP, visit } from '../visit.ts';

/** A trailing MDX comment in a heading's source (an ATX heading may end with closing `#`s). */
const trailingCommentRE = /\{\s*\/\*([\s\S]*?)\*\/\s*\}[ \t]*(?:#+[ \t]*)?$/;

/**
 * remark plugin: `{/* #id *\/}` at the end of a heading becomes `{#id}`. The Markdown parser
 * reads the comment as text (found in the heading's source); the MDX parser as an expression
 * node, the heading's last child.
 */
export function remarkHeadingCommentIds() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    visit(tree, 'heading', (node) => {
      if (node.children.at(-1)?.type === 'mdxTextExpression') rewriteExpression(node);
      else rewrite(node, source);
      return SKIP;
    });
  };
}

const commentRE = /^\s*\/\*([\s\S]*?)\*\/\s*$/;

/** The MDX parser's heading: its last child is the `{/* … *\/}` expression. */
function rewriteExpression(heading: Heading): void {
  const last = heading.children.at(-1);
  if (last?.type !== 'mdxTextExpression') return;
  const comment = commentRE.exec(last.value);
  if (!comment) return;
  heading.children.pop();
  const before = heading.children.at(-1);
  if (before?.type === 'text') before.value = before.value.trimEnd();
  const word = comment[1].trim().split(/\s+/)[0];
  if (!word.startsWith('#') || word.length < 2) return;
  if (before?.type === 'text') before.value += ` {${word}}`;
  else heading.children.push({ type: 'text', value: ` {${word}}` });
}

function rewrite(heading: Heading, source: string): void {
  const start = heading.position?.start.offset;
  const end = heading.position?.end.offset;
  if (start === undefined || end === undefined) return;
  // A setext heading's source holds its underline: the comment ends its text's last line.
  const raw = source.slice(start, end).replace(/\r?\n[ \t]*(?:=+|-+)[ \t]*$/, '');
  const match = trailingCommentRE.exec(raw);
  if (!match) return;
  const cut = start + match.index;
  // Children that start inside the comment go; the one it starts in keeps what comes before `{`.
  const kept = heading.children.filter((child) => (child.position?.start.offset ?? 0) < cut);
  const last = kept.at(-1);
  if (last?.type !== 'text') return;
  const brace = last.value.lastIndexOf('{');
  if (brace === -1) return;
  last.value = last.value.slice(0, brace).trimEnd();
  const word = match[1].trim().split(/\s+/)[0];
  if (word.startsWith('#') && word.length > 1) last.value += ` {${word}}`;
  if (last.value === '') kept.pop();
  heading.children = kept;
}
