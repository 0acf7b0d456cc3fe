import path from 'node:path';
import { build, type Plugin } from 'esbuild';
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
 * Bundles the hydration entry and the stylesheet with esbuild: minified, content-hashed file
 * names (safe to cache forever), ES modules loaded with `type="module"` (deferred).
 */
export async function bundleClient(options: { siteRoot: string; minify?: boolean }): Promise<ClientAssets> {
  const result = await build({
    entryPoints: {
      entry: path.join(DEFAULT_THEME_DIR, 'client/entry.tsx'),
      main: path.join(DEFAULT_THEME_DIR, 'css/main.css'),
    },
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
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    // Error locations relative to the site root, like every other diagnostic.
    absWorkingDir: path.resolve(options.siteRoot),
    plugins: [themeOverridesPlugin(path.join(options.siteRoot, 'theme')), codeColoursPlugin()],
  }).catch((error: unknown) => {
    throw toThemeError(error, 'client bundle');
  });
  const files = result.outputFiles.map((f) => ({ path: f.path.replace(/^\/assets\//, 'assets/'), contents: f.contents }));
  const find = (ext: string) => `/${files.find((f) => f.path.startsWith(`assets/${ext}/`) && f.path.endsWith(`.${ext}`))!.path}`;
  return { script: find('js'), stylesheet: find('css'), files };
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
