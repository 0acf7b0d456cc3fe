/**
 * The text a reader sees on a built page, in blocks (a paragraph, a list item, a table row, a
 * heading), read from the HTML tree (STYLE 18) for the binding check.
 *
 * Each block has two texts: `open`, where a literal may hide (prose only: code, formulas, board
 * diagrams and text rendered from data are blanked out), and `context`, everything the block says
 * (code and data included), where the words that identify a fact are looked for.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';

/** One block of a page's text. */
export interface TextBlock {
  /** Prose a literal may be written in; what is not prose is replaced by `␣` runs of its length. */
  open: string;
  /** All the block's text; for a table cell, its column's header and its row's first cell first. */
  context: string;
  /** How much of `context` is that header and first cell (0 outside tables). */
  prefix: number;
  /** The level of a heading block (1 for the page title). */
  heading?: number;
}

/** Elements whose text is a block of its own. */
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'dt', 'dd', 'summary', 'caption', 'blockquote']);
/** Elements a reader does not read as prose, or that repeat what the page says elsewhere. */
const SKIPPED = new Set(['script', 'style', 'svg', 'button', 'nav', 'template']);
/**
 * The same by class: the page's table of contents (its headings again), formulas (KaTeX), a code
 * block's language label, and a post's date, reading time and authors (its metadata, not prose).
 */
const SKIPPED_CLASSES = ['toc-mobile', 'katex', 'code-block-lang', 'post-meta', 'post-authors'];

/** The blocks of the first element matching `select` in `html` (the article), in order. */
export function pageBlocks(html: string, select: (el: Element) => boolean): TextBlock[] {
  const tree = fromHtml(html);
  const root = find(tree, select);
  return root ? blocksOf(root) : [];
}

/** The blocks of one element's content. */
export function blocksOf(root: Element | Root): TextBlock[] {
  const blocks: TextBlock[] = [];
  const walk = (node: Element | Root, current: TextBlock | undefined, mode: { open: boolean }) => {
    for (const child of node.children as (RootContent | ElementContent)[]) {
      if (child.type === 'text') {
        if (!current) continue;
        current.context += child.value;
        current.open += mode.open ? child.value : '␣'.repeat(child.value.length);
        continue;
      }
      if (child.type !== 'element') continue;
      if (SKIPPED.has(child.tagName) || SKIPPED_CLASSES.some((c) => hasClass(child, c))) continue;
      // Code, and what a directive rendered, count as context but never as a hand-typed literal.
      const closed = !mode.open || child.tagName === 'code' || child.tagName === 'pre' || child.properties?.dataFact !== undefined
        || child.properties?.dataFacts !== undefined;
      const childMode = closed ? { open: false } : mode;
      if (child.tagName === 'table') headers = [];
      if (child.tagName === 'tr') {
        tableRow(child, childMode);
        continue;
      }
      if (BLOCKS.has(child.tagName)) {
        const block: TextBlock = { open: '', context: '', prefix: 0, ...(/^h[1-6]$/.test(child.tagName) ? { heading: Number(child.tagName[1]) } : {}) };
        blocks.push(block);
        walk(child, block, childMode);
        // A block ends where it ends: text after it belongs to the enclosing block again.
        if (current) {
          current.context += ' ';
          current.open += ' ';
        }
        continue;
      }
      walk(child, current, childMode);
      if (current && /^(br|div)$/.test(child.tagName)) {
        current.context += ' ';
        current.open += ' ';
      }
    }
  };
  // A cell is read with what says what it holds: its column's header and its row's first cell.
  let headers: string[] = [];
  const tableRow = (row: Element, mode: { open: boolean }) => {
    const cells = row.children.filter((c): c is Element => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'));
    const texts = cells.map((c) => textOf(c).join(''));
    if (cells.every((c) => c.tagName === 'th')) headers = texts;
    cells.forEach((cell, i) => {
      const prefix = `${headers[i] ?? ''} | ${i > 0 ? texts[0] : ''} | `;
      const block: TextBlock = { open: '␣'.repeat(prefix.length), context: prefix, prefix: prefix.length };
      blocks.push(block);
      walk(cell, block, cell.properties?.dataFact !== undefined ? { open: false } : mode);
    });
  };
  walk(root, undefined, { open: true });
  return blocks.filter((b) => b.context.trim());
}

function textOf(node: Element): string[] {
  const out: string[] = [];
  const visit = (n: ElementContent) => {
    if (n.type === 'text') out.push(n.value);
    else if (n.type === 'element') n.children.forEach(visit);
  };
  node.children.forEach(visit);
  return out;
}

function find(node: Root | Element, select: (el: Element) => boolean): Element | undefined {
  for (const child of node.children as (RootContent | ElementContent)[]) {
    if (child.type !== 'element') continue;
    if (select(child)) return child;
    const inner = find(child, select);
    if (inner) return inner;
  }
  return undefined;
}

/** Whether an element has a class. */
export function hasClass(el: Element, name: string): boolean {
  const value = el.properties?.className;
  return Array.isArray(value) && value.includes(name);
}
