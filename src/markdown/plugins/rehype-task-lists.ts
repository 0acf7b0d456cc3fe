import type { Root } from 'hast';
import { visit } from 'unist-util-visit';

/**
 * Gives GFM task-list checkboxes an accessible name: remark-gfm emits a bare disabled
 * `<input type="checkbox">`, which screen readers announce as an unlabelled control.
 */
export function rehypeTaskLists() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName !== 'input' || node.properties.type !== 'checkbox') return;
      node.properties.ariaLabel = node.properties.checked ? 'Done' : 'Not done';
    });
  };
}
