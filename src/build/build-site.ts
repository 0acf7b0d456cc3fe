import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { bundleClient } from '../client/bundle-client.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from '../diagnostics/format-diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { checkLinks, type LinkedPage } from '../links/check-links.ts';
import { extractLinks } from '../links/extract-links.ts';
import { createMarkdownRenderer } from '../markdown/create-markdown-renderer.ts';
import { createHeadScript } from '../render/head-script.ts';
import { loadTheme } from '../render/load-theme.ts';
import { renderDocument } from '../render/render-document.ts';
import { createSiteData } from '../render/site-data.ts';
import { buildSidebar } from '../routes/build-sidebar.ts';
import { planPages } from '../routes/plan-pages.ts';
import { createSearchIndexer } from '../search/create-search-indexer.ts';
import { routeToChunk, routeToFile } from '../util/routes.ts';
import { loadSite } from './load-site.ts';
import { renderAllMarkdown } from './render-markdown.ts';
import { feedPaths, renderFeeds, renderHeaders, renderRobots, renderSitemap } from './site-files.ts';
import { createLogger, formatMs, step, type Logger } from './step.ts';
import { FsWriter, type Writer } from './writer.ts';

/** Options of one build. */
export interface BuildOptions {
  /** Site root: holds site.config.ts, content/, theme/, public/. */
  root: string;
  /** Output folder, relative to root. @default 'build' */
  outDir?: string;
  mode?: 'build' | 'dev';
  logger?: Logger;
  /** Write somewhere other than the file system (dev, tests). Skips the atomic swap. */
  writer?: Writer;
}

/** What a finished build reports. */
export interface BuildResult {
  pages: number;
  bytes: number;
  diagnostics: Diagnostic[];
  /** Routes and their source files, for dev's dependency tracking. */
  routes: { route: string; source: string }[];
  durationMs: number;
}

/**
 * Builds the whole site: load → markdown → plan routes → render and write every page →
 * site files → search index → link check. Output goes to a temporary folder that replaces
 * `build/` only when everything succeeded, so a failed build leaves the previous one intact.
 * All diagnostics are collected and reported together; errors fail the build once, at the end.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const root = path.resolve(options.root);
  const mode = options.mode ?? 'build';
  const logger = options.logger ?? createLogger();
  const outDir = path.resolve(root, options.outDir ?? 'build');
  const tmpDir = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  const fsWriter = options.writer ? undefined : new FsWriter(tmpDir);
  const writer: Writer = options.writer ?? fsWriter!;
  let bytes = 0;
  const write = async (file: string, contents: string | Uint8Array) => {
    bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    await writer.write(file, contents);
  };

  try {
    const site = await step(logger, 'load content', () => loadSite({ root, mode }));
    const { config } = site;
    const diagnostics: Diagnostic[] = [...site.diagnostics];
    failOnErrors(diagnostics, logger);

    const [render, renderApp, client] = await step(logger, 'prepare renderers', () => Promise.all([
      createMarkdownRenderer({ tocMinLevel: config.toc.minHeadingLevel, tocMaxLevel: config.toc.maxHeadingLevel }),
      loadTheme({ siteRoot: root }),
      bundleClient({ siteRoot: root }),
    ]));
    const md = await step(logger, 'render markdown', () => renderAllMarkdown({ root, config, docs: site.docs, posts: site.posts, render }));
    diagnostics.push(...md.diagnostics);

    const sidebar = buildSidebar({ docs: md.docs, categories: site.categories });
    const planned = planPages({ config, docs: md.docs, categories: site.categories, posts: md.posts, sidebar });
    diagnostics.push(...planned.diagnostics);
    failOnErrors(diagnostics, logger);
    const siteData = createSiteData({ config, sidebar, posts: md.posts });
    const headScript = createHeadScript(config);
    const feeds = md.posts.length ? feedPaths(config) : {};
    const assets = { script: client.script, stylesheet: client.stylesheet, headScript: headScript.code, feeds };

    const files = new Set<string>();
    const record = async (file: string, contents: string | Uint8Array) => {
      files.add(`/${file}`);
      await write(file, contents);
    };
    await step(logger, 'copy static files', async () => {
      for (const file of await listFiles(path.join(root, 'public'))) {
        files.add(`/${file}`);
        await writer.copy(path.join(root, 'public', file), file);
      }
      for (const [from, to] of md.assets) {
        files.add(`/${to}`);
        await writer.copy(from, to);
      }
      for (const f of client.files) await record(f.path, f.contents);
    });

    const sourceLinks = new Map([...md.docs, ...md.posts].map((s) => [s.file, s.md.links]));
    const linked: LinkedPage[] = [];
    const indexer = createSearchIndexer({ config });
    await step(logger, `render ${planned.pages.length} pages`, async () => {
      for (const { page, source } of planned.pages) {
        const body = renderApp(siteData, page);
        const html = renderDocument({ config, site: siteData, page, body, assets });
        await write(page.type === 'not-found' ? '404.html' : routeToFile(page.route), html);
        if (page.type !== 'not-found') await write(routeToChunk(page.route), JSON.stringify(page));
        const { hrefs, ids } = extractLinks(html);
        linked.push({ route: page.route, source, hrefs, ids: new Set(ids), sourceLinks: sourceLinks.get(source) });
        indexer.add({ page, html });
      }
    });

    await step(logger, 'write site files', async () => {
      for (const f of renderFeeds({ config, posts: md.posts })) await record(f.path, f.contents);
      const indexable = planned.pages.filter((p) => p.page.type !== 'not-found' && p.page.type !== 'search');
      await record('sitemap.xml', renderSitemap({ config, routes: indexable.map((p) => ({ route: p.page.route, lastmod: p.page.type === 'blog-post' ? p.page.date : undefined })) }));
      await record('robots.txt', renderRobots(config));
      const searchOrigin = siteData.search.hosted ? new URL(siteData.search.hosted.host).origin : undefined;
      await record('_headers', renderHeaders({ config, headScriptHash: headScript.hash, searchOrigin }));
    });

    await step(logger, 'check links', () => {
      const severity = mode === 'dev' || config.onBrokenLinks === 'warn' ? 'warning' : 'error';
      if (config.onBrokenLinks !== 'ignore') diagnostics.push(...checkLinks({ pages: linked, files, severity, configText: site.configText }));
    });
    failOnErrors(diagnostics, logger);

    await step(logger, 'build search index', async () => {
      for (const f of await indexer.finish()) await record(f.path, f.contents);
    });

    if (fsWriter) await swapIn({ tmpDir, outDir });
    report(diagnostics, logger);
    const durationMs = performance.now() - started;
    logger.info(`Built ${planned.pages.length} pages (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${formatMs(durationMs)} → ${path.relative(process.cwd(), outDir) || '.'}`);
    return {
      pages: planned.pages.length, bytes, diagnostics, durationMs,
      routes: planned.pages.map((p) => ({ route: p.page.route, source: p.source })),
    };
  } catch (error) {
    if (fsWriter) await rm(tmpDir, { recursive: true, force: true });
    throw error;
  }
}

/** Prints collected diagnostics; throws once if any is an error. */
function failOnErrors(diagnostics: Diagnostic[], logger: Logger): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return;
  const sorted = sortDiagnostics(diagnostics);
  throw new SitegenError(`Build failed: ${summarizeDiagnostics(sorted)}`, { diagnostics: sorted });
}

function report(diagnostics: Diagnostic[], logger: Logger): void {
  if (diagnostics.length === 0) return;
  const sorted = sortDiagnostics(diagnostics);
  for (const d of sorted) logger.warn(formatDiagnostic(d));
  logger.warn(summarizeDiagnostics(sorted));
}

/** Replaces `outDir` with the finished temporary folder. */
async function swapIn(options: { tmpDir: string; outDir: string }): Promise<void> {
  const { tmpDir, outDir } = options;
  const old = `${outDir}.old-${process.pid}`;
  if (existsSync(outDir)) await rename(outDir, old);
  await rename(tmpDir, outDir);
  await rm(old, { recursive: true, force: true });
}

/** Files below `dir`, relative, with `/` separators. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
