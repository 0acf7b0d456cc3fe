import type { Element, ElementContent, Root, RootContent } from 'hast';

/**
 * Marks the article's first block that surely starts below the first screen (class `fold`): from
 * it on, the theme lets the browser skip the style and layout of blocks until they come near the
 * viewport (`content-visibility: auto`, theme/css/markdown.css), on screens up to `FOLD_PX` tall.
 * On a long reference page read on a phone that is most of the first load's layout.
 *
 * "Surely": each block's height is estimated from below, as it would be in the widest article
 * column (780 px, where text wraps least), counting only what is certainly drawn: lines of text
 * at a generous 130 characters a line, code lines, table rows, headings. A block the estimate
 * cannot read (an image, a diagram, raw HTML, an MDX component) counts as nothing. The marked
 * block therefore starts at least `FOLD_PX` below the article's top at any width, so no block on
 * the first screen is deferred: a deferred block on screen would move what follows it when it is
 * drawn (a layout shift). test/browser/deferred-blocks.test.ts checks the bound on every page.
 */
export const FOLD_PX = 1500;

/** Body text: 16 px at line-height 1.65. */
const LINE = 26;
/** Characters on one line of the widest column, more than any real line holds (about 6 px each). */
const CHARS_PER_LINE = 130;
/** Code: 14 px at line-height 1.6, 14 px padding above and below. */
const CODE_LINE = 22;
const CODE_PADDING = 28;
/** A table row: one line of 15 px text at 1.65 and 14 px of cell padding. */
const TABLE_ROW = 38;
/** An admonition's padding (12 px above and below); a code block's title line. */
const BOX_PADDING = 24;
const CODE_TITLE = 30;
/** The bottom margin of paragraphs, lists, tables and code (1.1em; top margins are not counted). */
const GAP = 16;

export function rehypeFold() {
  return (tree: Root) => {
    markFold(tree.children);
  };
}

/** Adds `fold` to the first element whose estimated top is at least `FOLD_PX`; returns its index, or -1. */
export function markFold(blocks: RootContent[]): number {
  let top = 0;
  for (const [index, block] of blocks.entries()) {
    if (block.type !== 'element') continue;
    if (top >= FOLD_PX) {
      block.properties.className = [...classList(block), 'fold'];
      return index;
    }
    top += leastHeight(block);
  }
  return -1;
}

/** The least height a top-level block can have when drawn (with its bottom margin), in CSS px. */
export function leastHeight(block: Element): number {
  if (flag(block, 'hidden')) return 0;
  const classes = classList(block);
  switch (block.tagName) {
    case 'h1': case 'h2': case 'h3': case 'h4':
      return LINE;
    case 'h5': case 'h6':
      // The browser's own sizes: 0.83em and 0.67em.
      return 16;
    case 'p': case 'blockquote': {
      // An empty paragraph's margins collapse into its neighbours': it adds nothing.
      const lines = textLines(block);
      return lines ? lines * LINE + GAP : 0;
    }
    case 'ul': case 'ol':
      // Each item is at least one line; a long one wraps.
      return elements(block, 'li').reduce((sum, item) => sum + Math.max(1, textLines(item)) * LINE, 0) + GAP;
    case 'table':
      return descendants(block, 'tr').length * TABLE_ROW + GAP;
    case 'pre':
      return codeHeight(block);
    case 'details':
      // Closed, only its summary shows.
      return flag(block, 'open') ? textLines(block) * LINE : LINE;
    case 'div':
      if (classes.includes('code-block')) {
        const pre = descendants(block, 'pre')[0];
        const title = block.children.some((c) => c.type === 'element' && classList(c).includes('code-block-title'));
        return pre ? codeHeight(pre) + (title ? CODE_TITLE : 0) : 0;
      }
      return 0;
    case 'aside':
      return classes.includes('admonition') ? textLines(block) * LINE + BOX_PADDING + GAP : 0;
    default:
      return 0;
  }
}

function codeHeight(pre: Element): number {
  const text = textOf(pre).replace(/\n$/, '');
  return (text.split('\n').length * CODE_LINE) + CODE_PADDING + GAP;
}

/** Lines of visible text: each paragraph-like run of text wraps on its own. */
function textLines(node: Element): number {
  const text = textOf(node).trim();
  return text ? Math.ceil(text.length / CHARS_PER_LINE) : 0;
}

/** Text a reader sees: not KaTeX's MathML copy of a formula, visually hidden labels, or hidden elements. */
function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value;
  if (node.type !== 'element') return '';
  if (flag(node, 'hidden')) return '';
  if (node.tagName === 'math' || node.tagName === 'annotation' || node.tagName === 'script' || node.tagName === 'style' || node.tagName === 'template') return '';
  const classes = classList(node);
  if (classes.includes('katex-mathml') || classes.includes('sr-only') || classes.includes('visually-hidden')) return '';
  return node.children.map(textOf).join('');
}

/** A boolean attribute (`hidden`, `open`) is set. */
function flag(node: Element, name: string): boolean {
  const value = node.properties[name];
  return value !== undefined && value !== null && value !== false;
}

function classList(node: Element): string[] {
  const value = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? (value as string).split(/\s+/) : [];
}

function elements(node: Element, tag: string): Element[] {
  return node.children.filter((c): c is Element => c.type === 'element' && c.tagName === tag);
}

function descendants(node: Element, tag: string): Element[] {
  const found: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === tag) found.push(child);
    found.push(...descendants(child, tag));
  }
  return found;
}
