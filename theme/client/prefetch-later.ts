import { LazySearchModal } from '../search/lazy-search-modal.tsx';
import { LazyChunkLoadError, LazyCrashScreen } from '../pages/error-boundary.tsx';
import { pageModulePrefetches } from '../pages/page-modules.ts';
import { canPrefetch } from './connection.ts';

/** What shows intent: pointing at, touching or focusing something the reader can follow or press. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;
const ACTIONABLE = 'a[href], button, summary, input, [role="button"]';

/**
 * What a first visit leaves out: the other page modules, the search modal, the mobile menu and
 * the error screens (needed when the network fails, so fetched while it works). They wait for
 * the reader's first sign of intent (pointing at, touching or focusing a link, a button or the
 * search box), not for the browser to be idle: a reader who only reads downloads no script
 * beyond the page's own, and a page's first-visit JavaScript is what loads until the network is
 * idle (issue 29). Pages themselves are still prefetched on hover, touch or when visible
 * (prefetch.ts). `<html data-prefetch>` says `waiting`, then `started`.
 */
export function prefetchLater(): void {
  // On 2g or with the data saver on, each comes only when it is needed.
  if (!canPrefetch()) return;
  const root = document.documentElement;
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest(ACTIONABLE)) return;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    root.setAttribute('data-prefetch', 'started');
    prefetchAll();
  };
  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  root.setAttribute('data-prefetch', 'waiting');
}

function prefetchAll(): void {
  // One module per idle period: each is evaluated when it arrives, in a task of its own.
  const tasks = [
    ...pageModulePrefetches(),
    ...[LazySearchModal, LazyChunkLoadError, LazyCrashScreen].map((lazy) => lazy.preload),
  ];
  const next = () => {
    const task = tasks.shift();
    if (task) Promise.resolve(task()).finally(() => whenIdle(next));
  };
  next();
}

/** Runs `task` when the browser is idle (after a short wait where it cannot say). */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 200);
}
