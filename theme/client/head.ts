import type { PageData, SiteData } from '../../src/model.ts';
import { withBase } from '../runtime/base-url.tsx';

function setMeta(selector: string, attr: 'content' | 'href', value: string | undefined): void {
  const el = document.head.querySelector(selector);
  if (el && value !== undefined) el.setAttribute(attr, value);
}

/** Updates title, description, canonical and social tags after a client navigation. */
export function updateHead(page: PageData): void {
  document.title = page.head.title;
  const canonical = document.head.querySelector('link[rel="canonical"]');
  const origin = canonical ? new URL(canonical.getAttribute('href')!).origin : window.location.origin;
  const url = origin + withBase(page.route);
  setMeta('meta[name="description"]', 'content', page.head.description);
  setMeta('meta[property="og:title"]', 'content', page.head.title);
  setMeta('meta[property="og:description"]', 'content', page.head.description);
  setMeta('meta[property="og:url"]', 'content', url);
  setMeta('meta[name="twitter:title"]', 'content', page.head.title);
  setMeta('meta[name="twitter:description"]', 'content', page.head.description);
  setMeta('link[rel="canonical"]', 'href', url);
}

/**
 * Links the configured page stylesheets (the KaTeX CSS) once the page on screen has math. The
 * server links them only on math pages, so a client navigation from a page without math must
 * add them; once added they stay, as later math pages need them too.
 */
export function addPageStylesheets(sheets: SiteData['pageStylesheets']): void {
  if (!sheets || !document.querySelector('#__root .katex')) return;
  const linked = new Set([...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')));
  for (const sheet of sheets) {
    if (linked.has(sheet.href) || linked.has(withBase(sheet.href))) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = withBase(sheet.href);
    if (sheet.integrity) link.integrity = sheet.integrity;
    if (sheet.crossorigin) link.crossOrigin = sheet.crossorigin;
    document.head.append(link);
  }
}

/**
 * Links the theme's stylesheets a page names besides the main one (the blog's, the search
 * page's, the MDX components': `data-theme-css`, src/render/render-document.ts) before client
 * navigation shows it; resolves once they have loaded or failed, so the page never shows
 * unstyled. Once linked they stay: each styles only its own markup.
 */
export function linkThemeStylesheets(hrefs: readonly string[] | undefined): Promise<void> {
  const linked = new Set([...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')));
  return Promise.all((hrefs ?? []).filter((href) => !linked.has(href)).map((href) => new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.setAttribute('data-theme-css', '');
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  }))).then(() => undefined);
}

/** The stylesheets a page of `src/pages` imports (site paths), none for other pages. */
function ownStylesheets(page: PageData): string[] {
  return page.type === 'page' ? page.stylesheets ?? [] : [];
}

/**
 * Links the stylesheets `page` imports (a React page's CSS and CSS modules) before a client
 * navigation shows it; resolves once they have loaded or failed, so the page never shows
 * unstyled. The server links them in the page's own `<head>` (render-document.ts).
 */
export function linkPageStylesheets(page: PageData): Promise<void> {
  const linked = new Set([...document.head.querySelectorAll<HTMLLinkElement>('link[data-page-css]')].map((l) => l.dataset.pageCss));
  const loads = ownStylesheets(page).filter((href) => !linked.has(href)).map((href) => new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = withBase(href);
    link.dataset.pageCss = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  }));
  return Promise.all(loads).then(() => undefined);
}

/** Removes the stylesheets of pages other than `page` once it is shown: a page's CSS must not restyle the next. */
export function unlinkOtherPageStylesheets(page: PageData): void {
  const own = new Set(ownStylesheets(page));
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[data-page-css]')) {
    if (!own.has(link.dataset.pageCss!)) link.remove();
  }
}

/**
 * Adds the scripts a page names with `data-page-script` (the tabs script of MDX pages): the
 * server links them only on the pages that need them, so a client navigation from a page
 * without them must add them. Once added they stay: each runs once and watches for content
 * that arrives later (theme/client/tabs.ts).
 */
export function addPageScripts(urls: readonly string[] | undefined): void {
  for (const src of urls ?? []) {
    if ([...document.scripts].some((s) => s.getAttribute('src') === src)) continue;
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    script.setAttribute('data-page-script', '');
    document.head.append(script);
  }
}
