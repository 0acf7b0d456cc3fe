import { mdxSiteFacts } from '../mdx/mdx-site.ts';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import { contentRoots } from '../config/content-roots.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { step, withProgress } from '../diagnostics/logger.ts';
import { createMarkdownService } from '../markdown/pool/create-markdown-service.ts';
import type { MarkdownService } from '../markdown/pool/markdown-service.ts';
import { createMarkdownCache, markdownInput, renderAllMarkdown, type AssetCopies, type MarkdownCache } from '../markdown/render-markdown.ts';
import type { RenderedMdx } from '../mdx/render-mdx-files.ts';
import type { DocSource, PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import { markdownSettings } from './markdown-store.ts';
import { sitePluginsOf } from '../markdown/content-preset.ts';
import type { KeptMarkdownService, RenderMemo } from './render-memo.ts';
import type { RenderContext } from './render-context.ts';

/** What the Markdown phase works with. */
export type MarkdownPhaseContext = Pick<RenderContext, 'site' | 'logger' | 'store' | 'policy' | 'highlighter'>;

/** What a session's Markdown phase reuses and keeps: each file's results and the Markdown service (see RenderMemo). */
export type MarkdownSession = Pick<RenderMemo, 'markdown' | 'markdownService' | 'markdownSettings'>;

type Source = DocSource | PostSource;

/** What the Markdown phase makes: every doc and post with its rendered Markdown, in the site's order. */
export interface RenderedMarkdown {
  docs: Rendered<DocSource>[];
  /** The Markdown pages of the pages folder (rendered as docs are, but never in a sidebar). */
  pages: Rendered<DocSource>[];
  posts: Rendered<PostSource>[];
  /** Images beside Markdown files, to be copied into the output. */
  assets: AssetCopies;
  diagnostics: Diagnostic[];
  /** Files rendered now (the others came from a cache). */
  rendered: string[];
  /** The site's docs and posts, as given. */
  sources: Source[];
  /** The site's own files MDX pages were made from (absolute: pages, partials, components), for dev to watch. */
  mdxInputs: string[];
  /** MDX pages with islands that need the browser, and what bundles their scripts (islands-phase.ts). */
  mdxIslands?: RenderedMdx['islands'];
}

/**
 * Markdown → HTML for every doc and post, taking what it can from the `session`'s results and the
 * store. The Markdown service (one thread or a worker pool) is made only when some file must be
 * rendered; a session keeps it for its next render, any other render stops it when the phase
 * ends (worker threads hold hundreds of MB each). The site is only read.
 */
export async function renderMarkdownPhase(ctx: MarkdownPhaseContext, session?: MarkdownSession): Promise<RenderedMarkdown> {
  const { site, logger, store } = ctx;
  session?.markdownSettings(JSON.stringify(markdownSettings(site.config)));
  const pages = site.pages.markdown;
  const sources = [...site.docs, ...pages, ...site.posts];
  // The session's results, or (a build with a store) a cache of this render only, filled from the
  // store. A build without a store cannot reuse anything, so it keeps no cache.
  const memory = session ? session.markdown : store ? createMarkdownCache() : undefined;
  if (store && memory) await readStore(ctx, memory, sources);
  // Files whose body is not in a cache must be rendered (those whose link or image targets
  // changed too, but they are few): the Markdown service is made only for them.
  // An MDX page is compiled by the service too; its bundle and React render come after (src/mdx).
  const toRender = sources.filter((s) => (s.format === 'mdx' ? memory?.mdx : memory?.files)?.get(s.file)?.input.source !== s.body);
  const kept = session?.markdownService;
  let service = kept?.service;
  // A one-off render sizes the service for what it renders; a session for the edits to come.
  const makeService = async () => (service ??= await markdownService(ctx, kept ? sources : toRender, kept));
  try {
    await step(logger, 'prepare renderers', async () => {
      if (!service && toRender.length) await makeService();
    });
    if (store) logger.detail(`    ${sources.length - toRender.length} of ${sources.length} Markdown files from the cache`);
    const md = await step(logger, 'render markdown', () => withProgress(logger, 'render markdown', sources.length, 'files', (tick) =>
      renderAllMarkdown({
        // Markdown pages render as docs do (their `.md` links resolve both ways), then go apart.
        root: site.root, config: site.config, docs: [...site.docs, ...pages], posts: site.posts, service: service ?? makeService, cache: memory,
        onRendered: store && ((file, entry) => store.set(file, entry)),
        onFileDone: tick,
        policy: ctx.policy,
        highlighter: ctx.highlighter,
        siteFacts: mdxSiteFacts(site),
      })));
    const pageFiles = new Set(pages.map((p) => p.file));
    return { ...md, docs: md.docs.filter((d) => !pageFiles.has(d.file)), pages: md.docs.filter((d) => pageFiles.has(d.file)), sources };
  } finally {
    if (kept) kept.service = service;
    else await service?.close();
  }
}

/**
 * Lets go of every file's rendered HTML (BuildPolicy.freeMemory): once pages are planned, each
 * page's data holds its HTML, and renderPages drops that once the page is written. The Markdown
 * results are this render's own (never a memo's: renderSite refuses `freeMemory` with a memo).
 */
export function releaseMarkdownHtml(md: RenderedMarkdown): void {
  for (const s of [...md.docs, ...md.pages, ...md.posts]) s.md = { ...s.md, html: '' };
}

/** Files not in memory may have been rendered by an earlier run: the store holds what it made. */
async function readStore(ctx: MarkdownPhaseContext, memory: MarkdownCache, sources: Source[]): Promise<void> {
  const { store, logger } = ctx;
  if (!store || sources.every((s) => memory.files.has(s.file) || memory.mdx.has(s.file))) return;
  await step(logger, 'read markdown cache', () => {
    for (const s of sources) {
      if (memory.files.has(s.file) || memory.mdx.has(s.file)) continue;
      const entry = store.get(s.file, markdownInput(s));
      // A file's format may have changed since (front matter `format`): an entry of the other kind is a miss.
      if (entry && 'compiled' in entry) {
        if (s.format === 'mdx') memory.mdx.set(s.file, entry);
      } else if (entry && s.format !== 'mdx') {
        memory.files.set(s.file, entry);
      }
    }
  });
}

const bytesOf = (list: Source[]) => list.reduce((sum, s) => sum + s.body.length, 0);

function rendererOptions(config: SiteConfig, root?: string) {
  return { ...(root ? { root: path.resolve(root) } : {}), tocMinLevel: config.toc.minHeadingLevel, tocMaxLevel: config.toc.maxHeadingLevel, math: config.markdown.math, baseUrl: config.baseUrl, plugins: sitePluginsOf(config, root), magicComments: config.markdown.magicComments, mermaid: config.markdown.mermaid };
}

/** A Markdown service: the one a session started in the background if any, else a new one sized for `sizedFor`. */
async function markdownService(ctx: MarkdownPhaseContext, sizedFor: Source[], kept: KeptMarkdownService | undefined): Promise<MarkdownService> {
  const { site, logger } = ctx;
  const starting = kept?.starting;
  if (kept) kept.starting = undefined;
  const service = (await starting) ?? await createMarkdownService({ root: site.root, fence: site.fence, contentRoots: contentRoots(site.config), renderer: rendererOptions(site.config, site.root), markdownBytes: bytesOf(sizedFor) });
  logger.detail(`    Markdown renders on ${service.threads === 1 ? 'this thread' : `${service.threads} worker threads`}`);
  return service;
}

/**
 * Dev with everything from the Markdown cache: start the service now, not on the first edit,
 * sized for the whole site as it would have been without the cache (a big site's edits then
 * allocate in a worker, not in the main thread's large heap), and warm each thread up on one
 * file with code so the first edit does not pay for cold code and grammars alone (on the
 * 10k-page corpus the first edit took ~1 s, later ones ~0.5 s).
 */
export function warmMarkdownService(site: MarkdownPhaseContext['site'], kept: KeptMarkdownService, sources: Source[]): void {
  if (kept.service || kept.starting) return;
  // Files with code, around the 75th percentile of size: typical work, not the longest job.
  const withCode = sources.filter((s) => s.body.includes('```')).sort((a, b) => a.body.length - b.body.length);
  const typical = withCode.slice(Math.floor(withCode.length * 0.75));
  kept.starting = createMarkdownService({ root: site.root, fence: site.fence, contentRoots: contentRoots(site.config), renderer: rendererOptions(site.config, site.root), markdownBytes: bytesOf(sources) }).then((service) => {
    // Results are thrown away; a failure shows up again, properly, when the file is edited.
    for (const s of typical.slice(0, service.threads)) service.render({ ...markdownInput(s), file: s.file }).catch(() => undefined);
    return service;
  }, () => undefined);
}
