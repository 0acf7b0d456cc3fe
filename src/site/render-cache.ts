import type { ClientAssets } from '../client/bundle-client.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { MarkdownService } from '../markdown/pool/markdown-service.ts';
import type { PostSource } from '../model.ts';
import type { Theme } from '../render/load-theme.ts';
import type { PlanMemo, Rendered } from '../routes/plan-pages.ts';
import type { LinkCheckCache } from '../links/check-links-cached.ts';
import { createMarkdownCache, type MarkdownCache } from '../markdown/render-markdown.ts';
import type { PageCacheEntry, PageShell } from '../render/render-pages.ts';
import type { SiteSidebars } from './plan-phase.ts';
import type { WrittenFile } from './site-output.ts';

/**
 * What one render remembers for the next: only what outlives a render, and only under a policy
 * that keeps caches (dev keeps one per session; a build starts from an empty one and writes
 * nothing to it). Phases hand what they make to the next through their return values, never
 * through here. Passed explicitly rather than kept in module state, so two sites never share a cache.
 */
export interface RenderCache {
  /** Each file's rendered Markdown and what it was rendered from. */
  markdown: MarkdownCache;
  /** The last render's pages by route: a page whose data and shell are unchanged is not rendered again. */
  pages: Map<string, PageCacheEntry>;
  /**
   * Built once: the Markdown service, one thread or a worker pool (depends on the config's `toc`, recorded in `markdownKey`),
   * the server theme and the client bundle (depend on theme files only).
   */
  renderers: {
    markdown?: MarkdownService; markdownKey?: string; theme?: Theme; client?: ClientAssets;
    /**
     * A service being started in the background (dev, when the first render took every file
     * from the Markdown cache): the first edit then finds it ready. `undefined` if it failed.
     */
    markdownStarting?: Promise<MarkdownService | undefined>;
  };
  /** Dev: each doc's planned page, reused while nothing it depends on changed (see createPlanMemo). */
  plan?: PlanMemo;
  /** What the last render's pages shared: when it changes, every page is rendered again. */
  shell?: PageShell;
  /** The last link check, per page (see checkLinksCached). */
  links?: LinkCheckCache;
  /**
   * The sidebars and their splits, kept while docs keep their names and places: the same split
   * objects hand every page the very same branch arrays, so comparing page data stays cheap.
   */
  sidebars?: SiteSidebars;
  /** The feeds and what they were made from. */
  feeds?: { config: SiteConfig; posts: Rendered<PostSource>[]; files: { path: string; contents: string }[] };
  /** Dev: the sitemap and what it was made from. */
  sitemap?: { config: SiteConfig; routes: { route: string; lastmod?: string }[]; xml: string };
  /** Dev: the files (not pages) the last render wrote; see `createSiteOutput`. */
  written?: Map<string, WrittenFile>;
}

/**
 * An empty cache. After a theme edit drop `renderers.theme` and `renderers.client`; after a
 * config edit drop `shell` (the document head reads the config directly, so every page must be
 * rendered again). The Markdown phase makes the Markdown service and cache anew when the
 * Markdown settings moved.
 */
export function createRenderCache(): RenderCache {
  return { markdown: createMarkdownCache(), pages: new Map(), renderers: {} };
}

