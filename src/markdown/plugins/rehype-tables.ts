import type { Element, ElementContent, Root } from 'hast';
import { SKIP, visit } from '../visit.ts';

/**
 * Makes tables keyboard-reachable. They scroll sideways on small screens, and a scrollable
 * region must be focusable (WCAG 2.1.1, axe `scrollable-region-focusable`); doing it at build
 * time keeps it working without JavaScript.
 *
 * Each body cell also gets its column's header text as `data-label`: on a phone the theme lays
 * wide tables out as one list of fields per row, each value under its column's name (CSS
 * `attr(data-label)`, so it works without JavaScript too). Inline code in a cell longer than a
 * short token (a JSON example) is marked `data-wrap`: it may wrap at its spaces, at any width,
 * where a short token stays whole (theme/css/markdown.css).
 *
 * A table of three columns or more is marked `data-cards`: on a phone the theme lays it out
 * as one card of fields per row (a selector on the attribute, not `:has(th:nth-child(3))`: a
 * `:has()` whose match changes re-styles every element its rules name to the right of it, and
 * the open mobile menu's `body:has()` would re-style every cell of the page's tables).
 *
 * A table is marked `data-rows` and its last cell `data-last`: while a slow connection has
 * delivered only some rows, the theme keeps the table invisible (`:not(:has([data-last]))`),
 * so columns widening for a later, longer row never shift what the reader already sees.
 */
export function rehypeTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      // Highlighted code and board diagrams are most of a page's nodes and hold no tables.
      if (node.tagName === 'pre' || node.tagName === 'svg') return SKIP;
      if (node.tagName === 'table') {
        node.properties.tabIndex = 0;
        // A header cell in a third column (as `th:nth-child(3)` would find).
        if ([...children(node, 'tr'), ...groupRows(node, 'thead', 'tbody')].some((row) => elements(row)[2]?.tagName === 'th')) node.properties.dataCards = '';
        labelCells(node);
        markEnd(node);
      }
      return undefined;
    });
  };
}

/** Sets `data-label` on each body cell from the header cell of its column (GFM tables have one header row). */
function labelCells(table: Element): void {
  const header = groupRows(table, 'thead')[0];
  if (!header) return;
  const labels = children(header, 'th').map(textOf);
  for (const row of groupRows(table, 'tbody')) {
    children(row, 'td').forEach((cell, i) => {
      if (labels[i]) cell.properties.dataLabel = labels[i];
      markLongCode(cell);
    });
  }
}

/** The rows of the table's groups of these kinds (`thead`, `tbody`), in order. A table written in HTML may also have rows of its own. */
function groupRows(table: Element, ...tags: string[]): Element[] {
  return tags.flatMap((tag) => children(table, tag)).flatMap((group) => children(group, 'tr'));
}

/** Marks the table and its last cell, so that CSS can tell a table whose rows have all arrived. */
function markEnd(table: Element): void {
  const row = groupRows(table, 'thead', 'tbody').at(-1);
  const cell = row && elements(row).at(-1);
  if (!cell) return;
  table.properties.dataRows = '';
  cell.properties.dataLast = '';
}

/** Longer than this, inline code in a cell is a value (a JSON example), not a token. */
const longCode = 24;

function markLongCode(cell: Element): void {
  for (const code of children(cell, 'code')) {
    if (textOf(code).length > longCode) code.properties.dataWrap = '';
  }
}

function elements(node: Element): Element[] {
  return node.children.filter((c): c is Element => c.type === 'element');
}

function children(node: Element, tag: string): Element[] {
  return elements(node).filter((c) => c.tagName === tag);
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(textOf).join('').trim() : '';
}
