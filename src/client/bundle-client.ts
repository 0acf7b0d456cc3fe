import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { codeColourCss } from '../markdown/code-colour-classes.ts';
import { toThemeError } from '../render/esbuild-errors.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from '../render/theme-plugin.ts';

/** Hashed client assets, as URLs and file contents. */
export interface ClientAssets {
  /** `/assets/js/entry.3f9a1c.js` */
  script: string;
  /** `/assets/css/main.8b1e2d.css` */
  stylesheet: string;
  files: { path: string; contents: Uint8Array }[];
}

/**
 * Theme modules that load on demand: each is bundled into a file of its own, and the
 * `import()` that asks for it (in the entry's code) points at that file. Not esbuild's code
 * splitting: that puts its runtime helpers into a shared chunk the entry must fetch before it
 * can run, one more round trip on every first visit.
 */
export const LAZY_MODULES = ['search/search-client.ts'];

/**
 * Bundles the hydration entry and the stylesheet with esbuild: minified, content-hashed file
 * names (safe to cache forever), ES modules loaded with `type="module"` (deferred). The
 * modules of `LAZY_MODULES` (the search engine) are separate files, fetched on first use.
 */
export async function bundleClient(options: { siteRoot: string; minify?: boolean }): Promise<ClientAssets> {
  const common: BuildOptions = {
    bundle: true,
    write: false,
    outdir: '/assets',
    entryNames: '[ext]/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    legalComments: 'none',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // Error locations relative to the site root, like every other diagnostic.
    absWorkingDir: path.resolve(options.siteRoot),
  };
  const themeOverrides = themeOverridesPlugin(path.join(options.siteRoot, 'theme'));
  const run = (build_: BuildOptions) => build({ ...common, ...build_ }).catch((error: unknown) => {
    throw toThemeError(error, 'client bundle');
  });

  const lazy = await run({
    entryPoints: Object.fromEntries(LAZY_MODULES.map((m) => [path.basename(m, path.extname(m)), path.join(DEFAULT_THEME_DIR, m)])),
    plugins: [themeOverrides],
  });
  const lazyFiles = new Map(LAZY_MODULES.map((m) => [path.join(DEFAULT_THEME_DIR, m), `./${path.basename(outputOf(lazy.metafile!, path.basename(m)))}`]));
  const main = await run({
    entryPoints: {
      entry: path.join(DEFAULT_THEME_DIR, 'client/entry.tsx'),
      main: path.join(DEFAULT_THEME_DIR, 'css/main.css'),
    },
    plugins: [lazyModulesPlugin(lazyFiles), themeOverrides, codeColoursPlugin()],
    // For a retry after a failed download, which must use a new URL (theme/search/use-search.ts).
    define: {
      ...common.define,
      SITEGEN_LAZY_FILES: JSON.stringify(Object.fromEntries(LAZY_MODULES.map((m) => [m, lazyFiles.get(path.join(DEFAULT_THEME_DIR, m))]))),
    },
  });
  const files = [...main.outputFiles!, ...lazy.outputFiles!].map((f) => ({ path: f.path.replace(/^\/assets\//, 'assets/'), contents: f.contents }));
  return { script: outputOf(main.metafile!, 'entry.tsx'), stylesheet: outputOf(main.metafile!, 'main.css'), files };
}

/** The URL (`/assets/js/entry.3f9a1c.js`) of the output built from the entry point named `entry`. */
function outputOf(metafile: Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint !== undefined && path.basename(o.entryPoint) === entry);
  if (!found) throw new Error(`client bundle: no output for ${entry}`);
  return `/${found[0].replace(/^(\.\.\/)*assets\//, 'assets/')}`;
}

/**
 * Points each dynamic `import()` of a lazy module at its bundled file (`./search-client.ab12.js`,
 * beside the entry in `assets/js/`, so it resolves under any base URL).
 */
function lazyModulesPlugin(lazyFiles: Map<string, string>): Plugin {
  return {
    name: 'sitegen-lazy-modules',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const file = lazyFiles.get(path.resolve(args.resolveDir, args.path));
        return file ? { path: file, external: true } : undefined;
      });
    },
  };
}

/**
 * Resolves `@import 'sitegen:code-colours'` (in the theme's `markdown.css`) to the classes the
 * code highlighter puts on tokens, so they land in the one hashed stylesheet.
 */
function codeColoursPlugin(): Plugin {
  return {
    name: 'sitegen-code-colours',
    setup(build) {
      build.onResolve({ filter: /^sitegen:code-colours$/ }, (args) => ({ path: args.path, namespace: 'sitegen' }));
      build.onLoad({ filter: /.*/, namespace: 'sitegen' }, () => ({ contents: codeColourCss(), loader: 'css' }));
    },
  };
}
