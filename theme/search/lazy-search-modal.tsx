import { lazyComponent } from '../runtime/lazy-component.tsx';
import { withBase } from '../runtime/base-url.tsx';

/**
 * The search modal's code is fetched when it first opens, or ahead when the browser is idle (so
 * the first Ctrl+K does not wait; a pointer over the search button or focus on it fetches it too).
 * If it cannot be fetched, the search page takes the query.
 */
export const LazySearchModal = lazyComponent(
  () => import('./search-modal.tsx').then((m) => m.SearchModal),
  ({ site, initialQuery }) => window.location.assign(`${withBase(`/${site.search.searchPagePath}`)}?q=${encodeURIComponent(initialQuery)}`),
);
