import type { ClientAssets } from '../client/bundle-client.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { LinkCheckCache } from '../links/check-links-cached.ts';
import type { MarkdownService } from '../markdown/pool/markdown-service.ts';
import { createMarkdownCache, type MarkdownCache } from '../markdown/render-markdown.ts';
import type { PostSource } from '../model.ts';
import type { Theme } from '../render/load-theme.ts';
import type { PageCacheEntry, PageShell } from '../render/render-pages.ts';
import { createPlanMemo, type PlanMemo, type Rendered } from '../routes/plan-pages.ts';
import type { SiteSidebars } from './plan-phase.ts';
import type { WrittenFile } from './site-output.ts';

/**
 * What a render of a dev session leaves for the next one: each product with the inputs it was
 * made from, so that the phase that made it can tell whether its inputs are the same now.
 * A phase reads the last render's (`RenderMemo.last`) as one of its inputs and returns what it
 * makes; it never writes here. renderSite hands the products to `RenderMemo.remember` once the
 * whole render has succeeded.
 */
export interface Remembered {
  /** The server theme and the client bundle: made from the theme's files only. */
  theme?: Theme;
  client?: ClientAssets;
  /** The sidebars and their splits, with the config keys and the docs' places they were made from. */
  sidebars?: SiteSidebars;
  /** The feeds and what they were made from. */
  feeds?: { config: SiteConfig; posts: Rendered<PostSource>[]; files: { path: string; contents: string }[] };
  /** The sitemap and what it was made from. */
  sitemap?: { config: SiteConfig; routes: { route: string; lastmod?: string }[]; xml: string };
  /** Each page by route, with the data and shell it was rendered from. */
  pages?: Map<string, PageCacheEntry>;
  /** What the pages shared: when it changes, every page is rendered again. */
  shell?: PageShell;
  /** The link check, per page (see checkLinksCached). */
  links?: LinkCheckCache;
  /** The files (not pages) written, with their text (see createSiteOutput). */
  written?: Map<string, WrittenFile>;
}

/** The session's Markdown service (one thread or a worker pool), owned by the memo and closed with it. */
export interface KeptMarkdownService {
  service?: MarkdownService;
  /**
   * A service being started in the background (when the first render took every file from the
   * Markdown cache): the first edit then finds it ready. `undefined` if it failed.
   */
  starting?: Promise<MarkdownService | undefined>;
}

/**
 * `sitegen dev`'s reuse between renders, in one place it owns: the last successful render's
 * products (`last`), the per-input tables that phases look entries up in (each file's rendered
 * Markdown keyed on its source, each doc's planned page keyed on its inputs), and the Markdown
 * service. A build has none: every phase then works from its inputs alone and keeps nothing,
 * which is the only way `build` and `dev` differ besides their BuildPolicy.
 */
export class RenderMemo {
  #last: Readonly<Remembered> = {};
  #markdown: MarkdownCache = createMarkdownCache();
  #markdownKey: string | undefined;
  #plan: PlanMemo = createPlanMemo();
  /** The session's Markdown service; the Markdown phase starts it when a file must be rendered. */
  readonly markdownService: KeptMarkdownService = {};

  /** The last successful render's products, as it made them. */
  get last(): Readonly<Remembered> {
    return this.#last;
  }

  /** Each file's rendered Markdown, keyed on its source: entries are added as files render. */
  get markdown(): MarkdownCache {
    return this.#markdown;
  }

  /** Each doc's planned page, keyed on the doc and what its page depends on (see createPlanMemo). */
  get plan(): PlanMemo {
    return this.#plan;
  }

  /**
   * Makes the Markdown results and service follow the Markdown settings (`key`): when they
   * moved, every rendered file and the service itself are stale and go.
   */
  markdownSettings(key: string): void {
    if (this.#markdownKey === key) return;
    if (this.#markdownKey !== undefined) this.#dropMarkdown();
    this.#markdownKey = key;
  }

  /** After a successful render: what it made is what the next one starts from. */
  remember(made: Remembered): void {
    this.#last = { ...made };
  }

  /**
   * Drops products whose inputs changed in a way their phase does not compare: the bundles after
   * a theme edit (`theme`, `client`), the shell after a config edit (the head reads the config).
   */
  forget(...keys: (keyof Remembered)[]): void {
    const last = { ...this.#last };
    for (const key of keys) delete last[key];
    this.#last = last;
  }

  /** Stops the Markdown service (worker threads hold hundreds of MB each). */
  async close(): Promise<void> {
    const { service, starting } = this.markdownService;
    this.markdownService.service = undefined;
    this.markdownService.starting = undefined;
    await service?.close();
    await starting?.then((s) => s?.close());
  }

  #dropMarkdown(): void {
    void this.close();
    this.#markdown = createMarkdownCache();
  }
}
