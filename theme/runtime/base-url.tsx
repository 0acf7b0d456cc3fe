import { createContext, useContext } from 'react';
import { publicUrl, stripBase } from '../../src/util/public-url.ts';

/** The site's `baseUrl` (`/`, `/docs-site/`), provided once by the app. */
export const BaseUrlContext = createContext('/');

/**
 * `url('/guide')` → `/docs-site/guide`: what a link or image of the theme must point at. Data
 * (routes, sidebar hrefs) stays site-relative; only markup gets the base, here, in one place.
 * Relative, `#hash` and external URLs are returned unchanged.
 */
export function useUrl(): (path: string) => string {
  const baseUrl = useContext(BaseUrlContext);
  return (path) => publicUrl({ baseUrl, path });
}

/**
 * The base of the document the client runtime runs in, for code outside React (fetches of
 * chunks, the sidebar file and the search index; reading `location`). Set once at start from
 * the inline site data; the server never reads it.
 */
let documentBase = '/';

export function setDocumentBase(baseUrl: string): void {
  documentBase = baseUrl;
}

/** `withBase('/_chunks/a.json')` → `/docs-site/_chunks/a.json` in this document. */
export function withBase(path: string): string {
  return publicUrl({ baseUrl: documentBase, path });
}

/** The site route of a pathname of this document (`/docs-site/guide` → `/guide`); undefined outside the site. */
export function siteRouteOf(pathname: string): string | undefined {
  return stripBase({ baseUrl: documentBase, path: pathname });
}
