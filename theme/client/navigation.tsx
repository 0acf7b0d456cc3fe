import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { SiteData } from '../../src/model.ts';
import type { LoadStatus } from '../app.tsx';
import { navigationReady } from './early-updates.ts';
import { prefetchLater } from './prefetch-later.ts';
import { addPageScripts, addPageStylesheets, linkPageStylesheets, linkThemeStylesheets, unlinkOtherPageStylesheets, updateHead } from './head.ts';
import { currentRoute, routeOf } from './page-data.ts';
import { forgetPages, knownPage, loadPage, pageExtras, prefetchPage, PreloadError } from './page-loader.ts';
import { withBase } from '../runtime/base-url.tsx';
import { createPrefetcher } from './prefetch.ts';
import { internalRoute } from './internal-route.ts';
import { createScrollHistory, currentPosition, restorePosition, type ScrollHistory, type ScrollPosition } from './scroll-history.ts';
import { loadPageModule } from '../pages/page-modules.ts';
import type { View } from './runtime.tsx';

/** Delay before the progress bar shows (seed spec §9). */
const PROGRESS_DELAY_MS = 200;

/** What the client root hands to navigation: the page on screen and how to change it. */
export interface NavigationProps {
  site: SiteData;
  view: View;
  setView: Dispatch<SetStateAction<View>>;
  setStatus: Dispatch<SetStateAction<LoadStatus>>;
  /** Where the root's links and search UI navigate through: set to client navigation. */
  navigateTo: MutableRefObject<(href: string) => void>;
}

/**
 * Client-side navigation, loaded after hydration (theme/client/runtime.tsx): renders only the
 * progress bar of a slow navigation; once its listeners are on, `<html data-navigation="ready">` says so.
 */
export function Navigation(props: NavigationProps): React.JSX.Element | null {
  const { site, view, navigateTo } = props;
  // The bar a slow navigation shows: here, not in the client root, so that a first visit's
  // scripts carry none of it.
  const [progress, setProgress] = useState(false);
  const [scrollHistory] = useState(() => {
    // The first page is already here: going back to it, or prefetching links to it, costs nothing.
    knownPage(view.route, view.page);
    return createScrollHistory();
  });
  const nav = useNavigation({ ...props, setProgress }, scrollHistory);
  // A page already loaded (the first one, one visited) is not fetched again.
  const prefetcher = useMemo(() => createPrefetcher((route) => prefetchPage(site, route)), [site]);
  useLinksAndHistory(nav, scrollHistory);
  useDevUpdates(nav, site);
  usePageChange(view, prefetcher, site);
  useEffect(() => {
    navigateTo.current = nav.navigate;
    document.documentElement.setAttribute('data-navigation', 'ready');
  }, [navigateTo, nav.navigate]);
  // The other modules wait for the reader to point at something (part of this module, so that a
  // first visit does not download it).
  useEffect(prefetchLater, []);
  return progress ? <div className="progress-bar" role="progressbar" aria-label="Loading page" aria-valuetext="Loading" /> : null;
}

/** How the page on screen changes. */
interface Navigation {
  setView: Dispatch<SetStateAction<View>>;
  /** What is on screen, for listeners: a change of `#hash` only is not a new page. */
  shown: { current: View };
  /** Loads and shows a page; see `useNavigation`. */
  go(options: { href: string; push: boolean; scroll?: ScrollPosition }): Promise<void>;
  /** Follows a link: another origin or outside the base loads normally, `#hash` on this page scrolls. */
  navigate(href: string): void;
  /** Drops the answer of any load under way (a newer load or a hash change supersedes it). */
  cancel(): void;
}

function useNavigation(props: NavigationProps & { setProgress: Dispatch<SetStateAction<boolean>> }, scrollHistory: ScrollHistory): Navigation {
  const { site, view, setView, setStatus, setProgress } = props;
  const requestId = useRef(0);
  const shown = useRef(view);
  shown.current = view;

  /**
   * Loads and shows the page at `href`. `push` adds a history entry (a click); otherwise the
   * URL is already right (back/forward, Retry) and `scroll` is the position to restore.
   */
  const go = useCallback(async ({ href, push, scroll }: { href: string; push: boolean; scroll?: ScrollPosition }) => {
    const url = new URL(href, window.location.href);
    const route = routeOf(url.pathname);
    if (route === undefined) {
      // Outside the site's base: not a page of this site.
      window.location.assign(url.href);
      return;
    }
    const id = ++requestId.current;
    setStatus({ state: 'loading' });
    const timer = setTimeout(() => setProgress(true), PROGRESS_DELAY_MS);
    try {
      const page = await loadPage(site, route);
      await loadPageModule(page.type).catch(() => {
        throw new PreloadError('page module');
      });
      if (id !== requestId.current) return;
      await Promise.all([linkPageStylesheets(page), linkThemeStylesheets(pageExtras(route).sheets)]);
      if (id !== requestId.current) return;
      if (push) scrollHistory.push(withBase(route) + url.search + url.hash);
      setView((v) => ({ page, route, search: url.search, hash: url.hash, scroll, key: v.key + 1 }));
      setStatus({ state: 'idle' });
    } catch (error) {
      if (id !== requestId.current) return;
      if (error instanceof PreloadError) {
        window.location.assign(url.href);
        return;
      }
      if (push) scrollHistory.push(withBase(route) + url.search + url.hash);
      setStatus({ state: 'error', retry: () => void go({ href: url.href, push: false }) });
    } finally {
      clearTimeout(timer);
      if (id === requestId.current) setProgress(false);
    }
  }, [site, scrollHistory, setView, setStatus, setProgress]);

  const navigate = useCallback((href: string) => {
    const url = new URL(href, window.location.href);
    const route = url.origin === window.location.origin ? routeOf(url.pathname) : undefined;
    if (route === undefined) {
      window.location.assign(url.href);
      return;
    }
    if (route === currentRoute() && url.search === window.location.search && url.hash) {
      window.location.hash = url.hash;
      return;
    }
    void go({ href: url.href, push: true });
  }, [go]);

  const cancel = useCallback(() => {
    ++requestId.current;
    setStatus({ state: 'idle' });
  }, [setStatus]);
  return { setView, shown, go, navigate, cancel };
}

/** Link clicks and back/forward. */
function useLinksAndHistory(nav: Navigation, scrollHistory: ScrollHistory): void {
  const { go, navigate, cancel, shown } = nav;
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || !anchor.href) return;
      const route = internalRoute(anchor);
      if (!route) return;
      const sameRoute = route === currentRoute() && anchor.search === window.location.search;
      if (sameRoute && anchor.hash) return; // In-page anchor: the browser scrolls natively.
      event.preventDefault();
      navigate(anchor.href);
    };
    const onPop = () => {
      const scroll = scrollHistory.pop();
      const { route, search } = shown.current;
      if (currentRoute() === route && window.location.search === search) {
        // Same page, another `#hash` entry: no reload of the page; the browser scrolls to a
        // hash target itself, and a position saved for the entry wins.
        cancel();
        if (scroll !== undefined) restorePosition(scroll);
        return;
      }
      void go({ href: window.location.href, push: false, scroll });
    };
    document.addEventListener('click', onClick);
    window.addEventListener('popstate', onPop);
    return () => {
      document.removeEventListener('click', onClick);
      window.removeEventListener('popstate', onPop);
    };
  }, [go, navigate, cancel, shown, scrollHistory]);
}

/**
 * `sitegen dev`: after a Markdown edit, the dev script asks for the page's new data; shown in
 * place, as a client navigation to the same route would, keeping the scroll position, the open
 * sidebar categories and everything else the reader set. Cancelling the event tells the dev
 * script not to reload; a failure reloads.
 */
function useDevUpdates(nav: Navigation, site: SiteData): void {
  const { shown, setView } = nav;
  useEffect(() => {
    const onUpdate = (event: Event) => {
      event.preventDefault();
      // Every page's data may have changed (a renamed heading others link to): fetch anew.
      forgetPages();
      const { route } = shown.current;
      loadPage(site, route, { fresh: true }).then(
        (page) => setView((v) => (v.route === route ? { ...v, page, scroll: currentPosition(), inPlace: true } : v)),
        () => window.location.reload(),
      );
    };
    window.addEventListener('sitegen:update', onUpdate);
    navigationReady();
    return () => window.removeEventListener('sitegen:update', onUpdate);
  }, [shown, setView, site]);
}

/** After each page change: head tags, scroll, focus and announcement, link prefetching. */
function usePageChange(view: View, prefetcher: ReturnType<typeof createPrefetcher>, site: SiteData): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    prefetcher.observeLinks();
    if (first.current) {
      first.current = false;
      return;
    }
    updateHead(view.page);
    addPageStylesheets(site.pageStylesheets);
    unlinkOtherPageStylesheets(view.page);
    addPageScripts(pageExtras(view.route).scripts);
    if (view.inPlace) {
      // The content may be shorter or longer now: stay where the reader was.
      if (view.scroll !== undefined) restorePosition(view.scroll);
      return;
    }
    const target = view.hash ? document.getElementById(decodeURIComponent(view.hash.slice(1))) : null;
    if (view.scroll !== undefined) restorePosition(view.scroll);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    const main = document.getElementById('main-content');
    main?.focus({ preventScroll: true });
    announce(view.page.title);
  }, [view, prefetcher, site]);
}

/** Tells screen readers that a new page is shown. */
function announce(title: string): void {
  announcer().textContent = title;
}

/** The live region for route announcements, in the markup from the start (render-document.ts). */
function announcer(): HTMLElement {
  let region = document.getElementById('route-announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'route-announcer';
    region.className = 'sr-only';
    region.setAttribute('aria-live', 'assertive');
    region.setAttribute('aria-atomic', 'true');
    document.body.append(region);
  }
  return region;
}
