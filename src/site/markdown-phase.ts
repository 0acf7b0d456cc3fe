import { bundleClientOnThread } from '../client/bundle-thread.ts';
import { cachedBundleClient } from '../client/bundle-cache.ts';
import type { SiteConfig } from '../config/schema.ts';
import { step, withProgress, type Logger } from '../diagnostics/logger.ts';
import { createMarkdownService } from '../markdown/pool/create-markdown-service.ts';
import type { MarkdownService } from '../markdown/pool/markdown-service.ts';
import { createMarkdownCache, markdownInput, renderAllMarkdown } from '../markdown/render-markdown.ts';
import type { DocSource, PostSource } from '../model.ts';
import { loadTheme } from '../render/load-theme.ts';
import type { Site } from './load-site.ts';
import type { MarkdownStore } from './markdown-store.ts';
import type { RenderCache } from './render-cache.ts';

/** What the Markdown phase works with: one render of `site`, in build (one-off) or dev (session) mode. */
export interface MarkdownPhaseContext {
  site: Site; logger: Logger; cache: RenderCache; store?: MarkdownStore;
}

type Source = DocSource | PostSource;

/**
 * The site settings that change how any Markdown file renders: a change re-renders every file
 * (in memory, and in the Markdown store, whose key includes them).
 */
export function markdownSettings(config: SiteConfig): unknown {
  return { toc: config.toc, markdown: config.markdown, baseUrl: config.baseUrl };
}

/**
 * Markdown → HTML for every doc and post, taking what it can from the cache and the store, and
 * making the renderers (the Markdown service only when some file must be rendered, the theme
 * and the client bundle when not cached). A build then lets go of everything it no longer needs.
 */
export async function renderMarkdownPhase(ctx: MarkdownPhaseContext) {
  const { site, logger, cache, store } = ctx;
  const dev = site.mode === 'dev';
  forgetOnSettingsChange(cache, site.config);
  const sources = [...site.docs, ...site.posts];
  if (store) await readStore(ctx, sources);
  // Files whose body is not in a cache must be rendered (those whose link or image targets
  // changed too, but they are few): the Markdown service is made only for them.
  const toRender = sources.filter((s) => cache.markdown.files.get(s.file)?.input.source !== s.body);
  // A one-off build sizes the service for what it renders; dev keeps it for the session's edits.
  const makeService = () => markdownService(ctx, dev ? sources : toRender);
  const r = cache.renderers;
  // The theme and the client are bundled by esbuild in its own process while this thread renders
  // Markdown; they are needed only after it (a cold build of this site: ~0.25 s sooner).
  const theme = r.theme ?? loadTheme({ siteRoot: site.root, cache: !!store });
  // A build that keeps a store between runs keeps the client bundle too.
  const client = r.client ?? (store ? cachedBundleClient : bundleClientOnThread)({ siteRoot: site.root });
  // A failure is reported where they are awaited, after the Markdown: never as unhandled.
  for (const bundle of [theme, client]) if (bundle instanceof Promise) bundle.catch(() => undefined);
  await step(logger, 'prepare renderers', async () => {
    await (r.markdown ?? (toRender.length ? makeService() : undefined));
  });
  if (store) logger.detail(`    ${sources.length - toRender.length} of ${sources.length} Markdown files from the cache`);
  const md = await step(logger, 'render markdown', () => withProgress(logger, 'render markdown', sources.length, 'files', (tick) =>
    renderAllMarkdown({
      root: site.root, config: site.config, docs: site.docs, posts: site.posts, service: r.markdown ?? makeService,
      // A one-off build without a store cannot reuse anything, so it keeps no cache.
      cache: dev || store ? cache.markdown : undefined,
      onRendered: store && ((file, entry) => store.set(file, entry)),
      onFileDone: tick,
    })));
  [r.theme, r.client] = await step(logger, 'bundle theme, client', () => Promise.all([theme, client]));
  if (!dev) {
    // The entries read from the store hold every page's HTML: let them go with the cache.
    cache.markdown = createMarkdownCache();
    // Worker threads hold hundreds of MB each; a one-off build needs them no more.
    await r.markdown?.close();
    r.markdown = undefined;
    // Nor the Markdown sources (a quarter of the heap on 10,000 pages): a one-off render
    // consumes the site it is given.
    for (const s of [...site.docs, ...site.posts, ...md.docs, ...md.posts]) s.body = '';
  }
  return { ...md, sources };
}

/** A change of the Markdown settings makes every rendered file and the service itself stale. */
function forgetOnSettingsChange(cache: RenderCache, config: SiteConfig): void {
  const r = cache.renderers;
  const markdownKey = JSON.stringify(markdownSettings(config));
  if (r.markdownKey === markdownKey) return;
  void r.markdown?.close();
  void r.markdownStarting?.then((service) => service?.close());
  r.markdown = undefined;
  r.markdownStarting = undefined;
  cache.markdown = createMarkdownCache();
  r.markdownKey = markdownKey;
}

/** Files not in memory may have been rendered by an earlier run: the store holds what it made. */
async function readStore(ctx: MarkdownPhaseContext, sources: Source[]): Promise<void> {
  const { cache, store, logger } = ctx;
  if (!store || sources.every((s) => cache.markdown.files.has(s.file))) return;
  await step(logger, 'read markdown cache', () => {
    for (const s of sources) {
      if (cache.markdown.files.has(s.file)) continue;
      const entry = store.get(s.file, markdownInput(s));
      if (entry) cache.markdown.files.set(s.file, entry);
    }
  });
}

const bytesOf = (list: Source[]) => list.reduce((sum, s) => sum + s.body.length, 0);

function rendererOptions(config: SiteConfig) {
  return { tocMinLevel: config.toc.minHeadingLevel, tocMaxLevel: config.toc.maxHeadingLevel, math: config.markdown.math, baseUrl: config.baseUrl };
}

/** The session's Markdown service: the one started in the background if any, else a new one sized for `sizedFor`. */
async function markdownService(ctx: MarkdownPhaseContext, sizedFor: Source[]): Promise<MarkdownService> {
  const { site, logger } = ctx;
  const r = ctx.cache.renderers;
  const starting = r.markdownStarting;
  r.markdownStarting = undefined;
  r.markdown ??= (await starting) ?? await createMarkdownService({ root: site.root, renderer: rendererOptions(site.config), markdownBytes: bytesOf(sizedFor) });
  logger.detail(`    Markdown renders on ${r.markdown.threads === 1 ? 'this thread' : `${r.markdown.threads} worker threads`}`);
  return r.markdown;
}

/**
 * Dev with everything from the Markdown cache: start the service now, not on the first edit,
 * sized for the whole site as it would have been without the cache (a big site's edits then
 * allocate in a worker, not in the main thread's large heap), and warm each thread up on one
 * file with code so the first edit does not pay for cold code and grammars alone (on the
 * 10k-page corpus the first edit took ~1 s, later ones ~0.5 s).
 */
export function warmMarkdownService(ctx: MarkdownPhaseContext, sources: Source[]): void {
  const { site } = ctx;
  const r = ctx.cache.renderers;
  if (r.markdown || r.markdownStarting) return;
  // Files with code, around the 75th percentile of size: typical work, not the longest job.
  const withCode = sources.filter((s) => s.body.includes('```')).sort((a, b) => a.body.length - b.body.length);
  const typical = withCode.slice(Math.floor(withCode.length * 0.75));
  r.markdownStarting = createMarkdownService({ root: site.root, renderer: rendererOptions(site.config), markdownBytes: bytesOf(sources) }).then((service) => {
    // Results are thrown away; a failure shows up again, properly, when the file is edited.
    for (const s of typical.slice(0, service.threads)) service.render({ ...markdownInput(s), file: s.file }).catch(() => undefined);
    return service;
  }, () => undefined);
}
