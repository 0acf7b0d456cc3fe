import { useEffect, useState } from 'react';
import type { TocItem } from '../../src/model.ts';

/**
 * Table of contents. On wide screens a sticky column whose current section is highlighted while
 * scrolling; on narrow screens a collapsible "On this page" above the article (a `<details>`,
 * so it works without JavaScript).
 */
export function TableOfContents({ items, variant }: { items: TocItem[]; variant: 'desktop' | 'mobile' }) {
  const active = useActiveHeading(items, variant === 'desktop');
  if (items.length === 0) return null;
  const list = <TocList items={items} active={active} />;
  if (variant === 'mobile') {
    return (
      // Closed once a link in it is followed: the reader wants the section, not the list above it.
      <details className="toc-mobile" onClick={(event) => {
        if ((event.target as Element).closest('a')) event.currentTarget.open = false;
      }}>
        <summary>On this page</summary>
        {list}
      </details>
    );
  }
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 className="toc-title" id="toc-title">On this page</h2>
      {list}
    </nav>
  );
}

/** A heading with the headings below it, as nested lists show them. */
interface TocNode {
  item: TocItem;
  children: TocNode[];
}

/**
 * The flat list as a tree: each heading holds the deeper ones after it, up to the next heading
 * at its depth or above. A heading deeper than any before it (an h3 before the first h2) starts
 * at the top.
 */
export function nestToc(items: TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const open: TocNode[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (open.length > 0 && open[open.length - 1].item.depth >= item.depth) open.pop();
    (open.length > 0 ? open[open.length - 1].children : roots).push(node);
    open.push(node);
  }
  return roots;
}

/**
 * Nested lists, as screen readers announce them (level by level); the links carry no class of
 * their own (the stylesheet finds them as `.toc-list a`), since every page holds two copies.
 */
function TocList({ items, active }: { items: TocItem[]; active?: string }) {
  return <TocLevel nodes={nestToc(items)} active={active} className="toc-list" />;
}

function TocLevel({ nodes, active, className }: { nodes: TocNode[]; active?: string; className?: string }) {
  return (
    <ul className={className}>
      {nodes.map(({ item, children }) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            aria-current={item.id === active ? 'location' : undefined}
            dangerouslySetInnerHTML={{ __html: item.html }}
          />
          {children.length > 0 && <TocLevel nodes={children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * The heading of the section being read, as Docusaurus judges it: the first heading below the
 * navbar when it is in the upper half of the viewport (a reader sees it near the top, so it is
 * current before it reaches the navbar), else the heading before it.
 */
function useActiveHeading(items: TocItem[], enabled: boolean): string | undefined {
  const [active, setActive] = useState<string>();
  useEffect(() => {
    if (!enabled || items.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
      const next = items.findIndex((item) => (document.getElementById(item.id)?.getBoundingClientRect().top ?? -Infinity) >= navbar);
      let current: string;
      if (next === -1) current = items[items.length - 1].id;
      else {
        const top = document.getElementById(items[next].id)!.getBoundingClientRect().top;
        current = top < window.innerHeight / 2 || next === 0 ? items[next].id : items[next - 1].id;
      }
      // At the very bottom, the last heading is current even if it never reaches the top.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = items[items.length - 1].id;
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items, enabled]);
  return active;
}
