import path from 'node:path';
import { step } from '../diagnostics/logger.ts';
import type { ClientAssets } from '../client/bundle-client.ts';
import type { CustomCss } from '../render/custom-css.ts';
import type { PageShell } from '../render/render-pages.ts';
import { katexFiles } from '../render/katex-stylesheet.ts';
import { renderFeeds, renderHeaders, renderRobots, renderSitemap } from '../render/site-files.ts';
import type { PlannedPage } from '../routes/plan-pages.ts';
import { deepEqual } from '../util/deep-equal.ts';
import type { ChunkFile } from '../util/chunk-file.ts';
import { listFiles } from '../util/list-files.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { SitePlan, SiteSidebars } from './plan-phase.ts';
import type { RenderContext } from './render-context.ts';
import type { Remembered } from './render-memo.ts';
import type { SiteConfig } from '../config/schema.ts';

/* The files of a render besides its pages: static files (copied or made once) and site files. */

/** A file the render makes whole (not a page): its path in the output and its text. */
export interface MadeFile { path: string; contents: string }

/**
 * The RSS and Atom feeds. They carry every post's full HTML: on a big blog they are worth
 * reusing (a session: `kept`, the last render's) when no post changed. Made before `releaseMarkdownHtml`.
 */
export function feeds(ctx: Pick<RenderContext, 'site' | 'config'>, md: RenderedMarkdown, kept?: Remembered['feeds']): Remembered['feeds'] {
  const { config } = ctx;
  // No blog folder, no blog: a feed would announce a blog that is not there.
  if (!ctx.site.hasBlog) return undefined;
  if (kept?.config === config && deepEqual(kept.posts, md.posts)) return kept;
  return { config, posts: md.posts, files: renderFeeds({ config, posts: md.posts }) };
}

/** The static folders (`public/`), images beside Markdown files, the client bundle, KaTeX's stylesheet and fonts, the split sidebars and the pages' sidebar states. */
export async function copyStaticFiles(ctx: Pick<RenderContext, 'site' | 'out' | 'logger'>, made: {
  assets: RenderedMarkdown['assets']; client: ClientAssets; sidebars: SiteSidebars; plan: SitePlan;
  /** The site's own stylesheet and the files it uses (`customCss`). */
  customCss?: CustomCss;
}): Promise<void> {
  const { site, out } = ctx;
  const { assets, plan, sidebars: { splits } } = made;
  await step(ctx.logger, 'copy static files', async () => {
    // In order: a later folder's file replaces an earlier one's.
    for (const dir of site.config.staticDirectories) {
      const publicDir = path.join(site.root, dir);
      for (const file of await listFiles(publicDir)) await out.copy(path.join(publicDir, file), file);
    }
    for (const [from, to] of assets) await out.copy(from, to);
    for (const f of made.client.files) await out.write(f.path, f.contents);
    if (made.customCss?.stylesheet) await out.write(made.customCss.stylesheet.path, made.customCss.stylesheet.contents);
    for (const f of made.customCss?.files ?? []) await out.write(f.path, f.contents);
    for (const f of katexFiles(site.config)) await out.write(f.path, f.contents);
    const used = new Set(plan.pages.map(({ page }) => (page.type === 'doc' || page.type === 'category' ? page.sidebarState : undefined)));
    for (const split of Object.values(splits)) {
      if (!split) continue;
      await out.write(split.file.path, split.file.contents);
      if (split.skeletonFile) await out.write(split.skeletonFile.path, split.skeletonFile.contents);
      for (const state of split.states()) if (used.has(state.url)) await out.write(state.path, state.contents);
    }
  });
}

/** The site data's file, feeds, the sitemap, robots.txt and `_headers`; returns the sitemap (a session reuses it: `kept`). */
export async function writeSiteFiles(ctx: Pick<RenderContext, 'config' | 'out' | 'logger'>, options: {
  plan: SitePlan; feedFiles: MadeFile[]; shell: PageShell; headScriptHash: string;
  siteFile: ChunkFile; kept?: Remembered['sitemap'];
}): Promise<Remembered['sitemap']> {
  const { config, out } = ctx;
  return step(ctx.logger, 'write site files', async () => {
    await out.write(options.siteFile.path, options.siteFile.contents);
    for (const f of options.feedFiles) await out.write(f.path, f.contents);
    const map = sitemap(config, options.plan, options.kept);
    await out.write('sitemap.xml', map.xml);
    await out.write('robots.txt', renderRobots(config));
    const { hosted } = options.shell.siteData.search;
    const searchOrigin = hosted ? new URL(hosted.host).origin : undefined;
    await out.write('_headers', renderHeaders({ config, headScriptHash: options.headScriptHash, searchOrigin }));
    return map;
  });
}

/** The sitemap; a session reuses the last one (`kept`) while the routes and dates are the same (10,000 URLs took ~15 ms an edit). */
function sitemap(config: SiteConfig, plan: SitePlan, kept: Remembered['sitemap']): NonNullable<Remembered['sitemap']> {
  const routes = plan.pages
    .filter((p) => p.page.type !== 'not-found' && p.page.type !== 'search' && !p.page.head.noIndex)
    .map((p) => ({ route: p.page.route, lastmod: lastmod(p.page) }));
  if (kept?.config === config && kept.routes.length === routes.length && routes.every((r, i) => r.route === kept.routes[i].route && r.lastmod === kept.routes[i].lastmod)) return kept;
  return { config, routes, xml: renderSitemap({ config, routes }) };
}

/** A post's date; a doc's last update (`docs.showLastUpdateTime`) as a W3C date, `2026-11-27`. */
function lastmod(page: PlannedPage['page']): string | undefined {
  if (page.type === 'blog-post') return page.date;
  if (page.type === 'doc' && page.lastUpdatedAt !== undefined) return new Date(page.lastUpdatedAt).toISOString().slice(0, 10);
  return undefined;
}
