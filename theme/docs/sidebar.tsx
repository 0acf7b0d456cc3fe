import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import type { SidebarItem } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { categoryChildren, useSidebarData, type SidebarData } from '../runtime/sidebar-data.tsx';
import { useUi } from '../runtime/ui-context.tsx';
import { ExternalIcon } from '../layout/icons.tsx';
import { useUrl } from '../runtime/base-url.tsx';

type Category = Extract<SidebarItem, { type: 'category' }>;

/**
 * The docs sidebar. Categories are `<details>` so they work without JavaScript; the category of
 * the current page starts open, and a category the reader opened or closed keeps that state
 * across client navigations (it never auto-collapses).
 *
 * On big sites collapsed categories are `lazy`: their children come from the page's branches or
 * the full sidebar, fetched when the reader opens one. Until then the category holds one link to
 * its page (or its first page), so the server markup and the first client render agree, and
 * readers without JavaScript still get somewhere.
 *
 * Items and their links carry no class of their own (the stylesheet finds them as
 * `.sidebar-list > li > a`): a big site repeats them on every page, 32 MB of class names on
 * 10,000 pages.
 */
/** `docs.autoCollapseCategories`: sibling categories are one exclusive group (`<details name>`). */
const AutoCollapse = createContext(false);

export function Sidebar({ items, label = 'Docs sidebar', autoCollapse = false }: { items: SidebarItem[]; label?: string; autoCollapse?: boolean }) {
  const nav = useRef<HTMLElement>(null);
  const first = useRef(true);
  // On very big sites the skeleton arrives after the page's own part and sections appear above
  // it: keep the current page's link in the sidebar's view (the sidebar scrolls, not the page).
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const box = current && scrollParent(nav.current!);
    if (!box || !current) return;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top > box.clientHeight - current.offsetHeight) box.scrollTop += top - box.clientHeight / 3;
  }, [items]);
  return (
    <nav ref={nav} className="sidebar" aria-label={label}>
      <AutoCollapse.Provider value={autoCollapse}>
        <SidebarList items={items} path="" />
      </AutoCollapse.Provider>
    </nav>
  );
}

/** The element that scrolls the sidebar (its panel), not the page. */
function scrollParent(element: HTMLElement): HTMLElement | undefined {
  for (let el: HTMLElement | null = element; el && el !== document.body; el = el.parentElement) {
    if (el.scrollHeight > el.clientHeight && /auto|scroll/.test(getComputedStyle(el).overflowY)) return el;
  }
  return undefined;
}

/** Whether `route` is `item` or inside it, as far as the children known now tell. */
function containsRoute(options: { item: SidebarItem; key: string; route: string; data: SidebarData }): boolean {
  const { item, key, route, data } = options;
  if (item.href === route) return true;
  if (item.type !== 'category') return false;
  const children = categoryChildren(item, key, data) ?? [];
  return children.some((child) => containsRoute({ item: child, key: `${key}/${child.label}`, route, data }));
}

function SidebarList({ items, path }: { items: SidebarItem[]; path: string }) {
  const url = useUrl();
  const { route } = useRouter();
  return (
    <ul className="sidebar-list">
      {items.map((item, i) => {
        if (item.type === 'category') {
          const key = `${path}/${item.label}`;
          return <SidebarCategory key={key} item={item} categoryKey={key} />;
        }
        if (item.type === 'html') {
          // Raw HTML from the site's own sidebars file (a heading, a divider), as Docusaurus renders it.
          return <li key={`html-${i}`} className={`sidebar-html${item.className ? ` ${item.className}` : ''}`} dangerouslySetInnerHTML={{ __html: item.value }} />;
        }
        if (item.external) {
          return (
            <li key={item.href}>
              {/* Like the footer's external links: another site, marked, in the same tab. */}
              <a href={item.href} rel="noopener noreferrer">
                {item.label}
                <ExternalIcon />
              </a>
            </li>
          );
        }
        const current = item.href === route;
        return (
          <li key={item.href}>
            <a href={url(item.href)} aria-current={current ? 'page' : undefined}>{item.label}</a>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarCategory({ item, categoryKey: key }: { item: Category; categoryKey: string }) {
  const url = useUrl();
  const { route } = useRouter();
  const { openCategories, setCategoryOpen } = useUi();
  const data = useSidebarData();
  const autoCollapse = useContext(AutoCollapse);
  const children = categoryChildren(item, key, data);
  const active = containsRoute({ item, key, route, data });
  const open = !item.collapsible || (openCategories[key] ?? (active || !item.collapsed));
  const current = item.href === route;
  const unknown = children === undefined;
  const { status, load } = data;
  // A category opened or closed before this part hydrated (a `<details>` needs no script) keeps
  // the reader's choice: hydration takes it over instead of drawing the category back.
  const details = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    const shown = details.current?.open;
    if (shown !== undefined && shown !== open) setCategoryOpen(key, shown);
    // Once, at hydration: afterwards `onToggle` keeps the state.
  }, []);

  // Opened with children nobody has sent yet: fetch the full sidebar (after a failure, only on Retry).
  useEffect(() => {
    if (open && unknown && status === 'idle') load();
  }, [open, unknown, status, load]);

  return (
    <li className={`sidebar-category${item.href ? ' has-link' : ''}`}>
      {item.href && (
        <a href={url(item.href)} aria-current={current ? 'page' : undefined}>{item.label}</a>
      )}
      <details
        ref={details}
        open={open}
        // Siblings share a name: the browser keeps one of them open (without script too).
        name={autoCollapse ? `sidebar:${key.slice(0, key.lastIndexOf('/'))}` : undefined}
        onToggle={(event) => {
          const isOpen = (event.currentTarget as HTMLDetailsElement).open;
          if (isOpen !== open) setCategoryOpen(key, isOpen);
        }}
      >
        <summary aria-label={item.href ? `${item.label} section` : undefined}>
          {!item.href && <span className="sidebar-summary-label">{item.label}</span>}
        </summary>
        {children
          ? <SidebarList items={children} path={key} />
          : <LazyPlaceholder category={item} status={open ? status : 'idle'} onRetry={load} />}
      </details>
    </li>
  );
}

/**
 * What a lazy category holds until its children are known: a link to its page, or its first
 * page (always there without JavaScript), and while open the loading state or a Retry.
 */
function LazyPlaceholder({ category, status, onRetry }: { category: Category; status: SidebarData['status']; onRetry: () => void }) {
  const url = useUrl();
  const href = category.href ?? category.firstHref;
  return (
    <ul className="sidebar-list sidebar-lazy">
      {href && (
        <li>
          <a href={url(href)}>{`Show pages in ${category.label}`}</a>
        </li>
      )}
      {status === 'loading' && <li className="sidebar-lazy-status" role="status">Loading pages…</li>}
      {status === 'error' && (
        <li className="sidebar-lazy-status" role="alert">
          {'Could not load these pages. '}
          <button type="button" className="sidebar-retry" onClick={onRetry}>Retry</button>
        </li>
      )}
    </ul>
  );
}
