/**
 * The esbuild plugin that resolves and loads what MDX pages import: the bundle's own modules
 * (each page's and excerpt's compiled program), `.md`/`.mdx` partials compiled through the same
 * MDX compiler (`loadPartial`), and YAML as data (JSON, CSS and CSS modules are esbuild's own
 * loaders); everything else as every bundle of site code resolves it (src/bundle/site-imports.ts:
 * `@theme/…`, `@docusaurus/…`, `@site/…`, relative paths, packages; unresolved imports reported
 * at the line MDX's parser read them on).
 * (An absolute `url(/img/…)` in CSS is left as it is by siteUrlPlugin, which runs before this.)
 * (An SVG a script imports is a component: svgComponentPlugin, which runs first.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import { MISSING_NS, siteImportsPlugin, themeModuleFile } from '../bundle/site-imports.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { MdxImportPlace } from './remark-mdx-compat.ts';

/** Namespaces of the bundle's own modules. */
export const PAGE_NS = 'sitegen-mdx-page';
export const EXCERPT_NS = 'sitegen-mdx-excerpt';
export { MISSING_NS, themeModuleFile };

/** How the bundle's entry names a page's or an excerpt's compiled program: `sitegen-mdx-page:/abs/x.mdx`. */
const ownModuleRE = /^sitegen-mdx-(page|excerpt):(.*)$/s;

/** What the plugin needs from the MDX phase. */
export interface MdxResolveOptions {
  root: string;
  /** Compiled programs of the pages and excerpts, by absolute path. */
  pages: Map<string, string>;
  excerpts: Map<string, string>;
  /** Compiles a partial (`.md`/`.mdx` imported by a page); `undefined` code when it failed (diagnostics tell). */
  loadPartial: (abs: string) => Promise<{ code?: string; diagnostics: Diagnostic[]; imports?: MdxImportPlace[] }>;
  /** Where each page's imports are written (by the page's absolute path), as MDX's parser read them. */
  importPlaces?: ReadonlyMap<string, MdxImportPlace[]>;
  /** Receives every diagnostic of resolution and of partials. */
  report: (diagnostic: Diagnostic) => void;
  /** Module name → file of theme/mdx (`mdxModules` of theme/mdx/modules.ts, see load-mdx-modules.ts). */
  modules: Readonly<Record<string, string>>;
}

/** See the module comment. */
export function mdxResolvePlugin(options: MdxResolveOptions): Plugin {
  const { root, report, modules } = options;
  // The import places of pages, and of partials as they are compiled during the bundle.
  const places = new Map(options.importPlaces ?? []);
  const siteImports = siteImportsPlugin({ root, modules, report, places });
  return {
    name: 'sitegen-mdx-resolve',
    setup(build) {
      build.onResolve({ filter: ownModuleRE }, (args) => {
        const own = ownModuleRE.exec(args.path)!;
        return { path: own[2], namespace: own[1] === 'page' ? PAGE_NS : EXCERPT_NS };
      });
      const compiled = (map: Map<string, string>) => (args: { path: string }) => ({ contents: map.get(args.path) ?? '', loader: 'js' as const, resolveDir: path.dirname(args.path) });
      build.onLoad({ filter: /.*/, namespace: PAGE_NS }, compiled(options.pages));
      build.onLoad({ filter: /.*/, namespace: EXCERPT_NS }, compiled(options.excerpts));
      build.onLoad({ filter: /\.mdx?$/, namespace: 'file' }, async (args) => {
        const { code, diagnostics, imports } = await options.loadPartial(args.path);
        diagnostics.forEach(report);
        if (imports) places.set(args.path, imports);
        // A partial that does not compile renders nothing; its diagnostics fail the build.
        return { contents: code ?? 'export default function MDXContent() { return null; }', loader: 'js', resolveDir: path.dirname(args.path) };
      });
      build.onLoad({ filter: /\.ya?ml$/, namespace: 'file' }, (args) => ({ contents: `export default ${JSON.stringify(parseYaml(readFileSync(args.path, 'utf8')) ?? null)};`, loader: 'js' }));
      return siteImports.setup(build);
    },
  };
}
