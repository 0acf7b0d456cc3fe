/**
 * Transfer sizes of a finished build, as a first-time visitor's browser would fetch them
 * (gzip level 9): every script and stylesheet a docs page loads, its HTML, and the page chunk
 * a client-side navigation fetches. React (react, react-dom, scheduler) is a file of its own
 * (`react.<hash>.js`, src/client/react-vendor.ts); every other script is ours.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeToDataFile, routeToFile } from '../../src/util/routes.ts';

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
  /** JSON the head script preloads (the site data, a big site's sidebar state): data, not script. */
  data: FileBytes[];
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
  /** Each docs page's data file (`_pages/<route>.json`), what a client navigation to it fetches. */
  docsData: { count: number; median: FileBytes; max: FileBytes };
}

/** Our code vs React in the scripts of a first visit. */
export interface JsSplit {
  /** gzip of the React file. */
  reactGzip: number;
  /** gzip of every other first-visit script, summed (each file compressed on its own). */
  oursGzip: number;
  reactMinified: number;
  oursMinified: number;
  /** How many of our files a first visit fetches. */
  oursFiles: number;
}

const gzip = (data: Uint8Array | string) => gzipSync(data, { level: 9 }).byteLength;
const isReactFile = (url: string) => /\/react\.[A-Z0-9]+\.js$/.test(url);

/** Measures `page` (a docs route) in the build at `buildDir`. */
export function measureBytes(options: { buildDir: string; page: string; htmlBudget: number }): BytesReport {
  const { buildDir, page, htmlBudget } = options;
  const fileBytes = (url: string): FileBytes => {
    const data = readFileSync(path.join(buildDir, url));
    return { url, raw: data.byteLength, gzip: gzip(data) };
  };
  const html = readFileSync(path.join(buildDir, routeToFile(page)), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));

  const scripts: FileBytes[] = [];
  const data: FileBytes[] = [];
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
      // The colour-mode script loads the hydration entry after the first paint (head-script.ts),
      // with a modulepreload for each script its `data-preload` lists.
      for (const loaded of m[2].matchAll(/\.src="(\/[^"]+\.js)"/g)) follow(loaded[1]);
      for (const url of /\bdata-preload="([^"]*)"/.exec(attrs)?.[1].split(' ').filter(Boolean) ?? []) {
        if (url.endsWith('.json')) data.push(fileBytes(url));
        else follow(url);
      }
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
  const docsData = docRoutes.map((route) => ({ ...fileBytes(routeToDataFile(route)), url: route }));

  return {
    page,
    scripts,
    lazyScripts: [...lazy.values()],
    data,
    renderBlocking,
    inlineScriptBytes,
    jsGzip: sum(scripts.map((s) => s.gzip)),
    split: splitScripts(scripts),
    stylesheets,
    externalStylesheets,
    cssGzip: sum(stylesheets.map((s) => s.gzip)),
    html: { ...fileBytes(routeToFile(page)), url: page },
    docsHtml: { count: docsHtml.length, ...medianMax(docsHtml), overBudget: docsHtml.filter((h) => h.gzip > htmlBudget).length },
    docsData: { count: docsData.length, ...medianMax(docsData) },
  };
}

/** React's file against ours, among the scripts of a first visit. */
function splitScripts(scripts: FileBytes[]): JsSplit | undefined {
  const react = scripts.filter((s) => isReactFile(s.url));
  if (react.length === 0) return undefined;
  const ours = scripts.filter((s) => !isReactFile(s.url));
  return {
    reactGzip: sum(react.map((s) => s.gzip)),
    oursGzip: sum(ours.map((s) => s.gzip)),
    reactMinified: sum(react.map((s) => s.raw)),
    oursMinified: sum(ours.map((s) => s.raw)),
    oursFiles: ours.length,
  };
}

/** Routes of every docs page, read from each page's inline data (`"type":"doc"`). */
function listDocRoutes(buildDir: string): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(buildDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    const json = /<script type="application\/json" id="__sitegen">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const page = json ? (JSON.parse(json) as { page?: { type?: string; route?: string } }).page : undefined;
    if (page?.type === 'doc' && page.route) routes.push(page.route);
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
