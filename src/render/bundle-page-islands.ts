/**
 * The browser's half of interactive React pages (issue 30 › 3): a page of `src/pages` whose
 * module needs the browser (state, effects, event handlers…: island-liveness.ts) is rendered
 * on the server inside `<sitegen-island data-island="<key>:0">` (render-react-pages.ts) and
 * hydrated whole by a script of its own, which bundles the page's module for the browser with
 * the same resolution as its server bundle and every other (src/bundle/site-imports.ts) and reads React from the site's
 * React file. Pages without such code stay static HTML and load nothing more.
 */
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { esbuildDiagnostics } from '../bundle/esbuild-diagnostics.ts';
import { mdxResolvePlugin, type MdxResolveOptions } from '../mdx/mdx-resolve-plugin.ts';
import type { ReactPageSource } from '../content/collect-pages.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { browserVariantsPlugin, islandBuildOptions, islandOutputs, reactShimPlugin, type IslandAssets } from '../mdx/bundle-islands.ts';
import { islandKey } from '../mdx/island-key.ts';
import type { MdxSite } from '../mdx/render-mdx-page.ts';
import { ASSET_LOADERS } from '../util/asset-loaders.ts';
import { siteUrlPlugin } from '../util/site-url-plugin.ts';
import { svgComponentPlugin } from '../util/svg-component.ts';
import { noPartials, PAGES_BUNDLE } from './bundle-react-pages.ts';
import { themeFile, themeOverridesPlugin } from './theme-plugin.ts';
import { loadMdxModules } from '../mdx/load-mdx-modules.ts';

const ENTRY_NS = 'sitegen-page-island';

/** Bundles one script per interactive page; `site` gives each page's MDX site context. */
export async function bundlePageIslands(options: {
  siteRoot: string; pages: ReactPageSource[]; site: (route: string) => MdxSite; reactFile: string; minify?: boolean;
  /** Compiles the `.md`/`.mdx` files pages import (as for their server bundle). @default such imports are errors */
  loadPartial?: MdxResolveOptions['loadPartial'];
}): Promise<IslandAssets> {
  const siteRoot = path.resolve(options.siteRoot);
  const { pages } = options;
  if (!pages.length) return { files: [], scripts: {}, diagnostics: [] };
  const modules = await loadMdxModules();
  const byKey = new Map(pages.map((p) => [islandKey(p.file), p]));
  const diagnostics: Diagnostic[] = [];
  let result;
  try {
    result = await build({
      ...islandBuildOptions({ root: siteRoot, entryNs: ENTRY_NS, keys: [...byKey.keys()], minify: options.minify }),
      loader: { ...ASSET_LOADERS, '.module.css': 'local-css' },
      plugins: [
        siteUrlPlugin(), svgComponentPlugin(), reactShimPlugin(options.reactFile), entryPlugin({ siteRoot, byKey, site: options.site }),
        browserVariantsPlugin(siteRoot, modules),
        themeOverridesPlugin(path.join(siteRoot, 'theme')),
        mdxResolvePlugin({
          root: siteRoot, pages: new Map(), excerpts: new Map(), modules, report: (d) => diagnostics.push(d),
          loadPartial: options.loadPartial ?? noPartials(siteRoot),
        }),
      ],
    });
  } catch (error) {
    const failures = esbuildDiagnostics(error, PAGES_BUNDLE(siteRoot));
    if (!failures) throw error;
    return { files: [], scripts: {}, diagnostics: [...diagnostics, ...failures] };
  }
  return { ...islandOutputs(result, ENTRY_NS), diagnostics };
}

/** Each page's entry: its component, inside the context the server rendered it in, as island 0. */
function entryPlugin(options: { siteRoot: string; byKey: Map<string, ReactPageSource>; site: (route: string) => MdxSite }): Plugin {
  // The site's overrides count here as in every other bundle: a site that overrides the MDX
  // context must wrap the page in its own provider, the one its components' hooks read.
  const theme = (file: string) => JSON.stringify(themeFile(options.siteRoot, file));
  return {
    name: 'sitegen-page-islands',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${ENTRY_NS}:`) }, (args) => ({ path: args.path.slice(ENTRY_NS.length + 1), namespace: ENTRY_NS }));
      build.onLoad({ filter: /.*/, namespace: ENTRY_NS }, (args) => {
        const page = options.byKey.get(args.path)!;
        const site = options.site(page.route);
        return {
          loader: 'js', resolveDir: options.siteRoot,
          contents: [
            "import { createElement } from 'react';",
            `import { startIslands } from ${theme('client/islands.ts')};`,
            `import { IslandProvider } from ${theme('mdx/island-provider.tsx')};`,
            `import { BaseUrlContext } from ${theme('runtime/base-url.tsx')};`,
            `import Page from ${JSON.stringify(path.join(options.siteRoot, page.file))};`,
            `const Island = () => createElement(BaseUrlContext.Provider, { value: ${JSON.stringify(site.siteConfig.baseUrl)} }, createElement(Page, { config: ${JSON.stringify(site.siteConfig)} }));`,
            `startIslands({ key: ${JSON.stringify(args.path)}, site: ${JSON.stringify(site)}, Provider: IslandProvider, islands: { 0: Island } });`,
          ].join('\n'),
        };
      });
    },
  };
}
