import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { bundleClient } from '../client/bundle-client.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { createMarkdownService } from '../markdown/pool/create-markdown-service.ts';
import type { PageData } from '../model.ts';
import { createHeadScript } from '../render/head-script.ts';
import { loadTheme } from '../render/load-theme.ts';
import { createSiteData } from '../render/site-data.ts';
import { siteSidebars } from '../routes/resolve-sidebars.ts';
import { splitSidebar } from '../routes/prune-sidebar.ts';
import { planPages, type PlannedPage } from '../routes/plan-pages.ts';
import { createSearchIndexer } from '../search/create-search-indexer.ts';
import { deepEqual } from '../util/deep-equal.ts';
import { publicUrl } from '../util/public-url.ts';
import { checkLinksCached } from '../links/check-links-cached.ts';
import type { LinkedPage } from '../links/check-links.ts';
import { failOnErrors } from '../diagnostics/fail-on-errors.ts';
import type { Site } from './load-site.ts';
import { createRenderCache, type RenderCache } from './render-cache.ts';
import type { MarkdownStore } from './markdown-store.ts';
import { createMarkdownCache, markdownInput, renderAllMarkdown } from '../markdown/render-markdown.ts';
import { pageFiles, renderPages, shellDiffers, type PageShell } from '../render/render-pages.ts';
import { renderFeeds, renderHeaders, renderRobots, renderSitemap } from '../render/site-files.ts';
import { feedPaths } from '../util/routes.ts';
import { step, withProgress, type Logger } from '../diagnostics/logger.ts';
import type { Writer } from './writer.ts';

/** What a render produced. */
export interface RenderResult {
  planned: PlannedPage[];
  /** Pages written by this render (all of them without a warm cache). */
  rendered: PageData[];
  /** Pages left to render when first read (dev on big sites). */
  deferred: number;
  /** Markdown files rendered (not taken from the cache). */
  markdownFiles: string[];
  /** Every output file of the site, written now or before, relative (`quickstart.html`). */
  outputs: Set<string>;
  diagnostics: Diagnostic[];
  bytes: number;
  /** Every page's links, for the record `sitegen check-links` reports source lines from. */
  linked: LinkedPage[];
  /**
   * Whether what every page shares (site data: sidebars, navbar…; the head; the assets) differs
   * from the previous render's: an open tab then needs a full reload, not just new page data.
   */
  shellChanged: boolean;
}

/**
 * Turns a loaded site into output: Markdown → routes → pages → site files → link check →
 * search index, every phase timed through `step`. Diagnostics are collected and thrown once
 * (SitegenError) when any is an error, before anything reaches the search index. With a warm
 * `cache`, only Markdown whose inputs changed and pages whose data changed are rendered; the
 * search index needs every page, so `search: false` (dev) leaves it to `indexSearch` later.
 */
export async function renderSite(options: RenderSiteOptions): Promise<RenderResult> {
  try {
    if (options.cache) return await renderWithCache({ ...options, cache: options.cache, remember: true });
    // A one-off render: nothing is remembered, and worker threads stop with it.
    const cache = createRenderCache();
    try {
      return await renderWithCache({ ...options, cache, remember: false });
    } finally {
      await cache.renderers.markdown?.close();
    }
  } finally {
    // Files rendered before a failure (a broken link, say) are worth keeping for the next try.
    await options.store?.flush();
  }
}

/** What `renderSite` takes. */
export interface RenderSiteOptions {
  site: Site; writer: Writer; logger: Logger; cache?: RenderCache; search?: boolean;
  /** With a deferring writer, render at most this many pages now (see renderPages). */
  eagerLimit?: number;
  /** Rendered Markdown kept on disk between runs (see createMarkdownStore). */
  store?: MarkdownStore;
}

async function renderWithCache(options: RenderSiteOptions & { cache: RenderCache; remember: boolean }): Promise<RenderResult> {
  const { site, writer, logger, cache } = options;
  const { config, root } = site;
  const diagnostics: Diagnostic[] = [...site.diagnostics];
  failOnErrors(diagnostics);
  let bytes = 0;
  const outputs = new Set<string>();
  /** Non-page files, for the link check (`/img/logo.svg`). */
  const files = new Set<string>();
  const write = async (file: string, contents: string | Uint8Array, isPage = false) => {
    bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
    outputs.add(file);
    if (!isPage) files.add(`/${file}`);
    await writer.write(file, contents);
  };

  const r = cache.renderers;
  const markdownKey = JSON.stringify(markdownSettings(config));
  if (r.markdownKey !== markdownKey) {
    void r.markdown?.close();
    void r.markdownStarting?.then((service) => service?.close());
    r.markdown = undefined;
    r.markdownStarting = undefined;
    cache.markdown = createMarkdownCache();
    r.markdownKey = markdownKey;
  }
  const { store } = options;
  const sources = [...site.docs, ...site.posts];
  if (store && sources.some((s) => !cache.markdown.files.has(s.file))) {
    // Files not in memory may have been rendered by an earlier run: the store holds what it made.
    await step(logger, 'read markdown cache', () => {
      for (const s of sources) {
        if (cache.markdown.files.has(s.file)) continue;
        const entry = store.get(s.file, markdownInput(s));
        if (entry) cache.markdown.files.set(s.file, entry);
      }
    });
  }
  // Files whose body is not in a cache must be rendered (those whose link or image targets
  // changed too, but they are few): the Markdown service is made only for them.
  const toRender = sources.filter((s) => cache.markdown.files.get(s.file)?.input.source !== s.body);
  const bytesOf = (list: typeof sources) => list.reduce((sum, s) => sum + s.body.length, 0);
  const renderer = { tocMinLevel: config.toc.minHeadingLevel, tocMaxLevel: config.toc.maxHeadingLevel, math: config.markdown.math, baseUrl: config.baseUrl };
  const makeService = async () => {
    const starting = r.markdownStarting;
    r.markdownStarting = undefined;
    // A one-off build sizes it for what it renders; dev keeps it for the session's edits.
    const markdownBytes = bytesOf(options.remember ? sources : toRender);
    r.markdown ??= (await starting) ?? await createMarkdownService({ root, renderer, markdownBytes });
    logger.detail(`    Markdown renders on ${r.markdown.threads === 1 ? 'this thread' : `${r.markdown.threads} worker threads`}`);
    return r.markdown;
  };
  await step(logger, 'prepare renderers', async () => {
    [, r.theme, r.client] = await Promise.all([
      r.markdown ?? (toRender.length ? makeService() : undefined),
      r.theme ?? loadTheme({ siteRoot: root }),
      r.client ?? bundleClient({ siteRoot: root }),
    ]);
  });
  if (store) logger.detail(`    ${sources.length - toRender.length} of ${sources.length} Markdown files from the cache`);
  const md = await step(logger, 'render markdown', () => withProgress(logger, 'render markdown', sources.length, 'files', (tick) =>
    renderAllMarkdown({
      root, config, docs: site.docs, posts: site.posts, service: r.markdown ?? makeService,
      // A one-off build without a store cannot reuse anything, so it keeps no cache.
      cache: options.remember || store ? cache.markdown : undefined,
      onRendered: store && ((file, entry) => store.set(file, entry)),
      onFileDone: tick,
    })));
  diagnostics.push(...md.diagnostics);
  if (!options.remember) {
    // The entries read from the store hold every page's HTML: let them go with the cache.
    cache.markdown = createMarkdownCache();
    // Worker threads hold hundreds of MB each; a one-off build needs them no more.
    await r.markdown?.close();
    r.markdown = undefined;
    // Nor the Markdown sources (a quarter of the heap on 10,000 pages): a one-off render
    // consumes the site it is given.
    for (const s of [...site.docs, ...site.posts, ...md.docs, ...md.posts]) s.body = '';
  }

  // The sidebars depend on docs' names and places, not their bodies: most edits leave them as is.
  const sidebarKey = JSON.stringify([site.categories, site.sidebars?.text, site.docs.map((d) => [d.file, d.id, d.route, d.sidebarLabel, d.sidebarPosition])]);
  const nav = cache.sidebars?.key === sidebarKey
    ? cache.sidebars.value
    : siteSidebars({ source: site.sidebars, docs: md.docs, categories: site.categories, routeBasePath: config.docs.routeBasePath, sidebarId: config.docs.sidebarId });
  cache.sidebars = { key: sidebarKey, value: nav };
  diagnostics.push(...nav.diagnostics);
  // Big sites inline a skeleton plus each page's branch; each whole sidebar is one file (see splitSidebar).
  const splits = Object.fromEntries(Object.entries(nav.sidebars).map(([name, items]) => [name, splitSidebar({ sidebar: items, limit: config.docs.sidebarInlineLimit })]));
  const plan = planPages({ config, docs: md.docs, categories: nav.pages, posts: md.posts, sidebars: nav.sidebars, splits });
  diagnostics.push(...plan.diagnostics);
  failOnErrors(diagnostics);
  const siteData = createSiteData({
    config, posts: md.posts, routes: new Set(plan.pages.map((p) => p.page.route)),
    sidebars: Object.fromEntries(Object.entries(nav.sidebars).map(([name, items]) => [name, splits[name]?.skeleton ?? items])),
    sidebarUrls: Object.fromEntries(Object.entries(splits).flatMap(([name, split]) => (split ? [[name, split.file.url]] : []))),
  });
  const headScript = createHeadScript(config, { entry: publicUrl({ baseUrl: config.baseUrl, path: r.client!.script }) });
  const feeds = md.posts.length ? feedPaths(config) : {};
  const shell: PageShell = { siteData, renderApp: r.theme!, assets: { script: r.client!.script, stylesheet: r.client!.stylesheet, headScript: headScript.code, feeds } };

  // Feeds carry every post's full HTML: on a big blog they are worth reusing when no post changed.
  const reuseFeeds = cache.feeds?.config === config && deepEqual(cache.feeds.posts, md.posts);
  const feedFiles = reuseFeeds ? cache.feeds!.files : renderFeeds({ config, posts: md.posts });
  if (options.remember) cache.feeds = { config, posts: md.posts, files: feedFiles };
  else {
    // From here on each page's HTML lives only in its page data, which renderPages releases once
    // the page is written: a one-off build never holds every page's HTML at once after this.
    for (const s of [...md.docs, ...md.posts]) s.md = { ...s.md, html: '' };
  }

  await step(logger, 'copy static files', async () => {
    const copy = async (from: string, file: string) => {
      outputs.add(file);
      files.add(`/${file}`);
      await writer.copy(from, file);
    };
    for (const file of await listFiles(path.join(root, 'public'))) await copy(path.join(root, 'public', file), file);
    for (const [from, to] of md.assets) await copy(from, to);
    for (const f of r.client!.files) await write(f.path, f.contents);
    for (const split of Object.values(splits)) if (split) await write(split.file.path, split.file.contents);
  });

  const search = options.search ?? true;
  const indexer = search ? createSearchIndexer({ config }) : undefined;
  const shellChanged = shellDiffers(cache.shell, shell);
  const pagesPhase = `render ${plan.pages.length} pages`;
  const pages = await step(logger, pagesPhase, () => withProgress(logger, pagesPhase, plan.pages.length, 'pages', async (tick) => {
    for (const { page } of plan.pages) for (const file of pageFiles(page)) outputs.add(file);
    return renderPages({
      config, planned: plan.pages, shell,
      // The search index needs every page's HTML: a warm cache is only usable without it.
      renderAll: search || shellChanged,
      previous: cache.pages,
      markdown: new Map([...md.docs, ...md.posts].map((s) => [s.file, { links: s.md.links, anchors: s.md.anchors }])),
      edited: new Set(md.rendered),
      eagerLimit: search ? undefined : options.eagerLimit,
      release: !options.remember,
      output: {
        write: (file, contents) => write(file, contents, true),
        defer: writer.defer && ((file, render) => writer.defer!(file, render)),
      },
      onRender: indexer && ((p) => indexer.add(p)),
      onPageDone: tick,
    });
  }));

  await step(logger, 'write site files', async () => {
    for (const f of feedFiles) await write(f.path, f.contents);
    const indexable = plan.pages.filter((p) => p.page.type !== 'not-found' && p.page.type !== 'search');
    await write('sitemap.xml', renderSitemap({ config, routes: indexable.map((p) => ({ route: p.page.route, lastmod: p.page.type === 'blog-post' ? p.page.date : undefined })) }));
    await write('robots.txt', renderRobots(config));
    const searchOrigin = siteData.search.hosted ? new URL(siteData.search.hosted.host).origin : undefined;
    await write('_headers', renderHeaders({ config, headScriptHash: headScript.hash, searchOrigin }));
  });

  const links = await step(logger, 'check links', () => {
    const severity = site.mode === 'dev' || config.onBrokenLinks === 'warn' ? 'warning' : 'error';
    if (config.onBrokenLinks === 'ignore') return undefined;
    const checked = checkLinksCached({ pages: pages.linked, files, severity, configText: site.configText, baseUrl: config.baseUrl, previous: cache.links });
    diagnostics.push(...checked.diagnostics);
    return checked.cache;
  });
  failOnErrors(diagnostics);

  if (indexer) {
    await step(logger, 'build search index', async () => {
      for (const f of await indexer.finish()) await write(f.path, f.contents);
    });
  }
  // One entry per source file stays on disk: those of deleted or renamed files go.
  if (store && !options.remember) await store.flush({ keep: sources.map((s) => s.file) });
  // Dev with everything from the Markdown cache: start the service now, not on the first edit,
  // sized for the whole site as it would have been without the cache (a big site's edits then
  // allocate in a worker, not in the main thread's large heap), and warm each thread up on one
  // file with code so the first edit does not pay for cold code and grammars alone (on the
  // 10k-page corpus the first edit took ~1 s, later ones ~0.5 s).
  if (options.remember && !r.markdown && !r.markdownStarting) {
    // Files with code, around the 75th percentile of size: typical work, not the longest job.
    const withCode = sources.filter((s) => s.body.includes('```')).sort((a, b) => a.body.length - b.body.length);
    const typical = withCode.slice(Math.floor(withCode.length * 0.75));
    r.markdownStarting = createMarkdownService({ root, renderer, markdownBytes: bytesOf(sources) }).then((service) => {
      // Results are thrown away; a failure shows up again, properly, when the file is edited.
      for (const s of typical.slice(0, service.threads)) service.render({ ...markdownInput(s), file: s.file }).catch(() => undefined);
      return service;
    }, () => undefined);
  }
  // Only a render that got this far may teach the cache: a failed one wrote nothing that stays.
  if (options.remember) {
    cache.pages = pages.entries;
    cache.shell = shell;
    cache.links = links;
  }
  return { planned: plan.pages, rendered: pages.rendered, deferred: pages.deferred, markdownFiles: md.rendered, outputs, diagnostics, bytes, linked: pages.linked, shellChanged };
}

/**
 * The site settings that change how any Markdown file renders: a change re-renders every file
 * (in memory, and in the Markdown store, whose key includes them).
 */
export function markdownSettings(config: SiteConfig): unknown {
  return { toc: config.toc, markdown: config.markdown, baseUrl: config.baseUrl };
}

/** Files below `dir`, relative, with `/` separators. */
async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
