/**
 * Collects every `id` in the final tree (headings, footnotes, board diagrams…) into
 * `file.data.anchors`, so the link checker can verify `#fragment` links. Runs last.
 */
import type { Root } from 'hast';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';

/** rehype plugin: stores the page's ids in document order. */
export function rehypeAnchors() {
  return (tree: Root, file: VFile) => {
    const anchors: string[] = [];
    visit(tree, 'element', (node) => {
      // Highlighted code is hundreds of spans and never carries an id.
      if (node.tagName === 'pre') return SKIP;
      const id = node.properties.id;
      if (typeof id === 'string' && id !== '') anchors.push(id);
    });
    file.data.anchors = anchors;
  };
}
