import type { ReactNode } from 'react';

/** One heading of a page's `toc` (the export every MDX page has, as in Docusaurus). */
export interface TocEntry {
  /** The heading's content, as HTML. */
  value: string;
  id: string;
  level: number;
}

/** Props of {@link TOCInline}, as in Docusaurus 3. */
export interface TOCInlineProps {
  toc: readonly TocEntry[];
  /** @default 2 */
  minHeadingLevel?: number;
  /** @default 3 */
  maxHeadingLevel?: number;
  className?: string;
}

interface Node { entry: TocEntry; children: Node[] }

/**
 * `@theme/TOCInline`: a page's table of contents inside its content, usually
 * `<TOCInline toc={toc} />` with the page's own `toc` export: nested lists of links to the
 * headings between the two levels given.
 */
export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className }: TOCInlineProps): ReactNode {
  const roots = nest(toc.filter((e) => e.level >= minHeadingLevel && e.level <= maxHeadingLevel));
  if (!roots.length) return null;
  return <div className={className ? `toc-inline ${className}` : 'toc-inline'}><List nodes={roots} /></div>;
}

function List({ nodes }: { nodes: Node[] }): ReactNode {
  return (
    <ul>
      {nodes.map(({ entry, children }) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} dangerouslySetInnerHTML={{ __html: entry.value }} />
          {children.length ? <List nodes={children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Flat entries → a tree: each entry goes under the last one of a lower level before it. */
function nest(entries: readonly TocEntry[]): Node[] {
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const entry of entries) {
    const node: Node = { entry, children: [] };
    while (stack.length && stack[stack.length - 1].entry.level >= entry.level) stack.pop();
    (stack.length ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}
