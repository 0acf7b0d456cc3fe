import { escapeHtml } from '../util/escape-html.ts';
import { renderHeadTags } from './head-tags.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { InlineData, PageData, PageDataFile } from '../model.ts';
import { joinRoute } from '../util/routes.ts';
import { publicUrl } from '../util/public-url.ts';
import { linkedStylesheets } from './katex-stylesheet.ts';

/** Assets every page references. */
export interface DocumentAssets {
  script: string;
  /** The theme's stylesheet every page links. */
  stylesheet: string;
  /** The site's own stylesheet (`customCss`), linked after the theme's on every page. */
  siteStylesheet?: string;
  /** The theme's stylesheets only some pages link (`ClientAssets.pageStylesheets`), by name; see `themeStylesheets`. */
  pageStylesheets: Partial<Record<ThemeStylesheet, string>>;
  headScript: string;
  /** Per page type, the scripts its pages preload when they start (`ClientAssets.preload`), as URLs. */
  preload: Record<string, string[]>;
  /** Scripts only pages that need them load (`ClientAssets.pageScripts`), as URLs. */
  pageScripts: { tabs: string; islands?: Record<string, string>; mermaid?: string };
  /** A site built in several locales: each locale's `hreflang` and base URL, the default first (`<link rel="alternate">`). */
  alternates?: { hreflang: string; baseUrl: string }[];
  /** Feed URLs, when the blog has posts. */
  feeds: { rss?: string; atom?: string };
  /**
   * The site data (`SiteData`, the same for every page) as one content-hashed file
   * (`/_chunks/site.<hash>.json`): pages name it instead of each carrying a copy, and the head
   * script preloads it.
   */
  siteData: string;
}

/** The names of the theme's stylesheets only some pages link (src/client/bundle-client.ts › PAGE_STYLESHEETS). */
export type ThemeStylesheet = 'blog' | 'search' | 'mdx' | 'versions';

/**
 * What the MDX stylesheet styles, as elements (a `<` starts only a tag in markup, never text):
 * tabs, details, an admonition's own icon, numbered code lines, islands, themed images, diagrams.
 */
const mdxMarkupRE = /<div class="tabs-container"|<div class="mermaid-diagram"|<details class="details[" ]|<span class="admonition-icon admonition-icon-custom"|<pre [^>]*class="[^"]*\bline-numbers\b|<sitegen-island |<img [^>]*class="themedComponent /;

/** The docs' version menu and the navbar's other menus (`dropdown`, navbar-items.tsx), and a version's banner, as elements. */
const versionsMarkupRE = /<details class="(?:version-menu|navbar-dropdown)[" ]|<aside class="version-banner"/;

/**
 * The theme's stylesheets a page links besides the main one: the blog's on the blog's pages, the
 * search page's on it and on the 404 page (which offers search), and the MDX components' where
 * the body holds their markup (which MDX content, or a Markdown code block with numbered lines,
 * may render on any page), and the versions' where the page shows a version menu or banner.
 */
export function themeStylesheets(page: PageData, body: string): ThemeStylesheet[] {
  const names: ThemeStylesheet[] = [];
  if (page.type.startsWith('blog-')) names.push('blog');
  if (page.type === 'search' || page.type === 'not-found') names.push('search');
  if (mdxMarkupRE.test(body)) names.push('mdx');
  if (versionsMarkupRE.test(body)) names.push('versions');
  return names;
}

export { escapeHtml } from '../util/escape-html.ts';

/** JSON safe inside `<script>`: `<` is escaped so `</script>` cannot end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The page data as inlined: raw HTML is left out because it is already in the markup. */
export function inlinePageData(page: PageData): PageData {
  if (page.type === 'doc') return { ...withoutSidebarState(page), contentHtml: null };
  if (page.type === 'category') return withoutSidebarState(page);
  if (page.type === 'blog-post' || page.type === 'page') return { ...page, contentHtml: null };
  if (page.type === 'blog-list') return { ...page, posts: page.posts.map((p) => ({ ...p, excerptHtml: null })) };
  return page;
}

/** Big sites: a page's sidebar state is a file shared by the pages of its category (`sidebarState`), not inline. */
function withoutSidebarState<P extends Extract<PageData, { type: 'doc' | 'category' }>>(page: P): P {
  if (!page.sidebarState) return page;
  const { sidebarBranches: _branches, sidebarItems: _items, ...rest } = page;
  return rest as P;
}

/**
 * The colour mode in the markup: the default mode, unless the site follows the reader's system,
 * whose mode only CSS knows without JavaScript (`prefers-color-scheme` applies while `<html>`
 * has no `data-theme`; the head script sets it before the first paint).
 */
function themeAttribute(config: SiteConfig): string {
  return config.colorMode.respectPrefersColorScheme ? '' : ` data-theme="${config.colorMode.defaultMode}"`;
}

/** What the head script preloads after the first paint: the page's modules, the site data and the page's sidebar state (big sites). */
function preloads(config: SiteConfig, page: PageData, assets: DocumentAssets, siteUrl: string): string[] {
  const modules = assets.preload[page.type] ?? [];
  const state = (page.type === 'doc' || page.type === 'category') && page.sidebarState;
  return state ? [...modules, siteUrl, publicUrl({ baseUrl: config.baseUrl, path: state })] : [...modules, siteUrl];
}

/**
 * What a page's `<head>` names beyond every page's: the scripts of its tabs (what `@theme/Tabs`
 * renders first, theme/mdx/tabs.tsx; text that only looks like it loads a 2 KB script that finds
 * no tabs, never the reverse) and of its MDX islands (src/mdx/island-marker.ts, one per page
 * key); and the theme's stylesheets for what it shows (`themeStylesheets`), under the base URL.
 */
function pageExtras(config: SiteConfig, page: PageData, body: string, assets: DocumentAssets): { scripts: string[]; sheets: string[] } {
  const usesTabs = body.includes('<div class="tabs-container" data-tabs="');
  const islandScripts = !body.includes('<sitegen-island ') ? [] : [...new Set([...body.matchAll(/<sitegen-island data-island="([\da-f]+):/g)].map((m) => m[1]))]
    .flatMap((key) => (assets.pageScripts.islands?.[key] ? [assets.pageScripts.islands[key]] : []));
  return {
    scripts: [...(usesTabs ? [assets.pageScripts.tabs] : []), ...islandScripts, ...(assets.pageScripts.mermaid && body.includes('<div class="mermaid-diagram"') ? [assets.pageScripts.mermaid] : [])],
    sheets: themeStylesheets(page, body).flatMap((name) => (assets.pageStylesheets[name] ? [assets.pageStylesheets[name]!] : []))
      .map((href) => publicUrl({ baseUrl: config.baseUrl, path: href })),
  };
}

/**
 * A page's data file (`PageDataFile`, `_pages/<route>.json`): what client navigation needs to
 * show the page, without the rest of its HTML. Its article is written a second time, in here:
 * a move to another page then costs about half of its HTML (issue 41 › 4). Big sites' sidebar
 * state stays in the file the pages of a category share.
 */
export function renderPageData(options: { config: SiteConfig; page: PageData; body: string; assets: DocumentAssets; key?: string }): string {
  const { config, page, body, assets, key } = options;
  const data: PageDataFile = { ...(key ? { key } : {}), page: page.type === 'doc' || page.type === 'category' ? withoutSidebarState(page) : page, ...pageExtras(config, page, body, assets) };
  return JSON.stringify(data);
}

/**
 * Wraps a rendered body in the HTML document: `lang`/`dir`, title, description, canonical,
 * OpenGraph and Twitter tags, feeds, stylesheets and the inline colour-mode script, which also
 * loads the hydration entry after the first paint.
 */
export function renderDocument(options: {
  config: SiteConfig; page: PageData; body: string; assets: DocumentAssets;
  /** What the page was made from, hashed (see `pageKey`): a later build keeps the file while it is the same. */
  key?: string;
}): string {
  const { config, page, body, assets, key } = options;
  const { head } = page;
  const siteUrl = publicUrl({ baseUrl: config.baseUrl, path: assets.siteData });
  const url = config.url + publicUrl({ baseUrl: config.baseUrl, path: page.route });
  const image = head.image ?? config.socialImage;
  const imageUrl = image ? (/^https?:/.test(image) ? image : config.url + publicUrl({ baseUrl: config.baseUrl, path: joinRoute(image) })) : undefined;
  const noIndex = config.noIndex || head.noIndex;
  const usesMath = body.includes('class="katex');
  const { scripts, sheets } = pageExtras(config, page, body, assets);
  const tags = [
    '<meta charset="utf-8">',
    // First, so that a later build reads the key from the file's first bytes (render-pages.ts).
    key ? `<meta name="generator" content="sitegen" data-page-key="${key}">` : '<meta name="generator" content="sitegen">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.keywords?.length ? `<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}">` : '',
    noIndex ? '<meta name="robots" content="noindex, nofollow">' : '',
    page.type === 'not-found' ? '' : `<link rel="canonical" href="${escapeHtml(url)}">`,
    // This page in each locale, and the default locale's as `x-default`, as Docusaurus writes them.
    ...(page.type === 'not-found' ? [] : (assets.alternates ?? []).flatMap((alt, i) => {
      const href = escapeHtml(config.url + publicUrl({ baseUrl: alt.baseUrl, path: page.route }));
      return [`<link rel="alternate" href="${href}" hreflang="${escapeHtml(alt.hreflang)}">`, ...(i === 0 ? [`<link rel="alternate" href="${href}" hreflang="x-default">`] : [])];
    })),
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(config.title)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:locale" content="${escapeHtml(config.locale)}">`,
    // The site's other locales, as Docusaurus names them (`pt_BR`).
    ...(assets.alternates ?? []).filter((alt) => alt.hreflang !== config.locale).map((alt) => `<meta property="og:locale:alternate" content="${escapeHtml(alt.hreflang.replace('-', '_'))}">`),
    imageUrl ? `<meta property="og:image" content="${escapeHtml(imageUrl)}">` : '',
    head.publishedTime ? `<meta property="article:published_time" content="${head.publishedTime}">` : '',
    `<meta name="twitter:card" content="${imageUrl ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    imageUrl ? `<meta name="twitter:image" content="${escapeHtml(imageUrl)}">` : '',
    config.favicon ? `<link rel="icon" href="${escapeHtml(publicUrl({ baseUrl: config.baseUrl, path: config.favicon }))}"${config.favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>` : '',
    assets.feeds.rss ? `<link rel="alternate" type="application/rss+xml" href="${publicUrl({ baseUrl: config.baseUrl, path: assets.feeds.rss })}" title="${escapeHtml(`${config.title} Blog RSS Feed`)}">` : '',
    assets.feeds.atom ? `<link rel="alternate" type="application/atom+xml" href="${publicUrl({ baseUrl: config.baseUrl, path: assets.feeds.atom })}" title="${escapeHtml(`${config.title} Blog Atom Feed`)}">` : '',
    // The head script (head-script.ts) comes before the stylesheets: an inline script after a
    // stylesheet waits for it to arrive, then runs in a task of its own before the body is parsed
    // (6–7 ms on /api/webhooks at full speed, 8.5 kB of script); before them it runs while they
    // download, in the task that parses the head. It also loads the hydration entry
    // (`assets.script`) after the first paint, at the reader's first sign of intent; at once on
    // the search page, whose results need script.
    `<script data-preload="${escapeHtml(preloads(config, page, assets, siteUrl).join(' '))}"${page.type === 'search' ? ' data-hydrate="now"' : ''}>${assets.headScript}</script>`,
    `<link rel="stylesheet" href="${publicUrl({ baseUrl: config.baseUrl, path: assets.stylesheet })}">`,
    // The theme's stylesheets for what this page shows; marked, so that client navigation links
    // the ones a page it shows names (theme/client/head.ts).
    ...sheets.map((href) => `<link rel="stylesheet" href="${href}" data-theme-css>`),
    assets.siteStylesheet ? `<link rel="stylesheet" href="${publicUrl({ baseUrl: config.baseUrl, path: assets.siteStylesheet })}">` : '',
    // The first paint waits until the navbar is parsed whole (its last element, theme/layout/navbar.tsx):
    // painted half-built on a slow link or a busy CPU, its parts would then move (layout shifts).
    '<link rel="expect" href="#__navbar-end" blocking="render">',
    // A React page's own CSS; marked, so that client navigation removes it on other pages (theme/client/head.ts).
    ...(page.type === 'page' ? page.stylesheets ?? [] : []).map((href) => `<link rel="stylesheet" href="${escapeHtml(publicUrl({ baseUrl: config.baseUrl, path: href }))}" data-page-css="${escapeHtml(href)}">`),
    // Configured stylesheets (the KaTeX CSS, the site's own copy: katex-stylesheet.ts) are only needed where math was rendered.
    ...(usesMath ? linkedStylesheets(config) : []).map((s) => `<link rel="stylesheet" href="${escapeHtml(s.href.startsWith('/') ? publicUrl({ baseUrl: config.baseUrl, path: s.href }) : s.href)}"${s.integrity ? ` integrity="${s.integrity}"` : ''}${s.crossorigin ? ` crossorigin="${s.crossorigin}"` : ''}>`),
    // The config's own head tags and scripts (Docusaurus's `headTags`, `scripts`).
    ...renderHeadTags(config),
    // Tabs switch with a script of their own, as MDX islands hydrate; client navigation adds the
    // scripts a new page names (its data file: theme/client/head.ts).
    ...scripts.map((src) => `<script type="module" src="${escapeHtml(src)}" data-page-script></script>`),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(config.locale)}" dir="${config.direction}"${themeAttribute(config)}>
<head>
${tags.join('\n')}
</head>
<body>
<div id="__root">${body}</div>
<div id="route-announcer" class="sr-only" aria-live="assertive" aria-atomic="true"></div>
<script type="application/json" id="__sitegen">${scriptJson({ siteUrl, page: inlinePageData(page) } satisfies InlineData)}</script>
</body>
</html>
`;
}
