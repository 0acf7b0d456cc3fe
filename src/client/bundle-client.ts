import path from 'node:path';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { codeColourCss } from '../markdown/code-colour-classes.ts';
import { importedReactNames, reactExternalsPlugin, reactVendorSource } from './react-vendor.ts';
import { runtimeChunkPlugin } from './runtime-chunk-plugin.ts';
import { bundleError } from '../bundle/esbuild-diagnostics.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from '../render/theme-plugin.ts';
import { themeWorkingDir } from '../render/theme-key.ts';

/** Hashed client assets, as URLs and file contents. */
export interface ClientAssets {
  /** `/assets/js/entry.3f9a1c.js` */
  script: string;
  /** `/assets/css/main.8b1e2d.css`: every page links it. */
  stylesheet: string;
  /** The theme's stylesheets only some pages link (`PAGE_STYLESHEETS`), by name: `{ blog: '/assets/css/blog.3f9a1c.css' }`. */
  pageStylesheets: Record<keyof typeof PAGE_STYLESHEETS, string>;
  /**
   * What a page fetches at once when its scripts start (`<link rel="modulepreload">`, added by
   * the head script): `common` for every page (the entry, React, the runtime and the chunks they
   * import), and per page module (keyed by its file relative to the theme folder,
   * `docs/doc-page.tsx`) its own files beyond those.
   */
  preload: { common: string[]; modules: Record<string, string[]> };
  files: { path: string; contents: Uint8Array }[];
  /**
   * Scripts only some pages load (`PAGE_SCRIPTS`), by name: `{ tabs: '/assets/js/tabs.3f9a1c.js' }`.
   * Each is built alone, so that the scripts every page loads stay byte for byte the same.
   */
  pageScripts: Record<keyof typeof PAGE_SCRIPTS, string>;
  /** The source files bundled into each script, by URL (for the bench's React/ours split). */
  inputs: Record<string, string[]>;
}

/**
 * Theme modules that load on demand: each is bundled into a file of its own, and the
 * `import()` that asks for it (in the entry's code) points at that file. Not esbuild's code
 * splitting: that puts its runtime helpers into a shared chunk the entry must fetch before it
 * can run, one more round trip on every first visit.
 */
export const LAZY_MODULES = ['search/search-client.ts'];

/**
 * Scripts of the theme that only the pages needing them load, with a `<script type="module">`
 * of their own (render-document.ts): no React, nothing shared with the page's other scripts.
 */
export const PAGE_SCRIPTS = {
  /** `@theme/Tabs` in MDX content (theme/mdx/tabs.tsx). */
  tabs: 'client/tabs.ts',
} as const;

/**
 * Stylesheets of the theme that only the pages showing what they style link (render-document.ts
 * says which), each a file of its own: what every page loads stays small (issue 41 › 4: CSS to
 * the first sign of intent ≤ 8 KB). Client navigation links them before it shows a page that
 * names them (theme/client/head.ts).
 */
export const PAGE_STYLESHEETS = {
  /** The blog's pages: post lists, posts, the archive and the tags. */
  blog: 'css/blog.css',
  /** The search page's own parts, and the 404 page's search and links (the modal's are every page's). */
  search: 'css/search-page.css',
  /** The theme components MDX content renders: tabs, details, custom admonition icons, numbered lines, islands. */
  mdx: 'css/mdx.css',
  /** The docs' version menu and an unreleased or unmaintained version's banner: sites with several versions. */
  versions: 'css/versions.css',
} as const;

/**
 * Bundles the hydration entry and the stylesheet with esbuild: minified, content-hashed file
 * names (safe to cache forever), ES modules loaded with `type="module"` (deferred). Code
 * splitting makes each `import()` of the theme a file of its own (React, the runtime, each page
 * module, the search modal…), with the code they share in chunks; the modules of
 * `LAZY_MODULES` (the search engine) are built apart, so their URL is known for a retry.
 */
export async function bundleClient(options: { siteRoot: string; minify?: boolean }): Promise<ClientAssets> {
  const workingDir = themeWorkingDir(options.siteRoot);
  const common: BuildOptions = {
    bundle: true,
    write: false,
    outdir: '/assets',
    entryNames: '[ext]/[name].[hash]',
    assetNames: 'media/[name].[hash]',
    format: 'esm',
    platform: 'browser',
    target: ['chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    minify: options.minify ?? true,
    legalComments: 'none',
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    absWorkingDir: workingDir,
  };
  const themeOverrides = themeOverridesPlugin(path.join(options.siteRoot, 'theme'));
  const run = (build_: BuildOptions) => build({ ...common, ...build_ }).catch((error: unknown) => {
    // Error locations relative to the site root, like every other diagnostic.
    throw bundleError(error, { what: 'the client bundle', ruleId: 'theme/bundle', root: options.siteRoot, workingDir, fallbackFile: 'theme' });
  });

  const entry = path.join(DEFAULT_THEME_DIR, 'client/entry.tsx');
  // The scripts of the theme, React (a file of its own, see react-vendor.ts) and the lazy modules aside.
  const theme = (reactPlugin: Plugin, lazyFiles: Map<string, string>, entryPoints: BuildOptions['entryPoints']): BuildOptions => ({
    entryPoints,
    splitting: true,
    chunkNames: 'js/[name].[hash]',
    // The icons' shapes (theme/css/icons.css): views of one file, `/assets/media/icons.<hash>.svg#<name>`.
    loader: { '.svg': 'file' },
    plugins: [runtimeChunkPlugin(entry), reactPlugin, lazyModulesPlugin(lazyFiles), themeOverrides, codeColoursPlugin()],
    // For a retry after a failed download, which must use a new URL (theme/search/use-search.ts).
    define: {
      ...common.define,
      // What the theme leaves out of the browser's code (theme/layout/noscript-menu.tsx).
      SITEGEN_BROWSER: 'true',
      SITEGEN_LAZY_FILES: JSON.stringify(JSON.stringify(Object.fromEntries(LAZY_MODULES.map((m) => [m, lazyFiles.get(path.join(DEFAULT_THEME_DIR, m))])))),
    },
  });

  const [lazy, reactNames] = await Promise.all([
    run({
      entryPoints: Object.fromEntries([...LAZY_MODULES, ...Object.values(PAGE_SCRIPTS)].map((m) => [path.basename(m, path.extname(m)), path.join(DEFAULT_THEME_DIR, m)])),
      plugins: [themeOverrides],
    }),
    // The theme's scripts with React left out, to read which of its names they import: the
    // React file exports only those (about 0.6 KB less to download than all of them).
    run({ ...theme(reactExternalsPlugin(), new Map(LAZY_MODULES.map((m) => [path.join(DEFAULT_THEME_DIR, m), './lazy.js'])), { entry }), metafile: false })
      .then((result) => {
        const scripts = result.outputFiles!.filter((f) => f.path.endsWith('.js'));
        const entryScript = scripts.find((f) => path.basename(f.path).startsWith('entry.'))!;
        return importedReactNames(scripts.map((f) => f.text), entryScript.text);
      }),
  ]);
  const react = await run({
    stdin: { contents: reactVendorSource(DEFAULT_THEME_DIR, reactNames), resolveDir: DEFAULT_THEME_DIR, sourcefile: 'react.js', loader: 'js' },
    entryNames: 'js/react.[hash]',
    // Chromium compiles every function of the file while it downloads, off the main thread,
    // instead of compiling each on its first call, while React starts (explicit compile hints).
    banner: { js: '//# allFunctionsCalledOnLoad' },
  });
  const reactFile = `./${path.basename(react.outputFiles![0].path)}`;
  const lazyFiles = new Map(LAZY_MODULES.map((m) => [path.join(DEFAULT_THEME_DIR, m), `./${path.basename(outputOf(lazy.metafile!, path.basename(m)))}`]));
  const sheets = Object.fromEntries(Object.values(PAGE_STYLESHEETS).map((file) => [path.basename(file, '.css'), path.join(DEFAULT_THEME_DIR, file)]));
  const main = await run(theme(reactExternalsPlugin(reactFile), lazyFiles, { entry, main: path.join(DEFAULT_THEME_DIR, 'css/main.css'), ...sheets }));
  const files = [...main.outputFiles!, ...lazy.outputFiles!, ...react.outputFiles!].map((f) => ({ path: f.path.replace(/^\/assets\//, 'assets/'), contents: f.contents }));
  const script = outputOf(main.metafile!, 'entry.tsx');
  return {
    script,
    pageScripts: Object.fromEntries(Object.entries(PAGE_SCRIPTS).map(([name, m]) => [name, outputOf(lazy.metafile!, path.basename(m))])) as ClientAssets['pageScripts'],
    stylesheet: outputOf(main.metafile!, 'main.css'),
    pageStylesheets: Object.fromEntries(Object.entries(PAGE_STYLESHEETS).map(([name, file]) => [name, outputOf(main.metafile!, path.basename(file))])) as ClientAssets['pageStylesheets'],
    inputs: Object.fromEntries(Object.entries({ ...main.metafile!.outputs, ...lazy.metafile!.outputs, ...react.metafile!.outputs })
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, output]) => [assetUrl(file), Object.keys(output.inputs)])),
    preload: preloadLists(main.metafile!, script, reactFile, [DEFAULT_THEME_DIR, path.resolve(options.siteRoot, 'theme')], path.resolve(options.siteRoot)),
    files,
  };
}

/**
 * The files each page needs at start (see `ClientAssets.preload`): the entry, what it imports,
 * React and the runtime (its two `import()`s, see theme/client/entry.tsx) and their static
 * imports; for each other module loaded by `import()`, its file and static imports.
 */
function preloadLists(metafile: Metafile, entry: string, reactFile: string, themeDirs: string[], root: string): ClientAssets['preload'] {
  const url = assetUrl;
  const byUrl = new Map(Object.entries(metafile.outputs).map(([file, output]) => [url(file), output]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (u: string) => {
      if (seen.has(u) || !byUrl.has(u)) return;
      seen.add(u);
      for (const i of byUrl.get(u)!.imports) if (i.kind === 'import-statement' && !i.external) visit(url(i.path));
    };
    start.forEach(visit);
    return seen;
  };
  const entryDynamic = byUrl.get(entry)!.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => url(i.path));
  const common = closure([entry, ...entryDynamic]);
  const modules: Record<string, string[]> = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint || !file.endsWith('.js')) continue;
    const source = path.resolve(root, output.entryPoint);
    const dir = themeDirs.find((d) => source.startsWith(d + path.sep));
    if (!dir) continue;
    modules[path.relative(dir, source).split(path.sep).join('/')] = [...closure([url(file)])].filter((u) => !common.has(u));
  }
  return { common: [url(`assets/js/${reactFile.slice(2)}`), ...common], modules };
}

/** The URL (`/assets/js/entry.3f9a1c.js`) of an output file of the metafile. */
function assetUrl(file: string): string {
  return `/${file.replace(/^(\.\.\/)*assets\//, 'assets/')}`;
}

/** The URL (`/assets/js/entry.3f9a1c.js`) of the output built from the entry point named `entry`. */
function outputOf(metafile: Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint !== undefined && path.basename(o.entryPoint) === entry);
  if (!found) throw new Error(`client bundle: no output for ${entry}`);
  return assetUrl(found[0]);
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
