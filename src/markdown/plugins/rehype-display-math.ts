import type { Root } from 'hast';
import { SKIP, visit } from '../visit.ts';

/**
 * Makes display formulas keyboard-reachable. KaTeX draws `$$…$$` as a `.katex-display` block that
 * scrolls sideways when the formula is wider than the column (a phone), and a scrollable region
 * must be focusable (WCAG 2.1.1, axe `scrollable-region-focusable`), as tables and code blocks are.
 */
export function rehypeDisplayMath() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      if (node.tagName === 'pre' || node.tagName === 'svg') return SKIP;
      const classes = node.properties.className;
      if (Array.isArray(classes) && classes.includes('katex-display')) {
        node.properties.tabIndex = 0;
        return SKIP;
      }
      return undefined;
    });
  };
}
