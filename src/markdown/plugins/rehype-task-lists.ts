import type { Root } from 'hast';
import { SKIP, visit } from '../visit.ts';

/**
 * Gives GFM task-list checkboxes an accessible name: remark-gfm emits a bare disabled
 * `<input type="checkbox">`, which screen readers announce as an unlabelled control.
 */
export function rehypeTaskLists() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      // Highlighted code, board diagrams and tables are most of a page's nodes and hold no task items.
      if (node.tagName === 'pre' || node.tagName === 'svg' || node.tagName === 'table') return SKIP;
      if (node.tagName !== 'input' || node.properties.type !== 'checkbox') return undefined;
      node.properties.ariaLabel = node.properties.checked ? 'Done' : 'Not done';
      return undefined;
    });
  };
}
