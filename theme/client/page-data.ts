import type { PageData, SiteData } from '../../src/model.ts';
import { siteRouteOf, withBase } from '../runtime/base-url.tsx';

/** What the build inlines in every page (`<script type="application/json" id="__sitegen">`). */
export interface InlineData { site: SiteData; page: PageData }

/**
 * Reads the inline data and puts back the HTML the build left out of it (content and excerpts
 * are already in the DOM, so they are not sent twice).
 */
export function readInlineData(): InlineData {
  const data = JSON.parse(document.getElementById('__sitegen')!.textContent!) as InlineData;
  const raw = (key: string) => document.querySelector(`[data-raw="${key}"]`)?.innerHTML ?? '';
  const page = data.page;
  if (page.type === 'doc' || page.type === 'blog-post') page.contentHtml = raw('content');
  if (page.type === 'blog-list') page.posts.forEach((p, i) => { p.excerptHtml = raw(`excerpt-${i}`); });
  return data;
}

/** Page chunk URL for a route, under the site's base (mirrors `routeToChunk` in the build). */
export function chunkUrl(route: string): string {
  return withBase(route === '/' ? '/_chunks/index.json' : `/_chunks${route}.json`);
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
