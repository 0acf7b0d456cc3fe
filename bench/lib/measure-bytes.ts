/**
 * Transfer sizes of a finished build, as a first-time visitor's browser would fetch them
 * (gzip level 9): every script and stylesheet a docs page loads, its HTML, and the page chunk
 * a client-side navigation fetches. The JS is split into React (react, react-dom, scheduler)
 * and our own code by rebuilding the client entry with an esbuild metafile.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { LAZY_MODULES } from '../../src/client/bundle-client.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from '../../src/render/theme-plugin.ts';
import { routeToChunk, routeToFile } from '../../src/util/routes.ts';

/** Bytes of one fetched file. */
export interface FileBytes {
  url: string;
  raw: number;
  gzip: number;
}

/** Everything measured on one build. */
export interface BytesReport {
  page: string;
  scripts: FileBytes[];
  /** Dynamic imports found in those scripts: loaded later (search, …), not on the first visit. */
  lazyScripts: FileBytes[];
  /** External or blocking scripts in `<head>` (only the inline colour-mode script is allowed). */
  renderBlocking: string[];
  inlineScriptBytes: number;
  jsGzip: number;
  split?: JsSplit;
  stylesheets: FileBytes[];
  externalStylesheets: string[];
  cssGzip: number;
  html: FileBytes;
  docsHtml: { count: number; median: FileBytes; max: FileBytes; overBudget: number };
  chunk: FileBytes;
  docsChunks: { count: number; median: FileBytes; max: FileBytes };
}

/** Our code vs React in the client entry. */
export interface JsSplit {
  /** gzip of a bundle holding only the React modules the entry imports. */
  reactGzip: number;
  /** Entry gzip minus React gzip. */
  oursGzip: number;
  reactMinified: number;
  oursMinified: number;
  /** Largest inputs of ours, minified bytes in the output. */
  topInputs: { input: string; bytes: number }[];
  /** Whether the rebuilt entry is byte-identical in size to the shipped one. */
  matchesShipped: boolean;
}

const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).byteLength;
const reactRE = /node_modules\/(react|react-dom|scheduler)\//;

/** Measures `page` (a docs route) in the build at `buildDir`; `siteRoot` is for theme overrides. */
export async function measureBytes(options: { buildDir: string; siteRoot: string; page: string; htmlBudget: number }): Promise<BytesReport> {
  const { buildDir, siteRoot, page, htmlBudget } = options;
  const fileBytes = (url: string): FileBytes => {
    const data = readFileSync(path.join(buildDir, url));
    return { url, raw: data.byteLength, gzip: gzip(data) };
  };
  const html = readFileSync(path.join(buildDir, routeToFile(page)), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));

  const scripts: FileBytes[] = [];
  const lazy = new Map<string, FileBytes>();
  const seen = new Set<string>();
  const follow = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const bytes = fileBytes(url);
    scripts.push(bytes);
    const code = readFileSync(path.join(buildDir, url), 'utf8');
    // esbuild's ESM output: `import"./x.js"`, `from"./x.js"` (static), `import("./x.js")` (lazy).
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) follow(resolveUrl(url, m[1]));
    for (const m of code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)) {
      const target = resolveUrl(url, m[1]);
      if (!lazy.has(target) && existsSync(path.join(buildDir, target))) lazy.set(target, fileBytes(target));
    }
  };
  const renderBlocking: string[] = [];
  let inlineScriptBytes = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    if (!src) {
      inlineScriptBytes += Buffer.byteLength(m[2]);
      // The colour-mode script loads the hydration entry after the first paint (head-script.ts).
      for (const loaded of m[2].matchAll(/\.src="(\/[^"]+\.js)"/g)) follow(loaded[1]);
      continue;
    }
    const deferred = /type="module"|\bdefer\b|\basync\b/.test(attrs);
    if (!deferred && head.includes(m[0])) renderBlocking.push(src);
    if (src.startsWith('/')) follow(src);
    else renderBlocking.push(`${src} (external)`);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) follow(m[1]);
  for (const url of seen) lazy.delete(url);

  const stylesheets: FileBytes[] = [];
  const externalStylesheets: string[] = [];
  for (const m of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(m[0])?.[1];
    if (!href) continue;
    if (href.startsWith('/')) stylesheets.push(fileBytes(href));
    else externalStylesheets.push(href);
  }

  const docRoutes = listDocRoutes(buildDir);
  const docsHtml = docRoutes.map((route) => ({ ...fileBytes(routeToFile(route)), url: route }));
  const docsChunks = docRoutes.map((route) => ({ ...fileBytes(routeToChunk(route)), url: route }));
  const entry = scripts.find((s) => /\/entry\.[^/]+\.js$/.test(s.url));

  return {
    page,
    scripts,
    lazyScripts: [...lazy.values()],
    renderBlocking,
    inlineScriptBytes,
    jsGzip: sum(scripts.map((s) => s.gzip)),
    split: entry ? await splitEntry({ siteRoot, shipped: readFileSync(path.join(buildDir, entry.url)), shippedGzip: entry.gzip }) : undefined,
    stylesheets,
    externalStylesheets,
    cssGzip: sum(stylesheets.map((s) => s.gzip)),
    html: { ...fileBytes(routeToFile(page)), url: page },
    docsHtml: { count: docsHtml.length, ...medianMax(docsHtml), overBudget: docsHtml.filter((h) => h.gzip > htmlBudget).length },
    chunk: { ...fileBytes(routeToChunk(page)), url: page },
    docsChunks: { count: docsChunks.length, ...medianMax(docsChunks) },
  };
}

/**
 * Rebuilds the client entry as src/client/bundle-client.ts does, with a metafile, and measures
 * React alone by bundling exactly the React modules our code imports.
 */
async function splitEntry(options: { siteRoot: string; shipped: Uint8Array; shippedGzip: number }): Promise<JsSplit> {
  const common: BuildOptions = {
    bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, legalComments: 'none',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'], jsx: 'automatic', logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  const result = await build({
    ...common,
    entryPoints: { entry: path.join(DEFAULT_THEME_DIR, 'client/entry.tsx') },
    outdir: '/assets', entryNames: '[ext]/[name].[hash]', metafile: true,
    define: { ...common.define, SITEGEN_LAZY_FILES: JSON.stringify(Object.fromEntries(LAZY_MODULES.map((m) => [m, lazyName(m)]))) },
    // Dynamic imports are the lazy modules the shipped entry loads from files of their own
    // (`./search-client.3IGCG3QD.js`): external here too, with a name of the same length.
    plugins: [lazyImportsPlugin(), themeOverridesPlugin(path.join(options.siteRoot, 'theme'))],
  });
  const output = Object.entries(result.metafile!.outputs).find(([file]) => file.endsWith('.js') && /entry\./.test(file))!;
  const inputs = Object.entries(output[1].inputs).map(([input, v]) => ({ input, bytes: v.bytesInOutput }));
  const reactMinified = sum(inputs.filter((i) => reactRE.test(i.input)).map((i) => i.bytes));
  const oursMinified = sum(inputs.filter((i) => !reactRE.test(i.input)).map((i) => i.bytes));

  const specifiers = reactSpecifiers(result.metafile!);
  const stub = await build({
    ...common,
    stdin: { contents: specifiers.map((s, i) => `export * as m${i} from ${JSON.stringify(s)};`).join('\n'), resolveDir: DEFAULT_THEME_DIR },
    outdir: '/react-only',
  });
  const reactGzip = gzip(stub.outputFiles![0].contents);
  const entryFile = result.outputFiles!.find((f) => f.path.endsWith('.js') && /entry\./.test(f.path))!;
  return {
    reactGzip,
    oursGzip: options.shippedGzip - reactGzip,
    reactMinified,
    oursMinified,
    topInputs: inputs.filter((i) => !reactRE.test(i.input)).sort((a, b) => b.bytes - a.bytes).slice(0, 8),
    matchesShipped: entryFile.contents.byteLength === options.shipped.byteLength,
  };
}

/** `./search-client.XXXXXXXX.js`: a lazy module's file name, as long as the shipped one. */
function lazyName(module: string): string {
  return `./${path.basename(module, path.extname(module))}.XXXXXXXX.js`;
}

/** Leaves every relative `import()` external, as `./<name>.XXXXXXXX.js`. */
function lazyImportsPlugin(): Plugin {
  return {
    name: 'bench-lazy-imports',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => (args.kind === 'dynamic-import'
        ? { path: lazyName(args.path), external: true }
        : undefined));
    },
  };
}

/** The bare React specifiers (`react`, `react-dom/client`, `react/jsx-runtime`…) our code imports. */
function reactSpecifiers(metafile: Metafile): string[] {
  const found = new Set<string>();
  for (const [input, info] of Object.entries(metafile.inputs)) {
    if (input.includes('node_modules/')) continue;
    for (const imp of info.imports) if (reactRE.test(imp.path) && imp.original && !imp.original.startsWith('.')) found.add(imp.original);
  }
  return [...found].sort();
}

/** Routes of every docs page, read from the page chunks (`"type":"doc"`). */
function listDocRoutes(buildDir: string): string[] {
  const chunks = path.join(buildDir, '_chunks');
  const routes: string[] = [];
  for (const entry of readdirSync(chunks, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const data = JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')) as { type?: string; route?: string };
    if (data.type === 'doc' && data.route) routes.push(data.route);
  }
  return routes.sort();
}

function medianMax(list: FileBytes[]): { median: FileBytes; max: FileBytes } {
  const sorted = [...list].sort((a, b) => a.gzip - b.gzip);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted[sorted.length - 1] };
}

function resolveUrl(from: string, specifier: string): string {
  return specifier.startsWith('/') ? specifier : path.posix.join(path.posix.dirname(from), specifier);
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
