import { LazySearchModal } from '../search/lazy-search-modal.tsx';
import { LazyMobileMenu } from '../layout/navbar.tsx';
import { LazyChunkLoadError, LazyCrashScreen } from '../pages/error-boundary.tsx';
import { pageModulePrefetches } from '../pages/page-modules.ts';

/**
 * What a first visit leaves out, fetched once the page is up and the browser idle: the other
 * page modules, the search modal, the mobile menu and the error screens (needed when the
 * network fails, so fetched while it works).
 */
export function prefetchLater(): void {
  // One module per idle period: each is evaluated when it arrives, in a task of its own.
  const tasks = [
    ...pageModulePrefetches(),
    ...[LazySearchModal, LazyMobileMenu, LazyChunkLoadError, LazyCrashScreen].map((lazy) => lazy.preload),
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

