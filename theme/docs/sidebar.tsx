import type { SidebarItem } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { useUi } from '../runtime/ui-context.tsx';

/**
 * The docs sidebar. Categories are `<details>` so they work without JavaScript; the category of
 * the current page starts open, and a category the reader opened or closed keeps that state
 * across client navigations (it never auto-collapses).
 */
export function Sidebar({ items, label = 'Docs sidebar' }: { items: SidebarItem[]; label?: string }) {
  return (
    <nav className="sidebar" aria-label={label}>
      <SidebarList items={items} path="" />
    </nav>
  );
}

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.href === route) return true;
  return item.type === 'category' && item.items.some((i) => containsRoute(i, route));
}

function SidebarList({ items, path }: { items: SidebarItem[]; path: string }) {
  const { route } = useRouter();
  const { openCategories, setCategoryOpen } = useUi();
  return (
    <ul className="sidebar-list">
      {items.map((item) => {
        if (item.type === 'link') {
          const current = item.href === route;
          return (
            <li key={item.href} className="sidebar-item">
              <a className="sidebar-link" href={item.href} aria-current={current ? 'page' : undefined}>{item.label}</a>
            </li>
          );
        }
        const key = `${path}/${item.label}`;
        const active = containsRoute(item, route);
        const open = !item.collapsible || (openCategories[key] ?? (active || !item.collapsed));
        const current = item.href === route;
        return (
          <li key={key} className={`sidebar-item sidebar-category${item.href ? ' has-link' : ''}`}>
            {item.href && (
              <a className="sidebar-link sidebar-category-link" href={item.href} aria-current={current ? 'page' : undefined}>{item.label}</a>
            )}
            <details
              open={open}
              onToggle={(event) => {
                const isOpen = (event.currentTarget as HTMLDetailsElement).open;
                if (isOpen !== open) setCategoryOpen(key, isOpen);
              }}
            >
              <summary className="sidebar-summary" aria-label={item.href ? `${item.label} section` : undefined}>
                {!item.href && <span className="sidebar-summary-label">{item.label}</span>}
              </summary>
              <SidebarList items={item.items} path={key} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
