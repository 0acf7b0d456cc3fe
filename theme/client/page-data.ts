import type { InlineData, PageData, SidebarBranches, SidebarItem, SiteData } from '../../src/model.ts';
import { siteRouteOf, withBase } from '../runtime/base-url.tsx';
import { cleanPath } from '../../src/render/clean-path.ts';

export { cleanPath };

/**
 * Reads a page's inline data and puts back the HTML the build left out of it (content and
 * excerpts are already in the document, so they are not sent twice). `doc` is the document on
 * screen (other pages come from their data files: `dataUrl`). Undefined when `doc` is not a
 * page of the site (a redirect page, some other HTML).
 */
export function readInlineData(doc: Document = document): InlineData | undefined {
  const json = doc.getElementById('__sitegen')?.textContent;
  if (!json) return undefined;
  const data = JSON.parse(json) as InlineData;
  const raw = (key: string) => doc.querySelector(`[data-raw="${key}"]`)?.innerHTML ?? '';
  const page = data.page;
  if (page.type === 'doc' || page.type === 'blog-post' || page.type === 'page') page.contentHtml = raw('content');
  if (page.type === 'blog-list') page.posts.forEach((p, i) => { p.excerptHtml = raw(`excerpt-${i}`); });
  return data;
}

const files = new Map<string, Promise<unknown>>();

/** A JSON file of the build, fetched once (the head script preloaded it); a failure is forgotten, so the next call retries. */
function fetchJson<T>(url: string): Promise<T> {
  let file = files.get(url) as Promise<T> | undefined;
  if (!file) {
    file = fetch(url).then((res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${url}`);
      return res.json() as Promise<T>;
    });
    file.catch(() => files.delete(url));
    files.set(url, file);
  }
  return file;
}

/** The site data every page names (`InlineData.siteUrl`: one file for the whole site, not a copy per page). */
export function loadSiteData(data: InlineData): Promise<SiteData> {
  return fetchJson<SiteData>(data.siteUrl);
}

/**
 * Big sites: puts back the sidebar state the build wrote once for all the pages of a category
 * (`page.sidebarState`, preloaded by the head script) instead of into each page. Fetched once
 * per file; a failed fetch is forgotten, so the next page retries.
 */
export async function withSidebarState(page: PageData): Promise<PageData> {
  if ((page.type !== 'doc' && page.type !== 'category') || !page.sidebarState) return page;
  const { branches, items } = await fetchJson<{ branches?: SidebarBranches; items?: SidebarItem[] }>(withBase(page.sidebarState));
  return { ...page, sidebarBranches: branches, sidebarItems: items };
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

