import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PageData, SiteData } from '../../src/model.ts';
import { App, type LoadStatus } from '../app.tsx';
import { listenForCopyButtons } from './copy-buttons.ts';
import { cleanPath, loadSiteData, readInlineData, withSidebarState } from './page-data.ts';
import { setDocumentBase } from '../runtime/base-url.tsx';
import { needsBodyAtStart } from '../pages/page-modules.ts';
import { setFirstPage } from '../layout/later-parts.tsx';
import { lazyComponent } from '../runtime/lazy-component.tsx';
import { holdEarlyUpdates } from './early-updates.ts';
import type { ScrollPosition } from './scroll-history.ts';
import { onFirstIntent } from './first-intent.ts';
import { canPrefetch } from './connection.ts';
import { navigationOnDemand } from './navigation-on-demand.ts';
import { loadLater } from '../runtime/later.tsx';

/** The page on screen. */
export interface View {
  page: PageData; route: string; search: string; hash: string; scroll?: ScrollPosition; key: number;
  /** New data for the page on screen (`sitegen dev` after an edit): no scroll, focus or announcement. */
  inPlace?: boolean;
}

/**
 * Client-side navigation (theme/client/navigation.tsx): link clicks, back/forward, prefetching,
 * `sitegen dev` updates. It comes when the reader first points at, touches or focuses a link
 * (navigation-on-demand.ts), with the parts hydrated with it; a click before then waits for it,
 * and if it cannot be downloaded, links load pages as plain links do.
 */
const LazyNavigation = lazyComponent(() => import('./navigation.tsx').then((m) => m.Navigation), () => {});

/** Loads a page in full: how links work until client navigation is up. */
const loadInFull = (href: string) => window.location.assign(href);

/** Client root: owns the page on screen, which client navigation changes. */
function ClientRoot({ site, initial, onHydrated }: { site: SiteData; initial: PageData; onHydrated: () => void }) {
  const [view, setView] = useState<View>(() => ({
    page: initial, route: initial.route, search: window.location.search, hash: window.location.hash, key: 0,
  }));
  const [status, setStatus] = useState<LoadStatus>({ state: 'idle' });
  // Links and the search UI navigate through this, which client navigation takes over when it
  // arrives: a stable function, so its arrival re-renders nothing.
  const navigateTo = useRef<(href: string) => void>(loadInFull);
  const navigate = useCallback((href: string) => navigateTo.current(href), []);
  const [idle, setIdle] = useState(false);
  // Navigation, which changes what the page shows, once the parts hydrated later have their code.
  const startNavigation = useCallback(() => loadLater().then(() => startTransition(() => setIdle(true))), []);
  // Hydrated (effects run after the commit): start() resolves.
  useEffect(onHydrated, [onHydrated]);
  // After the first sign of intent: navigation when the reader points at a link (on 2g or with
  // the data saver on, at the first click on one), the parts for reading when they first scroll.
  // (Navigation, once up, starts waiting for intent to prefetch the rest: prefetch-later.ts.)
  useEffect(() => {
    let remove = () => {};
    const stopWaiting = onFirstIntent(() => {
      const ahead = canPrefetch();
      const removeNavigation = navigationOnDemand({ start: startNavigation, navigate, ahead });
      const removeReading = ahead ? whenScrolled(() => loadLater('reading').catch(() => {})) : () => {};
      remove = () => {
        removeNavigation();
        removeReading();
      };
    });
    return () => {
      stopWaiting();
      remove();
    };
  }, [startNavigation, navigate]);
  // The mobile menu's code when the reader first opens it (before hydration too: a first tap).
  useEffect(() => whenMenuOpened(() => {
    loadLater('menu').catch(() => {});
  }), []);
  // A dev update before then brings navigation at once (it shows the update in place).
  useEffect(() => holdEarlyUpdates(() => {
    startNavigation().catch(() => {});
  }), [startNavigation]);
  const router = useMemo(() => ({ route: view.route, search: view.search, navigate }), [view.route, view.search, navigate]);
  // The same element while the page is the same: mounting navigation does not re-render the page.
  const app = useMemo(() => <App site={site} page={view.page} router={router} status={status} />, [site, view.page, router, status]);
  return (
    <>
      {app}
      {idle && <LazyNavigation site={site} view={view} setView={setView} setStatus={setStatus} navigateTo={navigateTo} />}
    </>
  );
}

/**
 * Hydrates the page once the document is parsed and the page's module is loaded. Resolves once
 * React has hydrated it (its effects have run).
 */
export async function start(): Promise<void> {
  // The head script loads the entry after the first paint, which on a long page can come
  // before the parser has reached the inline data at the end of <body>.
  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  // `/x.html` and `/x/index.html` show as `/x`, keeping query and hash.
  const clean = cleanPath(window.location.pathname);
  if (clean !== window.location.pathname) {
    window.history.replaceState(window.history.state, '', clean + window.location.search + window.location.hash);
  }
  listenForCopyButtons();
  const data = readInlineData()!;
  const inline = data.page;
  // The page's body: hydrated later unless it needs script at once (theme/layout/later-parts.tsx).
  // Loaded meanwhile; its failure is handled where it is awaited, below.
  setFirstPage(inline.type);
  const pageModule = needsBodyAtStart(inline.type) ? loadLater('page') : Promise.resolve();
  pageModule.catch(() => undefined);
  // The site data's file comes before the sidebar state: its base URL places the other files.
  // Without it (a fetch that failed twice) the page stays as the server made it, which works
  // without JavaScript.
  const site = await retryOnce(() => loadSiteData(data));
  setDocumentBase(site.baseUrl);
  // Without its sidebar state (a fetch that failed twice), the sidebar is drawn again on the client.
  const state = retryOnce(() => withSidebarState(inline)).catch(() => inline);
  const [page] = await Promise.all([state, pageModule]);
  // A transition: React hydrates in slices of a few milliseconds, yielding to the browser in
  // between, instead of in one long task.
  return new Promise((resolve) => {
    startTransition(() => {
      hydrateRoot(document.getElementById('__root')!, <ClientRoot site={site} initial={page} onHydrated={resolve as () => void} />);
    });
  });
}

/**
 * Runs `task` once the mobile menu (`.navbar-menu`, a `<details>`) is open: at once if it already
 * is, else at its first opening. Returns the remover.
 */
function whenMenuOpened(task: () => void): () => void {
  if (document.querySelector('.navbar-menu[open]')) {
    task();
    return () => {};
  }
  // `toggle` does not bubble: heard on its way down.
  const onToggle = (event: Event) => {
    const target = event.target as Element;
    if (!target.matches('.navbar-menu[open]')) return;
    document.removeEventListener('toggle', onToggle, true);
    task();
  };
  document.addEventListener('toggle', onToggle, true);
  return () => document.removeEventListener('toggle', onToggle, true);
}

/** Runs `task` once the page is scrolled (at once if it is); returns the remover. */
function whenScrolled(task: () => void): () => void {
  if (window.scrollY > 0) {
    task();
    return () => {};
  }
  const onScroll = () => {
    window.removeEventListener('scroll', onScroll);
    task();
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => window.removeEventListener('scroll', onScroll);
}

/** `load()`, and once more half a second after a failure (a dropped connection, a busy server). */
function retryOnce<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(() => new Promise((resolve) => setTimeout(resolve, 500)).then(load));
}
