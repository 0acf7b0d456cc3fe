import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PageData, SiteData } from '../src/model.ts';
import { AnnouncementBar, BackToTop, Footer, NavbarHider, PageBody } from './layout/later-parts.tsx';
import { Navbar } from './layout/navbar.tsx';
import { ErrorBoundary, LazyChunkLoadError } from './pages/error-boundary.tsx';
import { BaseUrlContext } from './runtime/base-url.tsx';
import { LazySearchModal } from './search/lazy-search-modal.tsx';
import { RouterContext, type RouterState } from './runtime/router-context.tsx';
import { SidebarDataContext, useSidebarLoader, useSidebarSkeleton } from './runtime/sidebar-data.tsx';
import { UiContext } from './runtime/ui-context.tsx';
import { focusPageBox, isSearchShortcut, type EarlySearchWindow } from '../src/render/early-search.browser.ts';


/** Navigation status driven by the client router; always `idle` on the server. */
export type LoadStatus = { state: 'idle' } | { state: 'loading' } | { state: 'error'; retry: () => void };

/** The whole page: chrome plus the page component for `page.type`. */
export function App({ site, page, router, status = { state: 'idle' } }: {
  site: SiteData; page: PageData; router: RouterState; status?: LoadStatus;
}) {
  const [search, setSearch] = useState<{ query: string; takeOver?: boolean } | null>(null);
  const [openCategories, setOpenCategories] = useState<Record<string, boolean>>({});
  const openSearch = useCallback((query = '') => setSearch({ query }), []);
  const setCategoryOpen = useCallback((key: string, open: boolean) => setOpenCategories((s) => ({ ...s, [key]: open })), []);
  // The same value while nothing in it changes: parts not hydrated yet must see no update (theme/runtime/later.tsx).
  const ui = useMemo(() => ({ openSearch, openCategories, setCategoryOpen }), [openSearch, openCategories, setCategoryOpen]);

  const takeOverEarlySearch = useCallback(() => setSearch({ query: '', takeOver: true }), []);
  useSearchShortcuts(openSearch, takeOverEarlySearch);

  // The docs sidebar this page belongs to, if any (a doc no sidebar lists has none).
  const docsPage = page.type === 'doc' || page.type === 'category' ? page : undefined;
  const sidebarName = docsPage?.sidebar;
  // A sidebar too big to inline (very big sites) shows the page's own part until its skeleton loads.
  const skeleton = useSidebarSkeleton(sidebarName === undefined ? undefined : site.sidebarSkeletonUrls?.[sidebarName]);
  const sidebar = sidebarName === undefined ? undefined : site.sidebars[sidebarName] ?? skeleton ?? docsPage?.sidebarItems;
  const sidebarData = useSidebarLoader({
    url: sidebarName === undefined ? undefined : site.sidebarUrls?.[sidebarName],
    branches: docsPage?.sidebarBranches,
  });
  return (
    <BaseUrlContext.Provider value={site.baseUrl}>
    <RouterContext.Provider value={router}>
      <UiContext.Provider value={ui}>
        <SidebarDataContext.Provider value={sidebarData}>
          <a className="skip-link" href="#main-content">Skip to main content</a>
          {site.announcementBar && <AnnouncementBar bar={site.announcementBar} />}
          <Navbar site={site} withSidebar={sidebar !== undefined} highlight={highlightedRoute(page, router, status)} version={page.type === 'doc' || page.type === 'category' ? page.version : undefined} />
          <div className="page-body" data-page-type={page.type}>
            {status.state === 'error'
              ? <LazyChunkLoadError onRetry={status.retry} />
              : (
                <ErrorBoundary resetKey={page.route}>
                  <PageBody site={site} page={page} sidebar={sidebar} />
                </ErrorBoundary>
              )}
          </div>
          <Footer footer={site.footer} />
          <BackToTop />
          {site.navbar.hideOnScroll && <NavbarHider />}
          {search && <LazySearchModal site={site} initialQuery={search.query} takeOver={search.takeOver} onClose={() => setSearch(null)} />}
        </SidebarDataContext.Provider>
      </UiContext.Provider>
    </RouterContext.Provider>
    </BaseUrlContext.Provider>
  );
}

/**
 * The route whose navbar item is current: none on the 404 page (no item holds it); after a
 * failed page load, the route the reader asked for (the URL), not the page still in memory.
 */
function highlightedRoute(page: PageData, router: RouterState, status: LoadStatus): string | undefined {
  if (status.state === 'error') return typeof window === 'undefined' ? undefined : window.location.pathname;
  return page.type === 'not-found' ? undefined : router.route;
}

/**
 * Ctrl+K / Cmd+K anywhere, and `/` when not typing in a field, open search (`/` on the search
 * page focuses its own box). Until hydration the inline head script took them (and opened its
 * early box, src/render/early-search.browser.ts): a shortcut it took opens the modal now, which
 * takes the box over, unless the reader has closed the box by the time the modal renders.
 */
function useSearchShortcuts(openSearch: () => void, takeOverEarlySearch: () => void): void {
  useEffect(() => {
    const early = window as EarlySearchWindow;
    if (early.__sitegenKeys) {
      window.removeEventListener('keydown', early.__sitegenKeys);
      early.__sitegenKeys = undefined;
    }
    if (early.__sitegenSearch) {
      early.__sitegenSearch = 0;
      takeOverEarlySearch();
    }
  }, [takeOverEarlySearch]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Open, search's box or modal is on the page (the early box too, while the modal's code comes).
      if (document.querySelector('.search-modal-root') || !isSearchShortcut(event)) return;
      event.preventDefault();
      if (event.key !== '/' || !focusPageBox()) openSearch();
    };
    // In the capture phase, ahead of React: from a link in a part not hydrated yet too
    // (theme/runtime/listen-before-react.ts says why; not called here, for the bytes of the first visit).
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [openSearch]);
}
