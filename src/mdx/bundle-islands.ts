/**
 * The browser's half of MDX islands (issue 30 › 3): for each page with islands that need the
 * browser, one script that hydrates them where the server rendered them
 * (`<sitegen-island data-island="<key>:<n>">`, island-marker.ts), with theme/client/islands.ts.
 *
 * Each island is compiled again from the source its page wrote it as, after the page's imports
 * and exports (remark-islands.ts), by the same MDX compiler: the browser gets the island's code,
 * never the rest of the page. React is the site's own React file, whose every entry point these
 * scripts read whole (react-vendor.ts): one React for the page, and a page without islands
 * loads nothing more than it did.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type BuildOptions, type Metafile, type OutputFile, type Plugin } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { REACT_MODULES_EXPORT, REACT_SPECIFIERS } from '../client/react-vendor.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from '../render/theme-plugin.ts';
import { svgComponentPlugin } from '../util/svg-component.ts';
import { ASSET_LOADERS } from '../util/asset-loaders.ts';
import { siteUrlPlugin } from '../util/site-url-plugin.ts';
import { MDX_BUNDLE } from './bundle-mdx.ts';
import { esbuildDiagnostics } from '../bundle/esbuild-diagnostics.ts';
import type { MdxCompiler } from './create-mdx-compiler.ts';
import { mdxResolvePlugin, themeModuleFile } from './mdx-resolve-plugin.ts';
import type { MdxSite } from './render-mdx-page.ts';

/** A page whose islands need the browser. */
export interface IslandPage {
  /** Names the page in its islands' markers: a hash of its file. */
  key: string;
  /** The page's file, relative to the site root. */
  file: string;
  lineOffset: number;
  site: MdxSite;
  /** The page's imports and exports, as written. */
  esm: string;
  /** The islands to hydrate: their numbers and sources. */
  islands: { i: number; source: string }[];
}

/** The scripts, ready to write: files under `assets/js/`, and each page's script by its key (`/assets/js/islands-….js`). */
export interface IslandAssets {
  files: { path: string; contents: Uint8Array }[];
  scripts: Record<string, string>;
  diagnostics: Diagnostic[];
}

/** What bundling the islands needs from the MDX phase. */
export interface IslandBundleOptions {
  root: string;
  pages: IslandPage[];
  compile: MdxCompiler;
  /** The link, asset and data resolvers of a file (as the page was compiled with). */
  resolvers: (file: string) => Pick<Parameters<MdxCompiler>[0], 'resolveLink' | 'resolveAsset' | 'resolveData' | 'listData'>;
  loadPartial: (abs: string) => Promise<{ code?: string; diagnostics: Diagnostic[] }>;
  modules: Readonly<Record<string, string>>;
}

const ENTRY_NS = 'sitegen-islands-entry';
const ISLAND_NS = 'sitegen-island';
const REACT_NS = 'sitegen-react-shim';

/**
 * Bundles every page's island script; `reactFile` is the client's React file (`react.ab12.js`,
 * beside them in `assets/js/`).
 */
export async function bundleIslands(options: IslandBundleOptions & { reactFile: string; minify?: boolean }): Promise<IslandAssets> {
  const { root, pages, reactFile } = options;
  const diagnostics: Diagnostic[] = [];
  if (!pages.length) return { files: [], scripts: {}, diagnostics };
  let result;
  try {
    result = await build({
      ...islandBuildOptions({ root, entryNs: ENTRY_NS, keys: pages.map((p) => p.key), minify: options.minify }),
      loader: ASSET_LOADERS,
      plugins: [
        siteUrlPlugin(), svgComponentPlugin(), reactShimPlugin(reactFile), islandModulesPlugin(options), browserVariantsPlugin(root, options.modules),
        themeOverridesPlugin(path.join(root, 'theme')),
        mdxResolvePlugin({ root, pages: new Map(), excerpts: new Map(), loadPartial: options.loadPartial, modules: options.modules, report: (d) => diagnostics.push(d) }),
      ],
    });
  } catch (error) {
    const failures = esbuildDiagnostics(error, MDX_BUNDLE(root));
    if (!failures) throw error;
    return { files: [], scripts: {}, diagnostics: [...diagnostics, ...failures] };
  }
  return { ...islandOutputs(result, ENTRY_NS), diagnostics };
}

/**
 * The esbuild options every island build shares (MDX islands here, React pages in
 * src/render/bundle-page-islands.ts): one entry per page key (`<entryNs>:<key>`), ES modules
 * for the browser, split into shared chunks. Identifiers are not minified: CSS modules' class
 * names would be, and then differ from the names the server rendered (`tide_counter_counter`,
 * not `r`).
 */
export function islandBuildOptions(options: { root: string; entryNs: string; keys: string[]; minify?: boolean }): BuildOptions {
  const minify = options.minify ?? true;
  return {
    entryPoints: Object.fromEntries(options.keys.map((key) => [`islands-${key}`, `${options.entryNs}:${key}`])),
    bundle: true, write: false, outdir: '/assets', entryNames: 'js/[name].[hash]', chunkNames: 'js/islands-chunk.[hash]',
    splitting: true, format: 'esm', platform: 'browser', target: ['chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic', minifyWhitespace: minify, minifySyntax: minify, legalComments: 'none', metafile: true, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: path.resolve(options.root),
  };
}

/**
 * An island build's scripts, to write under `assets/js/`, and each page key's script URL. Its
 * CSS is left out: the components' CSS is the server bundle's stylesheet, which pages link already.
 */
export function islandOutputs(result: { outputFiles?: OutputFile[]; metafile?: Metafile }, entryNs: string): Omit<IslandAssets, 'diagnostics'> {
  // Both are there: islandBuildOptions asks for a metafile and no writing.
  const files = result.outputFiles!.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: f.path.replace(/^\/assets\//, 'assets/'), contents: f.contents }));
  const scripts: Record<string, string> = {};
  for (const [file, output] of Object.entries(result.metafile!.outputs)) {
    const key = output.entryPoint?.startsWith(`${entryNs}:`) ? output.entryPoint.slice(entryNs.length + 1) : undefined;
    if (key) scripts[key] = `/${file.replace(/^(?:\.\.\/)*\/?assets\//, 'assets/').replace(/^\/+/, '')}`;
  }
  return { files, scripts };
}

/**
 * React's entry points as modules that read the React file's `__sitegenReact` (every entry
 * point whole): each exports the names its package has, and React itself as the default.
 */
export function reactShimPlugin(reactFile: string): Plugin {
  const require = createRequire(path.join(DEFAULT_THEME_DIR, 'index.js'));
  const specifiers = new Set<string>(REACT_SPECIFIERS);
  return {
    name: 'sitegen-react-shim',
    setup(build) {
      build.onResolve({ filter: /^react(?:-dom)?(?:\/.*)?$/ }, (args) => (specifiers.has(args.path) ? { path: args.path, namespace: REACT_NS } : undefined));
      build.onResolve({ filter: /.*/, namespace: REACT_NS }, (args) => ({ path: args.path, external: true }));
      build.onLoad({ filter: /.*/, namespace: REACT_NS }, (args) => {
        const index = REACT_SPECIFIERS.indexOf(args.path as (typeof REACT_SPECIFIERS)[number]);
        const names = Object.keys(require(args.path) as object).filter((n) => /^[A-Za-z$][\w$]*$/.test(n) && n !== 'default');
        return {
          loader: 'js',
          // Each name a pure call, so that esbuild drops those the islands do not use.
          contents: `import { ${REACT_MODULES_EXPORT} as all } from ${JSON.stringify(`./${reactFile}`)};
const m = all[${index}];
const read = (name) => m[name];
${names.map((n) => `export const ${n} = /* @__PURE__ */ read(${JSON.stringify(n)});`).join('\n')}
export default /* @__PURE__ */ read('default') ?? m;`,
        };
      });
    },
  };
}

/**
 * A theme module with a browser variant beside it (`code-block.browser.tsx` for `@theme/CodeBlock`)
 * is that variant in the browser: what the server needs to render it (a highlighter, an HTML
 * writer) is not shipped to keep markup the page already has.
 */
export function browserVariantsPlugin(root: string, modules: Readonly<Record<string, string>>): Plugin {
  return {
    name: 'sitegen-browser-variants',
    setup(build) {
      build.onResolve({ filter: /^@(?:theme|docusaurus)\// }, (args) => {
        const file = Object.hasOwn(modules, args.path) ? modules[args.path] : undefined;
        const variant = file && themeModuleFile(path.resolve(root), file.replace(/(\.[jt]sx?)$/, '.browser$1'));
        return variant && existsSync(variant) ? { path: variant } : undefined;
      });
    },
  };
}

/** Each page's entry (its islands, started by theme/client/islands.ts), and each island's program. */
function islandModulesPlugin(options: IslandBundleOptions): Plugin {
  const { root, pages, compile } = options;
  const byKey = new Map(pages.map((p) => [p.key, p]));
  const abs = (file: string) => path.join(path.resolve(root), file);
  return {
    name: 'sitegen-islands',
    setup(build) {
      build.onResolve({ filter: new RegExp(`^(?:${ENTRY_NS}|${ISLAND_NS}):`) }, (args) => {
        const at = args.path.indexOf(':');
        return { path: args.path.slice(at + 1), namespace: args.path.slice(0, at) };
      });
      build.onLoad({ filter: /.*/, namespace: ENTRY_NS }, (args) => {
        const page = byKey.get(args.path)!;
        const lines = [
          `import { startIslands } from ${JSON.stringify(path.join(DEFAULT_THEME_DIR, 'client', 'islands.ts'))};`,
          `import { IslandProvider } from ${JSON.stringify(themeModuleFile(path.resolve(root), 'island-provider.tsx'))};`,
          ...page.islands.map(({ i }) => `import I${i} from ${JSON.stringify(`${ISLAND_NS}:${page.key}#${i}`)};`),
          `startIslands({ key: ${JSON.stringify(page.key)}, site: ${JSON.stringify(page.site)}, Provider: IslandProvider, islands: { ${page.islands.map(({ i }) => `${i}: I${i}`).join(', ')} } });`,
        ];
        return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(abs(page.file)) };
      });
      build.onLoad({ filter: /.*/, namespace: ISLAND_NS }, async (args) => {
        const [key, n] = args.path.split('#');
        const page = byKey.get(key)!;
        const island = page.islands.find((x) => x.i === Number(n))!;
        // The page's imports and exports, then the island alone: the same program the page has, for one element.
        const compiled = await compile({
          source: `${page.esm}\n\n${island.source}\n`, file: page.file, lineOffset: page.lineOffset,
          preprocessed: true, partial: true, ...options.resolvers(page.file),
        });
        return {
          contents: compiled.code ?? 'export default function MDXContent() { return null; }', loader: 'js', resolveDir: path.dirname(abs(page.file)),
          errors: compiled.code === undefined ? compiled.diagnostics.map((d) => ({ text: d.message })) : [],
        };
      });
    },
  };
}
