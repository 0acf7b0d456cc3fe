// The search page's query before hydration, run by the inline head script
// (head-script.browser.ts) on the page that hydrates at once. Issue 41 (readers keep what they
// typed: the early search box sends its query here when the modal cannot come).

/**
 * The search page loaded with `?q=`: its box shows the query from the first frame, not from
 * hydration (0.3–1 s later here; more on a slow link), and `<html data-search-query>` tells its
 * stylesheet that results are on their way (search-page.css). The server drew the box empty; the
 * page hydrates as it drew it and then reads `q` itself (theme/search/search-page.tsx, which
 * removes the attribute once its own state shows). The box is filled as the parser inserts it:
 * a mutation observer's records are delivered before the browser next renders.
 */
export function showQuery(root: HTMLElement): void {
  let query: string | null = null;
  try {
    query = new URLSearchParams(location.search).get('q');
  } catch {
    // No URLSearchParams: the box fills at hydration, as before.
  }
  if (!query || !window.MutationObserver) return;
  const text = query;
  const fill = (): boolean => {
    const box = document.getElementById('search-page-input') as HTMLInputElement | null;
    if (!box) return false;
    if (!box.value) box.value = text;
    root.setAttribute('data-search-query', '');
    return true;
  };
  const watch = new MutationObserver(() => {
    if (fill()) watch.disconnect();
  });
  watch.observe(root, { childList: true, subtree: true });
  addEventListener('DOMContentLoaded', () => watch.disconnect());
}
