import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { failOnErrors } from '../diagnostics/fail-on-errors.ts';
import { step, withProgress, type Logger } from '../diagnostics/logger.ts';
import { checkLinksCached } from '../links/check-links-cached.ts';
import type { LinkedPage } from '../links/check-links.ts';
import type { PageData } from '../model.ts';
import { PAGE_TYPES } from '../page-model.ts';
import { createHeadScript } from '../render/head-script.ts';
import type { PageFactsStore } from '../render/page-facts.ts';
import { pageFile, renderPages, shellDiffers, type KeptPage, type PageOutput, type PageShell } from '../render/render-pages.ts';
import { createSiteData } from '../render/site-data.ts';
import { createPlanMemo, planPages, type PlannedPage } from '../routes/plan-pages.ts';
import { splitSidebar } from '../routes/prune-sidebar.ts';
import { siteSidebars } from '../routes/resolve-sidebars.ts';
import { chunkFile } from '../util/chunk-file.ts';
import { publicUrl } from '../util/public-url.ts';
import { feedPaths } from '../util/routes.ts';
import type { Site } from './load-site.ts';
import type { MarkdownStore } from './markdown-store.ts';
import { renderMarkdownPhase, warmMarkdownService } from './markdown-phase.ts';
import { createRenderCache, type RenderCache } from './render-cache.ts';
import { createSearchPhase } from './search-phase.ts';
import { createSiteOutput, type EarlierOutput } from './site-output.ts';
import type { Writer } from './writer.ts';
import { copyStaticFiles, feeds, writeSiteFiles } from './files-phase.ts';
import type { RenderContext, RenderedMarkdown, Splits } from './render-context.ts';

export { markdownSettings } from './markdown-phase.ts';

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

/** What `renderSite` takes. */
export interface RenderSiteOptions {
  site: Site; writer: Writer; logger: Logger;
  /** Dev's session cache; a build starts from an empty one and keeps nothing. */
  cache?: RenderCache;
  /** Dev with a deferring writer: render at most this many pages now (see renderPages). */
  eagerLimit?: number;
  /** Rendered Markdown kept on disk between runs (see createMarkdownStore). */
  store?: MarkdownStore;
  /** What the last build read from its pages' HTML (see openPageFacts): saved after the pages are written. */
  facts?: PageFactsStore;
}

/**
 * Turns a loaded site into output: Markdown → routes → pages → site files → link check →
 * search index, every phase timed through `step`. Diagnostics are collected and thrown once
 * (SitegenError) when any is an error, before anything reaches the search index. In dev
 * (`site.mode`), only Markdown whose inputs changed and pages whose data changed are rendered;
 * the search index needs every page, so dev leaves it to `createSearchPhase` after the render.
 */
export async function renderSite(options: RenderSiteOptions): Promise<RenderResult> {
  const cache = options.cache ?? createRenderCache();
  try {
    return await renderPhases({
      site: options.site, config: options.site.config, logger: options.logger, cache, store: options.store, facts: options.facts,
      dev: options.site.mode === 'dev', writer: options.writer,
      out: createSiteOutput(options.writer, { unchanged: options.site.mode === 'dev' ? cache.written ?? new Map() : undefined }),
      diagnostics: [...options.site.diagnostics],
    }, options.eagerLimit);
  } finally {
    // A cache made here is not kept: its worker threads stop with the render.
    if (!options.cache) await cache.renderers.markdown?.close();
    // Files rendered before a failure (a broken link, say) are worth keeping for the next try.
    await options.store?.flush();
  }
}

async function renderPhases(ctx: RenderContext, eagerLimit: number | undefined): Promise<RenderResult> {
  const { cache, diagnostics } = ctx;
  failOnErrors(diagnostics);
  const md = await renderMarkdownPhase(ctx);
  diagnostics.push(...md.diagnostics);
  const { plan, splits } = planSite(ctx, md);
  const { shell, headScriptHash, siteFile } = createShell(ctx, md, plan, splits);
  const feedFiles = feeds(ctx, md);
  if (!ctx.dev) {
    // From here on each page's HTML lives only in its page data, which renderPages releases once
    // the page is written: a one-off build never holds every page's HTML at once after this.
    for (const s of [...md.docs, ...md.posts]) s.md = { ...s.md, html: '' };
  }
  await copyStaticFiles(ctx, md.assets, splits, plan);
  const shellChanged = shellDiffers(cache.shell, shell);
  const search = ctx.dev ? undefined : createSearchPhase(ctx.config);
  const pages = await renderAllPages(ctx, {
    md, plan, shell, renderAll: !ctx.dev || shellChanged, eagerLimit: ctx.dev ? eagerLimit : undefined,
    onRender: search && ((p) => search.add(p.page, p.html)),
    onKnown: search && ((p) => search.addKnown(p.page, p.digest, p.read)),
  });
  await ctx.facts?.save();
  if (pages.kept) ctx.logger.detail(`    ${pages.kept} of ${plan.pages.length} pages kept from earlier builds (same inputs)`);
  await writeSiteFiles(ctx, { plan, feedFiles, shell, headScriptHash, siteFile });
  const links = await step(ctx.logger, 'check links', () => checkLinks(ctx, pages.linked));
  failOnErrors(diagnostics);
  if (search) await step(ctx.logger, 'build search index', () => search.write((file, contents) => ctx.out.write(file, contents), ctx.out.earlier));
  // One entry per source file stays on disk: those of deleted or renamed files go.
  if (ctx.store && !ctx.dev) await ctx.store.flush({ keep: md.sources.map((s) => s.file) });
  if (ctx.dev) {
    warmMarkdownService(ctx, md.sources);
    // Only a render that got this far may teach the cache: a failed one wrote nothing that stays.
    cache.pages = pages.entries;
    cache.shell = shell;
    cache.links = links;
    cache.written = ctx.out.written;
  }
  const { outputs, bytes } = ctx.out;
  return { planned: plan.pages, rendered: pages.rendered, deferred: pages.deferred, markdownFiles: md.rendered, outputs, diagnostics, bytes, linked: pages.linked, shellChanged };
}

/** Sidebars (cached while docs keep their names and places), their splits, and every page's route. */
function planSite(ctx: RenderContext, md: RenderedMarkdown) {
  const { site, config, cache, diagnostics } = ctx;
  // The sidebars depend on docs' names and places, not their bodies: most edits leave them as is.
  const sidebarKey = JSON.stringify([config.docs.sidebarInlineLimit, config.docs.sidebarId, config.docs.routeBasePath, site.categories, site.sidebars?.text]);
  if (cache.sidebars?.key !== sidebarKey || !sameSidebarPlaces(cache.sidebars.docs, site.docs)) {
    const nav = siteSidebars({ source: site.sidebars, docs: md.docs, categories: site.categories, routeBasePath: config.docs.routeBasePath, sidebarId: config.docs.sidebarId });
    // Big sites inline a skeleton plus each page's branch; each whole sidebar is one file (see splitSidebar).
    const splits: Splits = Object.fromEntries(Object.entries(nav.sidebars).map(([name, items]) => [name, splitSidebar({ sidebar: items, limit: config.docs.sidebarInlineLimit })]));
    cache.sidebars = { key: sidebarKey, docs: site.docs, value: nav, splits };
  }
  const { value: nav, splits } = cache.sidebars;
  diagnostics.push(...nav.diagnostics);
  if (ctx.dev) cache.plan ??= createPlanMemo();
  const plan = planPages({ config, docs: md.docs, categories: nav.pages, posts: md.posts, sidebars: nav.sidebars, splits, memo: cache.plan });
  diagnostics.push(...plan.diagnostics);
  failOnErrors(diagnostics);
  return { nav, splits, plan };
}

/**
 * Each source file's rendered Markdown, indexed on first use: renderPages reads it only for the
 * pages it renders, which after a dev edit are few (indexing 10,000 files took ~15 ms an edit).
 */
function markdownBySource(md: RenderedMarkdown): { get(source: string): RenderedMarkdown['docs'][number]['md'] | undefined } {
  let byFile: Map<string, RenderedMarkdown['docs'][number]['md']> | undefined;
  return {
    get(source) {
      if (!byFile) {
        byFile = new Map();
        for (const s of md.docs) byFile.set(s.file, s.md);
        for (const s of md.posts) byFile.set(s.file, s.md);
      }
      return byFile.get(source);
    },
  };
}

/**
 * Whether every doc has the name and place in the sidebars it had: an unchanged doc is the same
 * object (reloadSite keeps them), so only the edited ones are compared field by field.
 */
function sameSidebarPlaces(before: Site['docs'], docs: Site['docs']): boolean {
  if (before.length !== docs.length) return false;
  return docs.every((b, i) => {
    const a = before[i];
    return a === b || (a.file === b.file && a.id === b.id && a.route === b.route && a.sidebarLabel === b.sidebarLabel && a.sidebarPosition === b.sidebarPosition);
  });
}

/** What every page shares: the site data (and its file), the theme, the head script and the assets. */
function createShell(ctx: RenderContext, md: RenderedMarkdown, plan: ReturnType<typeof planPages>, splits: Splits) {
  const { config, cache } = ctx;
  const { sidebars } = cache.sidebars!.value;
  const client = cache.renderers.client!;
  const siteData = createSiteData({
    config, posts: md.posts, routes: new Set(plan.pages.map((p) => p.page.route)),
    sidebars: Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, splits[name]?.skeleton ?? items])),
    sidebarUrls: Object.fromEntries(Object.entries(splits).flatMap(([name, split]) => (split ? [[name, split.file.url]] : []))),
    sidebarSkeletonUrls: Object.fromEntries(Object.entries(splits).flatMap(([name, split]) => (split?.skeletonFile ? [[name, split.skeletonFile.url]] : []))),
  });
  const theme = cache.renderers.theme!;
  const toUrl = (p: string) => publicUrl({ baseUrl: config.baseUrl, path: p });
  const headScript = createHeadScript(config, { entry: toUrl(client.script) });
  const feeds = md.posts.length ? feedPaths(config) : {};
  const preload = Object.fromEntries(PAGE_TYPES.map((type) => [type, [
    ...client.preload.common, ...client.preload.modules[theme.pageModuleFile(type)] ?? [],
  ].map(toUrl)]));
  const siteFile = chunkFile('site', JSON.stringify(siteData));
  const assets = { script: client.script, stylesheet: client.stylesheet, headScript: headScript.code, preload, feeds, siteData: siteFile.url };
  const shell: PageShell = { siteData, renderApp: theme.renderApp, themeId: theme.id, assets };
  return { shell, headScriptHash: headScript.hash, siteFile };
}

/** Every planned page through the theme (in dev, only those whose data or shell changed). */
async function renderAllPages(ctx: RenderContext, options: {
  md: RenderedMarkdown; plan: ReturnType<typeof planPages>; shell: PageShell; renderAll: boolean; eagerLimit?: number;
  onRender?: (rendered: { page: PageData; html: string }) => string | null;
  onKnown?: (known: { page: PageData; digest: string | null; read: () => Promise<string> }) => void;
}) {
  const { config, cache, out, writer } = ctx;
  const { md, plan } = options;
  const phase = `render ${plan.pages.length} pages`;
  return step(ctx.logger, phase, () => withProgress(ctx.logger, phase, plan.pages.length, 'pages', async (tick) => {
    for (const { page } of plan.pages) out.outputs.add(pageFile(page));
    return renderPages({
      config, planned: plan.pages, shell: options.shell,
      renderAll: options.renderAll,
      previous: cache.pages,
      markdown: markdownBySource(md),
      edited: new Set(md.rendered),
      eagerLimit: options.eagerLimit,
      release: !ctx.dev,
      output: {
        write: (file, contents) => out.write(file, contents, 'page'),
        defer: writer.defer && ((file, render) => writer.defer!(file, render)),
        keep: out.earlier && keepEarlierPages(out.earlier),
      },
      facts: ctx.facts,
      onRender: options.onRender,
      onKnown: options.onKnown,
      onPageDone: tick,
    });
  }));
}

/**
 * How a build keeps a page that an earlier build made from the same inputs (`PageOutput.keep`):
 * from the folder it writes over, where the file stays; else from the folder it replaces
 * (`build/`, one build newer: after a change that made every page anew, the build after it
 * finds them there), whose file is copied. The key is near the top (renderDocument): a page
 * made from other inputs costs a read of 1 KB, not of the whole file. The folder that held the
 * last page found is asked first.
 */
function keepEarlierPages(earlier: EarlierOutput): NonNullable<PageOutput['keep']> {
  const fromSpare = async (file: string, marker: string): Promise<KeptPage | undefined> => {
    if (!(await earlier.read(file, 1024))?.includes(marker)) return undefined;
    earlier.keep([file], 'page');
    return { read: () => earlier.readKept(file) };
  };
  const fromCurrent = async (file: string, marker: string): Promise<KeptPage | undefined> => {
    const { current } = earlier;
    if (!current || !(await current.read(file, 1024))?.includes(marker)) return undefined;
    await current.copy([file], 'page');
    // The folder replaced is only read during the build: its copy reads the same.
    return { read: () => current.read(file) };
  };
  let order = [fromSpare, fromCurrent];
  return async (file, marker) => {
    const html = await order[0](file, marker);
    if (html !== undefined) return html;
    const other = await order[1](file, marker);
    if (other !== undefined) order = [order[1], order[0]];
    return other;
  };
}

/** Every page's links against every route and file; broken ones are errors in a build, warnings in dev. */
function checkLinks(ctx: RenderContext, linked: LinkedPage[]) {
  const { config, site } = ctx;
  if (config.onBrokenLinks === 'ignore') return undefined;
  const severity = ctx.dev || config.onBrokenLinks === 'warn' ? 'warning' : 'error';
  const checked = checkLinksCached({ pages: linked, files: ctx.out.files, severity, configText: site.configText, baseUrl: config.baseUrl, previous: ctx.cache.links });
  ctx.diagnostics.push(...checked.diagnostics);
  return checked.cache;
}
