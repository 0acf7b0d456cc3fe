// Finds the excerpt marker of a blog post — `<!-- truncate -->` (Markdown) or `{/* truncate */}`
// (the MDX spelling: an expression to the MDX parser, a paragraph to the Markdown one) — at the
// top level, records where it starts in `file.data.truncateOffset`, and removes it. The renderer
// cuts the excerpt there. Both parsers' trees are read, so one plugin serves `.md` and `.mdx`.
import type { Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';

const htmlMarkerRE = /^<!--\s*truncate\s*-->$/;
const mdxMarkerRE = /^\{\s*\/\*\s*truncate\s*\*\/\s*\}$/;
/** The marker as the MDX parser reads it: an expression holding only the comment. */
const expressionMarkerRE = /^\s*\/\*\s*truncate\s*\*\/\s*$/;

/** remark plugin: records and removes the first top-level truncate marker. */
export function remarkTruncate() {
  return (tree: Root, file: VFile) => {
    const index = tree.children.findIndex(isMarker);
    if (index === -1) return;
    const offset = tree.children[index].position?.start.offset;
    if (offset !== undefined) file.data.truncateOffset = offset;
    tree.children.splice(index, 1);
  };
}

function isMarker(node: RootContent): boolean {
  if (node.type === 'html') return htmlMarkerRE.test(node.value.trim());
  if (node.type === 'mdxFlowExpression') return expressionMarkerRE.test(node.value);
  if (node.type !== 'paragraph' || node.children.length !== 1) return false;
  const [child] = node.children;
  return child.type === 'text' && mdxMarkerRE.test(child.value.trim());
}
