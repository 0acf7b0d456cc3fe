import { canPrefetch } from './connection.ts';
import { listenBeforeReact } from '../runtime/listen-before-react.ts';
import { internalRoute } from './internal-route.ts';

/**
 * Loads pages ahead of clicks: on hover, on touch start and when a link scrolls into
 * view. Each route is fetched at most once; results are shared with navigation.
 */
export function createPrefetcher(load: (route: string) => Promise<unknown>) {
  const done = new Set<string>();
  const prefetch = (anchor: HTMLAnchorElement) => {
    const route = internalRoute(anchor);
    if (!route || done.has(route) || !canPrefetch()) return;
    done.add(route);
    load(route).catch(() => done.delete(route));
  };
  const observer = 'IntersectionObserver' in window
    ? new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer!.unobserve(entry.target);
          prefetch(entry.target as HTMLAnchorElement);
        }
      })
    : undefined;
  const onPointer = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (anchor) prefetch(anchor);
  };
  // Ahead of React: links in a part not hydrated yet are prefetched too (listen-before-react.ts).
  listenBeforeReact('mouseover', onPointer);
  listenBeforeReact('touchstart', onPointer);
  return {
    /** Watches the links currently in the document. */
    observeLinks() {
      if (!observer || !canPrefetch()) return;
      for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
        const route = internalRoute(a);
        if (route && !done.has(route)) observer.observe(a);
      }
    },
  };
}
