/**
 * remark plugin for MDX pages only: blocks that are only a comment go (they render nothing), and
 * what the MDX renderer needs to place its diagnostics is recorded. Every
 * JSX element's name and position (`file.data.mdxElements`), to report an unknown or throwing
 * component at its line, and every literal `href`/`to`/`src` attribute (`file.data.mdxLinks`),
 * to place links that the rendered HTML holds, and every import's specifier (`file.data.mdxImports`),
 * to place an import that cannot be resolved. (What MDX parses differently from Markdown, a
 * heading's `{/* #id *\/}` or the `{/* truncate *\/}` marker, the shared plugins read in both
 * trees: remark-heading-comment-ids.ts, remark-truncate.ts.)
 */
import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/** A JSX element of an MDX page, by name, at its position in the body (1-based). */
export interface MdxElementPlace { name: string; line: number; column: number }
/** A literal URL attribute of a JSX element, at its element's position in the body. */
export interface MdxLinkPlace { value: string; line: number; column: number }
/** An `import … from 'spec'` of the page: where its specifier string is in the body (1-based), as MDX's parser read it. */
export interface MdxImportPlace { spec: string; line: number; column: number }

declare module 'vfile' {
  interface DataMap {
    mdxElements: MdxElementPlace[];
    mdxLinks: MdxLinkPlace[];
    mdxImports: MdxImportPlace[];
  }
}

const urlAttributes = new Set(['href', 'to', 'src']);

interface EsmProgram { body: { type: string; source?: { value?: unknown; loc?: { start: { line: number; column: number } } } }[] }
interface Node { data?: { estree?: EsmProgram }; type: string; name?: string | null; value?: unknown; attributes?: { type: string; name?: string; value?: unknown }[]; children?: Node[]; position?: { start: { line: number; column: number; offset?: number } } }

/** remark plugin: see the module comment. */
export function remarkMdxCompat() {
  return (tree: Root, file: VFile) => {
    // MDX's node types are not in mdast's own: walked through a loose shape of our own.
    // A block that is only a comment (`{/* … */}`) renders nothing; left in, React marks the
    // seam between the text nodes around it (`<!-- -->`), which Markdown's page does not have.
    tree.children = tree.children.filter((node) => !(node.type === 'mdxFlowExpression' && onlyComments(node.value)));
    const top = tree.children as unknown as Node[];
    const elements: MdxElementPlace[] = [];
    const links: MdxLinkPlace[] = [];
    const walk = (node: Node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.position) {
        const { line, column } = node.position.start;
        if (node.name) elements.push({ name: node.name, line, column });
        for (const attribute of node.attributes ?? []) {
          if (attribute.type === 'mdxJsxAttribute' && urlAttributes.has(attribute.name ?? '') && typeof attribute.value === 'string') {
            links.push({ value: attribute.value, line, column });
          }
        }
      }
      node.children?.forEach(walk);
    };
    top.forEach(walk);
    file.data.mdxElements = elements;
    file.data.mdxLinks = links;
    file.data.mdxImports = importPlaces(top);
  };
}

/**
 * Every import's specifier, where it is: MDX's parser gives each `import`/`export` block its
 * syntax tree (estree, positioned in the document), so the place of an import that cannot be
 * resolved comes from the parser, not from searching the text. Re-exports (`export … from`) count.
 */
function importPlaces(top: Node[]): MdxImportPlace[] {
  const places: MdxImportPlace[] = [];
  for (const node of top) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      const source = statement.source;
      if (!source || typeof source.value !== 'string' || !source.loc) continue;
      // estree columns are 0-based.
      places.push({ spec: source.value, line: source.loc.start.line, column: source.loc.start.column + 1 });
    }
  }
  return places;
}

/** Whether an expression's source holds nothing but comments and whitespace. */
function onlyComments(source: string): boolean {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/[^\n]*/g, '').trim() === '';
}
