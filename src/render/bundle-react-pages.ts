import path from 'node:path';
import type { Plugin } from 'esbuild';
import { bundleError, type BundleSubject } from '../bundle/esbuild-diagnostics.ts';
import { mdxResolvePlugin, type MdxResolveOptions } from '../mdx/mdx-resolve-plugin.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { ReactPageSource } from '../content/collect-pages.ts';
import type { CodeHighlighter } from '../markdown/create-code-highlighter.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { bundleForNodeWithMap, writeCachedModule } from '../util/bundle-for-node.ts';
import { needsBrowser } from '../mdx/island-liveness.ts';
import { ASSET_LOADERS } from '../util/asset-loaders.ts';
import { siteUrlPlugin } from '../util/site-url-plugin.ts';
import { svgComponentPlugin } from '../util/svg-component.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from './theme-plugin.ts';
import { loadMdxModules } from '../mdx/load-mdx-modules.ts';

/** The site's React pages bundled for Node: one module, written to the cache folder. */
export interface ReactPagesBundle {
  /** The bundle (its source map beside it, `<file>.map`). */
  file: string;
  /** The CSS the pages import (CSS files, CSS modules), if any. */
  css?: string;
  /** The pages (files relative to the site root) whose module needs the browser: they are hydrated (island-liveness.ts). */
  interactive: string[];
}

/**
 * What the bundle's entry exports: each page's module, in the order of the `pages` given, and
 * the server render (theme/pages/render-react-page.tsx).
 */
export interface ReactPagesModule {
  pages: { default?: unknown }[];
  renderReactPage: (page: unknown, site: unknown, highlighter: CodeHighlighter) => { html: string; meta: { title?: string; headTitle?: string; description?: string; anchors?: string[] } };
}

/** Name of the generated entry module. */
const ENTRY = 'sitegen:react-pages';

/**
 * Bundles the site's React pages into one ES module for Node with esbuild: TSX/JSX, `@site/…`,
 * relative imports, the site's packages, JSON, CSS and CSS modules (their CSS is returned),
 * images as data URLs, and the theme's Docusaurus modules (`@theme/Layout`, `@docusaurus/Link`).
 * React alone is left to Node, so that pages render with the React that renders the site. An
 * import that cannot be resolved is a diagnostic at its file:line, with the closest candidates.
 */
export async function bundleReactPages(options: {
  siteRoot: string; pages: ReactPageSource[];
  /** Compiles a `.md`/`.mdx` file a page imports (`siteMdxCompiler` of src/mdx/render-mdx-files.ts). @default such imports are errors */
  loadPartial?: MdxResolveOptions['loadPartial'];
}): Promise<ReactPagesBundle> {
  const siteRoot = path.resolve(options.siteRoot);
  const modules = await loadMdxModules();
  const entry = [
    `export { renderReactPage } from ${JSON.stringify(path.join(DEFAULT_THEME_DIR, 'pages/render-react-page.tsx'))};`,
    ...options.pages.map((p, i) => `import * as page${i} from ${JSON.stringify(path.join(siteRoot, p.file))};`),
    `export const pages = [${options.pages.map((_, i) => `page${i}`).join(', ')}];`,
  ].join('\n');
  const unresolved: Diagnostic[] = [];
  const bundled = await bundleForNodeWithMap({
    entry: ENTRY,
    absWorkingDir: siteRoot,
    plugins: [
      siteUrlPlugin(),
      svgComponentPlugin(),
      entryPlugin(entry, siteRoot),
      themeOverridesPlugin(path.join(siteRoot, 'theme')),
      // Site imports, and `.md`/`.mdx` files compiled as MDX content (as Docusaurus does for pages).
      mdxResolvePlugin({ root: siteRoot, pages: new Map(), excerpts: new Map(), modules, report: (d) => unresolved.push(d), loadPartial: options.loadPartial ?? noPartials(siteRoot) }),
    ],
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    loader: { ...ASSET_LOADERS, '.module.css': 'local-css' },
  }).catch((error: unknown) => {
    throw bundleError(error, PAGES_BUNDLE(siteRoot));
  });
  if (unresolved.length) throw new SitegenError(`Cannot bundle ${PAGES_BUNDLE(siteRoot).what}`, { diagnostics: unresolved });
  const file = await writeCachedModule('react-pages', bundled.code, bundled.map);
  const live = needsBrowser({ metafile: bundled.metafile, root: siteRoot, modules });
  const interactive = options.pages.filter((p) => live(p.file.split(path.sep).join('/'))).map((p) => p.file);
  return { file, ...(bundled.css ? { css: bundled.css } : {}), interactive };
}

/** The generated entry, which imports every page, resolved from the site folder. */
function entryPlugin(contents: string, siteRoot: string): Plugin {
  return {
    name: 'sitegen-react-pages-entry',
    setup(build) {
      build.onResolve({ filter: /^sitegen:react-pages$/ }, () => ({ path: ENTRY, namespace: 'sitegen-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen-entry' }, () => ({ contents, resolveDir: siteRoot, loader: 'js' }));
    },
  };
}

/** What the React pages' bundles are, for their esbuild failures (src/bundle/esbuild-diagnostics.ts). */
export const PAGES_BUNDLE = (root: string): BundleSubject => ({ what: 'the pages of `src/pages`', ruleId: 'pages/bundle', root, fallbackFile: 'src/pages' });

/** Without a compiler, a page's `.md` import is an error at that file. */
export function noPartials(siteRoot: string): MdxResolveOptions['loadPartial'] {
  return (abs) => Promise.resolve({
    diagnostics: [{ file: path.relative(siteRoot, abs), line: 1, column: 1, severity: 'error', ruleId: 'pages/bundle', message: 'Cannot compile this file: the pages were bundled without the MDX compiler' }],
  });
}
