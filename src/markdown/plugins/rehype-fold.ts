import type { Element, ElementContent, Root, RootContent } from 'hast';

/**
 * Marks the article's first block that surely starts below the first screen (class `fold`, and
 * `fold-narrow` for screens up to `NARROW_PX` wide): from it on, the first layout skips the blocks
 * (`content-visibility: auto`, theme/css/markdown.css), on screens up to `FOLD_PX` tall, and the
 * head script draws them a slice at a time after the first paint (deferred-blocks.browser.ts in
 * src/render). On a long reference page read on a phone that is most of the first load's layout.
 *
 * "Surely": each block's height is estimated from below, as it would be in the widest column the
 * mark is for (780 px for `fold`, 448 px for `fold-narrow`: where text wraps least), counting only
 * what is certainly drawn: lines of text at more characters a line than any line holds, code
 * lines, table rows (or card lines), headings. A block the estimate cannot read (an image, a
 * diagram, raw HTML, an MDX component) counts as nothing. The marked block therefore starts at
 * least its `foldPx` below the article's top at any width the mark is for, so no block on the first
 * screen is deferred: a deferred block on screen would move what follows it when it is drawn (a
 * layout shift). test/browser/deferred-blocks.test.ts checks the bound on every page.
 */
export const FOLD_PX = 1500;

/**
 * A column: how many characters a line of text holds at most, and whether tables of three
 * columns or more (`data-cards`, rehype-tables.ts) are laid out as a card per row.
 */
export interface Column {
  charsPerLine: number; cards: boolean;
  /** How far below the article's top the mark surely is: the tallest screen the mark is for. */
  foldPx: number;
}
/** The widest article column (1440 px and up: 780 px of text), screens up to 1500 px tall; the `fold` mark. */
export const WIDE: Column = { charsPerLine: 130, cards: false, foldPx: FOLD_PX };
/**
 * Phones: screens up to `NARROW_PX` wide and `NARROW_FOLD_PX` tall (at most 448 px of text, where
 * no line holds 80 characters, and tables of three columns are cards, theme/css/markdown.css); the
 * `fold-narrow` mark. There the same text is about twice as tall and the screen shorter, so
 * phones defer from a block about a third as far down.
 */
export const NARROW_PX = 480;
export const NARROW_FOLD_PX = 1000;
export const NARROW: Column = { charsPerLine: 80, cards: true, foldPx: NARROW_FOLD_PX };

/** Body text: 16 px at line-height 1.65. */
const LINE = 26;
/** Code: 14 px at line-height 1.6, 14 px padding above and below. */
const CODE_LINE = 22;
const CODE_PADDING = 28;
/** A table row: one line of 16 px text at 1.65 (26.4 px) and 14 px of cell padding, rounded down. */
const TABLE_ROW = 38;
/** A cell of a table laid out as cards: one line of 16 px text at 1.65 and 6 px of padding, rounded down; each card's own 12 px of padding. */
const CARD_LINE = 30;
const CARD_PADDING = 12;
/** An admonition's padding (12 px above and below); a code block's title line. */
const BOX_PADDING = 24;
const CODE_TITLE = 30;
/** The bottom margin of paragraphs, lists, tables and code (1.1em; top margins are not counted). */
const GAP = 16;

export function rehypeFold() {
  return (tree: Root) => {
    markFold(tree.children, NARROW, 'fold-narrow');
    markFold(tree.children);
  };
}

/** Adds `mark` to the first element whose estimated top in `column` is at least its `foldPx`; returns its index, or -1. */
export function markFold(blocks: RootContent[], column: Column = WIDE, mark = 'fold'): number {
  const index = firstBelow(blocks, column.foldPx, (block) => (block.type === 'element' ? leastHeight(block, column) : undefined));
  const block = blocks[index];
  if (block?.type === 'element') block.properties.className = [...classList(block), mark];
  return index;
}

/**
 * The index of the first of `items`, stacked from the top, that starts at least `foldPx` down,
 * each as tall as `height` says (`undefined`: never the one, and of no height); -1 when none does.
 */
export function firstBelow<T>(items: readonly T[], foldPx: number, height: (item: T) => number | undefined): number {
  let top = 0;
  for (const [index, item] of items.entries()) {
    const tall = height(item);
    if (tall === undefined) continue;
    if (top >= foldPx) return index;
    top += tall;
  }
  return -1;
}

/** The least height a top-level block can have when drawn (with its bottom margin) in `column`, in CSS px. */
export function leastHeight(block: Element, column: Column = WIDE): number {
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
      const lines = textLines(block, column);
      return lines ? lines * LINE + GAP : 0;
    }
    case 'ul': case 'ol':
      // Each item is at least one line; a long one wraps.
      return elements(block, 'li').reduce((sum, item) => sum + Math.max(1, textLines(item, column)) * LINE, 0) + GAP;
    case 'table': {
      const rows = descendants(block, 'tr');
      // As cards: the header row is not shown, and each cell of a row is a line of its own.
      if (column.cards && block.properties.dataCards !== undefined) {
        return rows.filter((row) => !elements(row, 'th').length).reduce((sum, row) => sum + elements(row, 'td').length * CARD_LINE + CARD_PADDING, 0) + GAP;
      }
      return rows.length * TABLE_ROW + GAP;
    }
    case 'pre':
      return codeHeight(block);
    case 'details':
      // Closed, only its summary shows.
      return flag(block, 'open') ? textLines(block, column) * LINE : LINE;
    case 'div':
      if (classes.includes('code-block')) {
        const pre = descendants(block, 'pre')[0];
        const title = block.children.some((c) => c.type === 'element' && classList(c).includes('code-block-title'));
        return pre ? codeHeight(pre) + (title ? CODE_TITLE : 0) : 0;
      }
      return 0;
    case 'aside':
      return classes.includes('admonition') ? textLines(block, column) * LINE + BOX_PADDING + GAP : 0;
    default:
      return 0;
  }
}

function codeHeight(pre: Element): number {
  const text = textOf(pre).replace(/\n$/, '');
  return (text.split('\n').length * CODE_LINE) + CODE_PADDING + GAP;
}

/** Lines of visible text: each paragraph-like run of text wraps on its own. */
function textLines(node: Element, column: Column): number {
  const text = textOf(node).trim();
  return text ? Math.ceil(text.length / column.charsPerLine) : 0;
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
