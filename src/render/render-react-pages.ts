import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractLinks } from '../links/extract-links.ts';
import type { SourceLink } from '../model.ts';
import { createSourceTree } from '../util/source-position.ts';
import type { MdxSiteFacts } from '../mdx/mdx-site.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { ReactPageSource } from '../content/collect-pages.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { RenderedReactPage } from '../routes/plan-react-pages.ts';
import type { ReactPagesBundle, ReactPagesModule } from './bundle-react-pages.ts';
import { mapThemeError, withThemeSources } from './theme-source-map.ts';
import { mdxSite } from '../mdx/mdx-site.ts';
import { islandKey } from '../mdx/island-key.ts';
import { lazyCodeHighlighter, type CodeHighlighter } from '../markdown/create-code-highlighter.ts';

/**
 * Renders each React page of the bundle (bundleReactPages, made from `pages` in this order) to
 * HTML with React on the server. A page that throws is reported at the line of its own code
 * that threw (the bundle's source map), naming its route; the other pages still render, so
 * every failure shows in one run. `stylesheets` are the site paths of the pages' CSS.
 */
export async function renderReactPages(options: {
  config: SiteConfig; siteRoot: string; pages: ReactPageSource[]; bundle: ReactPagesBundle; stylesheets: string[];
  /** The build's highlighter (lazyCodeHighlighter). @default one of their own */
  highlighter?: () => Promise<CodeHighlighter>;
  /** The site's docs versions and locale, for the docs hooks and `<Translate>`. @default the docs folder alone, one locale */
  siteFacts?: MdxSiteFacts;
}): Promise<{ rendered: RenderedReactPage[]; diagnostics: Diagnostic[] }> {
  const { config, siteRoot, pages, bundle, stylesheets } = options;
  const diagnostics: Diagnostic[] = [];
  let module: ReactPagesModule;
  try {
    module = (await import(pathToFileURL(bundle.file).href)) as ReactPagesModule;
  } catch (error) {
    // A page's top-level code threw as the bundle loaded: no page can render.
    const at = mapThemeError(error, { bundle: bundle.file, siteRoot });
    return { rendered: [], diagnostics: [renderFailure({ at: at ?? { file: pages[0]?.file ?? config.pages.path }, route: undefined, error })] };
  }
  const render = withThemeSources(module.renderReactPage, { bundle: bundle.file, siteRoot });
  // `@theme/CodeBlock` highlights as React renders: the build's highlighter, made once.
  const highlighter = await (options.highlighter ?? lazyCodeHighlighter())();
  const rendered: RenderedReactPage[] = [];
  for (const [i, page] of pages.entries()) {
    const component = module.pages[i]?.default;
    if (!isComponent(component)) {
      diagnostics.push({
        file: page.file, line: 1, column: 1, severity: 'error', ruleId: 'pages/no-component',
        message: `Expected \`${page.file}\` to export a React component as its default export`,
        hint: 'A page module of `src/pages` is a route: export its component (`export default function Page() {…}`), or name the file with a leading `_` to keep it from being a page.',
      });
      continue;
    }
    let html: string;
    let meta: { title?: string; headTitle?: string; description?: string; anchors?: string[]; links?: string[]; unchecked?: string[] };
    try {
      ({ html, meta } = render(component, mdxSite(config, page.route, options.siteFacts), highlighter));
    } catch (error) {
      diagnostics.push(renderFailure({ at: mapThemeError(error, { bundle: bundle.file, siteRoot }) ?? { file: page.file }, route: page.route, file: page.file, error }));
      continue;
    }
    // A page whose module needs the browser is one island, hydrated whole (bundle-page-islands.ts).
    if (bundle.interactive.includes(page.file)) html = asIsland(html, islandKey(page.file));
    const links = await linksInSource({ html, file: page.file, siteRoot });
    const { links: linked, unchecked, ...shown } = meta;
    rendered.push({ file: page.file, route: page.route, html, ...shown, ownMain: hasMain(html), stylesheets, links, ...plainLinks(html, linked, unchecked) });
  }
  return { rendered, diagnostics };
}

/**
 * The hrefs of a page's plain `<a>` elements: those no `<Link>` rendered (`linked`), which
 * Docusaurus's link check never sees; and those a `<Link data-noBrokenLinkCheck>` rendered.
 */
function plainLinks(html: string, linked: string[] = [], unchecked: string[] = []): Pick<RenderedReactPage, 'plainHrefs' | 'uncheckedHrefs'> {
  const known = new Set([...linked, ...unchecked]);
  const plain = [...new Set(extractLinks(html).hrefs)].filter((href) => !known.has(href));
  return { ...(plain.length ? { plainHrefs: plain } : {}), ...(unchecked.length ? { uncheckedHrefs: unchecked } : {}) };
}

/**
 * The links of a page's HTML that its module writes as string literals (`<a href="/help">`,
 * `to="/docs"`), at their place in it: a broken one is reported there. Links a component of
 * another file renders are reported at the page.
 */
async function linksInSource(options: { html: string; file: string; siteRoot: string }): Promise<SourceLink[]> {
  const hrefs = [...new Set(extractLinks(options.html).hrefs)];
  if (!hrefs.length) return [];
  const tree = createSourceTree(options.file, await readFile(path.join(options.siteRoot, options.file), 'utf8'));
  return hrefs.flatMap((url) => {
    const at = tree.locateString(url);
    return at ? [{ url, raw: url, ...at, kind: 'link' as const }] : [];
  });
}

/**
 * A page's HTML as island 0 of its key. React's server render starts with a
 * `<link rel="preload" as="image">` per image it saw (hoisted resources); the browser's render
 * of the island has none, so they stay before the island, not in it (else hydration fails).
 */
function asIsland(html: string, key: string): string {
  const hoisted = /^(?:<link rel="preload"[^>]*>)*/.exec(html)![0];
  return `${hoisted}<sitegen-island data-island="${key}:0">${html.slice(hoisted.length)}</sitegen-island>`;
}

/** A function component, or an object React renders as one (`memo`, `forwardRef`, `lazy`). */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * Whether React's markup has a `<main>` element. React escapes `<` in every text and attribute
 * value it renders, so in its output `<main` can only begin an element (raw HTML a component
 * injects is an element in the browser too).
 */
function hasMain(html: string): boolean {
  return /<main[\s>/]/i.test(html);
}

function renderFailure(options: { at: { file: string; line?: number; column?: number }; route: string | undefined; file?: string; error: unknown }): Diagnostic {
  const { at, route, file, error } = options;
  const what = route === undefined ? 'the pages of `src/pages`' : `\`${route}\`${file && file !== at.file ? ` from \`${file}\`` : ''}`;
  return {
    ...at, severity: 'error', ruleId: 'pages/render',
    message: `Cannot render ${what}: ${error instanceof Error ? error.message : String(error)}`,
    hint: 'The page (or a component it renders) threw on the server, where there is no `window` or `document`: move browser-only code into `useEffect` or `<BrowserOnly>`.',
  };
}
