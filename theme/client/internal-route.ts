import { routeOf } from './page-data.ts';

/**
 * The route an anchor points to when client navigation may handle it, else undefined: a module
 * of its own, as both the first-visit code (navigation-on-demand.ts) and navigation need it.
 */
export function internalRoute(anchor: HTMLAnchorElement): string | undefined {
  if (anchor.target && anchor.target !== '_self') return undefined;
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return undefined;
  // A page of a locale (the locale menu, `hreflang`): each locale is a site of its own, loaded in full.
  if (anchor.hreflang) return undefined;
  const path = anchor.pathname;
  // Files such as feeds, images and the search index are not pages.
  if (/\.(xml|json|txt|svg|png|jpe?g|gif|webp|pdf|zip|js|css)$/i.test(path)) return undefined;
  return routeOf(path);
}
