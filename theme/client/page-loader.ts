import type { PageData, PageDataFile, SiteData } from '../../src/model.ts';
import { withBase } from '../runtime/base-url.tsx';
import { readInlineData, withSidebarState } from './page-data.ts';
import { routeToDataFile } from '../../src/util/routes.ts';

/*
 * Where client navigation gets the pages it shows (theme/client/navigation.tsx): each route's
 * data file, or its HTML on a site without them, fetched once (prefetching fetches the same) and
 * parsed on the first navigation to it.
 */

/** The URL of a route's data file under the site's base (`/_pages/quickstart.json`). */
function dataUrl(route: string): string {
  return withBase(`/${routeToDataFile(route)}`);
}

/**
 * The route cannot be preloaded (an HTTP error, such as the 404 of a route with no page, or an
 * answer that is not a page's data, such as a host's HTML fallback): load it in full instead.
 */
export class PreloadError extends Error {}

const texts = new Map<string, Promise<string>>();
const pages = new Map<string, Promise<PageData>>();
/** What each loaded page names besides its data (its data file's `scripts` and `sheets`, render-document.ts), by route. */
const extras = new Map<string, Pick<PageDataFile, 'scripts' | 'sheets'>>();

/**
 * Fetches a route's page once, as text: its data file (`PageDataFile`, written beside its HTML
 * by src/render/render-pages.ts), or its HTML on a site without them (`SiteData.pageDataFiles`).
 * What prefetching does; parsing waits for a navigation (`loadPage`). Failures are forgotten so
 * a retry refetches; `fresh` bypasses the HTTP cache (`sitegen dev` after an edit).
 */
function fetchPage(site: SiteData, route: string, options: { fresh?: boolean } = {}): Promise<string> {
  let promise = texts.get(route);
  if (!promise) {
    promise = fetch(site.pageDataFiles ? dataUrl(route) : withBase(route), options.fresh ? { cache: 'no-store' } : undefined).then((res) => {
      if (!res.ok) throw new PreloadError(`${res.status}`);
      return res.text();
    });
    promise.catch(() => texts.delete(route));
    texts.set(route, promise);
  }
  return promise;
}

/** A data file's page, its scripts and stylesheets; a PreloadError when the text is not one (a host's HTML fallback). */
function parseDataFile(text: string): PageDataFile {
  let data: PageDataFile | undefined;
  try {
    data = JSON.parse(text) as PageDataFile;
  } catch {
    // Not JSON: handled below.
  }
  if (!data?.page?.type) throw new PreloadError('not a page');
  return data;
}

/**
 * The same read from a page's HTML (sites without data files): its inline data with the article
 * put back, and what its `<head>` names with `data-page-script` and `data-theme-css`
 * (render-document.ts). A page parses in tens of milliseconds on a slow phone, too long a task to
 * spend on every link that scrolls into view: hence only on navigation.
 */
function parseHtml(html: string): PageDataFile {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const data = readInlineData(doc);
  if (!data) throw new PreloadError('not a page');
  return {
    page: data.page,
    scripts: [...doc.querySelectorAll('script[data-page-script]')].map((s) => s.getAttribute('src')!),
    sheets: [...doc.querySelectorAll('link[data-theme-css]')].map((l) => l.getAttribute('href')!),
  };
}

/** A route's page data, parsed once, on the first navigation to it. */
export function loadPage(site: SiteData, route: string, options: { fresh?: boolean } = {}): Promise<PageData> {
  let promise = pages.get(route);
  if (!promise) {
    promise = fetchPage(site, route, options).then((text) => {
      const data = site.pageDataFiles ? parseDataFile(text) : parseHtml(text);
      extras.set(route, { scripts: data.scripts ?? [], sheets: data.sheets ?? [] });
      return withSidebarState(data.page);
    });
    promise.catch(() => pages.delete(route));
    pages.set(route, promise);
  }
  return promise;
}

/** What prefetching fetches for a route: nothing for a page already loaded (the first one, one visited). */
export function prefetchPage(site: SiteData, route: string): Promise<unknown> {
  return pages.get(route) ?? fetchPage(site, route);
}

/** A page already here (the first one): going back to it, or prefetching links to it, costs nothing. */
export function knownPage(route: string, page: PageData): void {
  pages.set(route, Promise.resolve(page));
}

/** The scripts a loaded page names and the theme's stylesheets it links besides the main one. */
export function pageExtras(route: string): Partial<Pick<PageDataFile, 'scripts' | 'sheets'>> {
  return extras.get(route) ?? {};
}

/** Forgets every page fetched (`sitegen dev` after an edit: any page's data may have changed). */
export function forgetPages(): void {
  pages.clear();
  texts.clear();
}
