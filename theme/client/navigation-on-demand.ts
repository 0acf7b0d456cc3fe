import { internalRoute } from './internal-route.ts';

/**
 * Client navigation and the parts hydrated with it (sidebar, pagination, footer) come when the
 * reader shows they may follow a link, not at the first sign of intent (issue 41 › 4: a reader
 * who moves the pointer over the text fetches only the page's own scripts): the pointer over a
 * link of the site, a touch on one, or focus on one starts them (`start`), with `ahead`; on 2g or
 * with the data saver on (`ahead` false) only a click does (issue 41 › 3). A click before they are
 * up waits for them, then follows the link by client navigation (`navigate`); if they cannot
 * come, the link loads the page in full. `<html data-navigation>` says `on-demand` meanwhile.
 * Returns the remover.
 *
 * The listeners capture on the window: React stops an event inside a part it has not hydrated
 * yet (the sidebar, whose code has not come) from reaching listeners further up.
 */
export function navigationOnDemand(options: { start: () => Promise<unknown>; navigate: (href: string) => void; ahead: boolean }): () => void {
  const root = document.documentElement;
  root.setAttribute('data-navigation', 'on-demand');
  let loading: Promise<unknown> | undefined;
  const load = () => {
    loading ??= options.start().then(() => import('./navigation.tsx')).then(navigationReady);
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const link = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    return anchor && internalRoute(anchor) ? anchor : undefined;
  };
  const onIntent = (event: Event) => {
    if (link(event)) load().catch(() => {});
  };
  const onClick = (event: MouseEvent) => {
    if (root.getAttribute('data-navigation') === 'ready') return remove();
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = link(event);
    if (!anchor) return;
    // A link within the page is the browser's to follow.
    if (anchor.pathname === window.location.pathname && anchor.search === window.location.search && anchor.hash) return;
    event.preventDefault();
    const href = anchor.href;
    load().then(() => options.navigate(href), () => window.location.assign(href));
  };
  const intents = options.ahead ? ['pointerover', 'touchstart', 'focusin'] : [];
  for (const type of intents) window.addEventListener(type, onIntent, { capture: true, passive: true });
  window.addEventListener('click', onClick, true);
  // The pointer may already rest on a link (it came there before hydration), or focus be on one.
  if (options.ahead && [...document.querySelectorAll('a:hover'), document.activeElement].some((el) => el instanceof HTMLAnchorElement && internalRoute(el))) {
    load().catch(() => {});
  }
  const remove = () => {
    for (const type of intents) window.removeEventListener(type, onIntent, true);
    window.removeEventListener('click', onClick, true);
  };
  return remove;
}

/** Resolves once client navigation says it is up (`<html data-navigation="ready">`). */
function navigationReady(): Promise<void> {
  const root = document.documentElement;
  return new Promise((resolve) => {
    const check = () => {
      if (root.getAttribute('data-navigation') !== 'ready') return;
      observer.disconnect();
      resolve();
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { attributes: true, attributeFilter: ['data-navigation'] });
    check();
  });
}
