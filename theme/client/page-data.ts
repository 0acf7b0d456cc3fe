import type { PageData, SiteData } from '../../src/model.ts';
import { siteRouteOf, withBase } from '../runtime/base-url.tsx';

/** What the build inlines in every page (`<script type="application/json" id="__sitegen">`). */
export interface InlineData { site: SiteData; page: PageData }

/**
 * Reads a page's inline data and puts back the HTML the build left out of it (content and
 * excerpts are already in the document, so they are not sent twice). `doc` is the document on
 * screen, or a page fetched for client navigation: each page's HTML is its only data file.
 * Undefined when `doc` is not a page of the site (a redirect page, some other HTML).
 */
export function readInlineData(doc: Document = document): InlineData | undefined {
  const json = doc.getElementById('__sitegen')?.textContent;
  if (!json) return undefined;
  const data = JSON.parse(json) as InlineData;
  const raw = (key: string) => doc.querySelector(`[data-raw="${key}"]`)?.innerHTML ?? '';
  const page = data.page;
  if (page.type === 'doc' || page.type === 'blog-post') page.contentHtml = raw('content');
  if (page.type === 'blog-list') page.posts.forEach((p, i) => { p.excerptHtml = raw(`excerpt-${i}`); });
  return data;
}

/** The URL of a route's page under the site's base: what links point at and navigation fetches. */
export function pageUrl(route: string): string {
  return withBase(route);
}

/** The route a pathname of this site shows (`/docs-site/guide.html` → `/guide`); undefined outside the site's base. */
export function routeOf(pathname: string): string | undefined {
  const inside = siteRouteOf(pathname);
  return inside === undefined ? undefined : cleanPath(inside);
}

/** The route on screen now. */
export function currentRoute(): string {
  return routeOf(window.location.pathname) ?? cleanPath(window.location.pathname);
}

/** `/x.html` and `/x/index.html` → `/x`; `/x/` → `/x`. */
export function cleanPath(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
