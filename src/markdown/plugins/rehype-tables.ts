import type { Root } from 'hast';
import { SKIP, visit } from '../visit.ts';

/**
 * Makes tables keyboard-reachable. They scroll sideways on small screens, and a scrollable
 * region must be focusable (WCAG 2.1.1, axe `scrollable-region-focusable`); doing it at build
 * time keeps it working without JavaScript.
 */
export function rehypeTables() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      // Highlighted code and board diagrams are most of a page's nodes and hold no tables.
      if (node.tagName === 'pre' || node.tagName === 'svg') return SKIP;
      if (node.tagName === 'table') node.properties.tabIndex = 0;
      return undefined;
    });
  };
}
