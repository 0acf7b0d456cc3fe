/**
 * Counts words of prose for the reading time: text and inline code count, code blocks, math,
 * raw HTML and board diagrams do not.
 */
import type { Root } from 'mdast';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';

// Inline nodes join their neighbours (`foo**bar**` is one word); everything else is a boundary.
const phrasingTypes = new Set(['text', 'inlineCode', 'emphasis', 'strong', 'delete', 'link', 'linkReference', 'break']);
const skippedTypes = new Set(['code', 'math', 'inlineMath', 'html', 'yaml', 'boardDiagram']);
const wordRE = /[\p{L}\p{N}]/u;

/** remark plugin: stores the prose word count in `file.data.wordCount`. */
export function remarkWordCount() {
  return (tree: Root, file: VFile) => {
    const parts: string[] = [];
    visit(tree, (node) => {
      if (skippedTypes.has(node.type)) return SKIP;
      if (node.type === 'text' || node.type === 'inlineCode') parts.push(node.value);
      else if (!phrasingTypes.has(node.type)) parts.push(' ');
    });
    file.data.wordCount = parts
      .join('')
      .split(/\s+/)
      .filter((word) => wordRE.test(word)).length;
  };
}
