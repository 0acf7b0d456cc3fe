import path from 'node:path';
import { step } from '../diagnostics/logger.ts';
import type { PageShell } from '../render/render-pages.ts';
import { katexFallbackFiles } from '../render/katex-fallback.ts';
import { renderFeeds, renderHeaders, renderRobots, renderSitemap } from '../render/site-files.ts';
import type { planPages } from '../routes/plan-pages.ts';
import { deepEqual } from '../util/deep-equal.ts';
import type { ChunkFile } from '../util/chunk-file.ts';
import { listFiles } from '../util/list-files.ts';
import type { RenderContext, RenderedMarkdown, Splits } from './render-context.ts';

/* The files of a render besides its pages: static files (copied or made once) and site files. */

/** Feeds carry every post's full HTML: on a big blog they are worth reusing (dev) when no post changed. */
export function feeds(ctx: RenderContext, md: RenderedMarkdown) {
  const { config, cache } = ctx;
  const reuse = cache.feeds?.config === config && deepEqual(cache.feeds.posts, md.posts);
  const files = reuse ? cache.feeds!.files : renderFeeds({ config, posts: md.posts });
  if (ctx.dev) cache.feeds = { config, posts: md.posts, files };
  return files;
}

/** `public/`, images beside Markdown files, the client bundle, KaTeX's self-served copy, the split sidebars and the pages' sidebar states. */
export async function copyStaticFiles(ctx: RenderContext, assets: RenderedMarkdown['assets'], splits: Splits, plan: ReturnType<typeof planPages>): Promise<void> {
  const { site, cache, out } = ctx;
  await step(ctx.logger, 'copy static files', async () => {
    const publicDir = path.join(site.root, 'public');
    for (const file of await listFiles(publicDir)) await out.copy(path.join(publicDir, file), file);
    for (const [from, to] of assets) await out.copy(from, to);
    for (const f of cache.renderers.client!.files) await out.write(f.path, f.contents);
    for (const f of await katexFallbackFiles(ctx.config)) await out.write(f.path, f.contents);
    const used = new Set(plan.pages.map(({ page }) => (page.type === 'doc' || page.type === 'category' ? page.sidebarState : undefined)));
    for (const split of Object.values(splits)) {
      if (!split) continue;
      await out.write(split.file.path, split.file.contents);
      if (split.skeletonFile) await out.write(split.skeletonFile.path, split.skeletonFile.contents);
      for (const state of split.states()) if (used.has(state.url)) await out.write(state.path, state.contents);
    }
  });
}

/** The site data's file, feeds, the sitemap, robots.txt and `_headers`. */
export async function writeSiteFiles(ctx: RenderContext, options: {
  plan: ReturnType<typeof planPages>; feedFiles: { path: string; contents: string }[]; shell: PageShell; headScriptHash: string;
  siteFile: ChunkFile;
}): Promise<void> {
  const { config, out } = ctx;
  await step(ctx.logger, 'write site files', async () => {
    await out.write(options.siteFile.path, options.siteFile.contents);
    for (const f of options.feedFiles) await out.write(f.path, f.contents);
    await out.write('sitemap.xml', sitemap(ctx, options.plan));
    await out.write('robots.txt', renderRobots(config));
    const { hosted } = options.shell.siteData.search;
    const searchOrigin = hosted ? new URL(hosted.host).origin : undefined;
    await out.write('_headers', renderHeaders({ config, headScriptHash: options.headScriptHash, searchOrigin }));
  });
}

/** The sitemap; dev keeps it while the routes and dates are the same (10,000 URLs took ~15 ms an edit). */
function sitemap(ctx: RenderContext, plan: ReturnType<typeof planPages>): string {
  const { config, cache } = ctx;
  const routes = plan.pages
    .filter((p) => p.page.type !== 'not-found' && p.page.type !== 'search')
    .map((p) => ({ route: p.page.route, lastmod: p.page.type === 'blog-post' ? p.page.date : undefined }));
  const last = cache.sitemap;
  if (last?.config === config && last.routes.length === routes.length && routes.every((r, i) => r.route === last.routes[i].route && r.lastmod === last.routes[i].lastmod)) return last.xml;
  const xml = renderSitemap({ config, routes });
  if (ctx.dev) cache.sitemap = { config, routes, xml };
  return xml;
}
