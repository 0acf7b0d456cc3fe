import { internalRoute } from './prefetch.ts';

/**
 * On 2g or with the data saver on, client navigation and the parts hydrated later (sidebar, TOC,
 * footer…) are not fetched ahead of a need (issue 41 › 3): until then the page is as the server
 * drew it, which works. The first click on a link to another page of the site is the need: it
 * brings them (`start`, then the navigation module), then follows the link by client navigation
 * (`navigate`); if they cannot come, the link loads the page in full. `<html data-navigation>`
 * says `on-demand` meanwhile. Returns the remover.
 */
export function navigationOnDemand(options: { start: () => Promise<unknown>; navigate: (href: string) => void }): () => void {
  const root = document.documentElement;
  root.setAttribute('data-navigation', 'on-demand');
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !internalRoute(anchor)) return;
    // A link within the page is the browser's to follow.
    if (anchor.pathname === window.location.pathname && anchor.search === window.location.search && anchor.hash) return;
    event.preventDefault();
    window.removeEventListener('click', onClick, true);
    const href = anchor.href;
    options.start()
      .then(() => import('./navigation.tsx'))
      .then(() => navigationReady())
      .then(() => options.navigate(href), () => window.location.assign(href));
  };
  // Capturing, on the window: React stops a click inside a part it has not hydrated (the sidebar,
  // whose code has not come) from reaching listeners further up; this one sees it before.
  window.addEventListener('click', onClick, true);
  return () => window.removeEventListener('click', onClick, true);
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
