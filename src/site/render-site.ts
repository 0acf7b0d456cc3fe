import { planRedirects } from './redirect-pages.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { lazyCodeHighlighter } from '../markdown/create-code-highlighter.ts';
import { failOnErrors } from '../diagnostics/fail-on-errors.ts';
import { step, type Logger } from '../diagnostics/logger.ts';
import { checkLinksCached, type LinkCheckCache } from '../links/check-links-cached.ts';
import type { LinkedPage } from '../links/check-links.ts';
import type { PageData } from '../model.ts';
import type { PageFactsStore } from '../render/page-facts.ts';
import { shellDiffers } from '../render/render-pages.ts';
import type { PlannedPage } from '../routes/plan-pages.ts';
import { brokenLinkSeverity, severityOf, type BuildPolicy } from './build-policy.ts';
import { finishBundles, startBundles } from './bundle-phase.ts';
import { copyStaticFiles, feeds, writeSiteFiles } from './files-phase.ts';
import type { Site } from './load-site.ts';
import { releaseMarkdownHtml, renderMarkdownPhase, warmMarkdownService, type RenderedMarkdown } from './markdown-phase.ts';
import type { MarkdownStore } from './markdown-store.ts';
import { renderAllPages } from './pages-phase.ts';
import { planRoutes, planSidebars } from './plan-phase.ts';
import { islandsPhase } from './islands-phase.ts';
import { renderReactPagesPhase } from './react-pages-phase.ts';
import type { Remembered, RenderMemo } from './render-memo.ts';
import type { RenderContext } from './render-context.ts';
import { createSearchPhase } from './search-phase.ts';
import { createShell } from './shell-phase.ts';
import { createSiteOutput } from './site-output.ts';
import type { ReusableOutput, Writer } from './writer.ts';

/** What a render produced. */
export interface RenderResult {
  planned: PlannedPage[];
  /** Pages written by this render (all of them without a warm cache). */
  rendered: PageData[];
  /** Pages left to render when first read (`policy.deferPagesBeyond`). */
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
  /** The site's own files MDX pages were made from (absolute: pages, partials, components): dev watches them. */
  mdxInputs: string[];
}

/** What `renderSite` takes. */
export interface RenderSiteOptions {
  site: Site; writer: Writer; logger: Logger;
  /** How to render: made once by the command (`buildPolicy()`, `devPolicy()`). */
  policy: BuildPolicy;
  /**
   * A session's memo (dev): what its last render made, for this one to reuse, and where this one's
   * products go once it has succeeded. Without one (a build), every phase works from its inputs
   * alone and nothing is kept.
   */
  memo?: RenderMemo;
  /** Rendered Markdown kept on disk between runs (see createMarkdownStore). */
  store?: MarkdownStore;
  /** What the last build read from its pages' HTML (see openPageFacts): saved after the pages are written. */
  facts?: PageFactsStore;
  /** What an earlier build left where this one writes (FsWriter): pages and search index kept from it. */
  reusable?: ReusableOutput;
}

/**
 * Turns a loaded site into output, the same phases for build and dev; `policy` says how. The
 * site is only read: rendering it again gives the same output. Diagnostics are collected and
 * thrown once (SitegenError) when any is an error, before anything reaches the search index.
 */
export async function renderSite(options: RenderSiteOptions): Promise<RenderResult> {
  const { site, policy, writer, memo } = options;
  if (memo && policy.freeMemory) {
    throw new Error('Internal error: a render cannot both keep its products for the next one (a memo) and let them go (freeMemory)');
  }
  const ctx: RenderContext = {
    site, config: site.config, logger: options.logger, policy, store: options.store, facts: options.facts, writer,
    out: createSiteOutput(writer, { unchanged: memo ? memo.last.written ?? new Map() : undefined, reusable: options.reusable }),
    highlighter: lazyCodeHighlighter(),
  };
  try {
    const { result, made, sources } = await renderPhases(ctx, memo);
    // Only a render that got this far teaches the memo: a failed one leaves the last good one's.
    if (memo) {
      memo.remember(made);
      warmMarkdownService(site, memo.markdownService, sources);
    }
    return result;
  } finally {
    // Files rendered before a failure (a broken link, say) are worth keeping for the next try.
    await options.store?.flush();
  }
}

/**
 * The phases in order, and what each hands to the next. A new phase takes what it needs from
 * the ones before it (and what it may reuse from the memo's last render) and returns what it
 * makes; the context carries only the render's inputs and its output. Returns the result and
 * what a session remembers of this render.
 */
async function renderPhases(ctx: RenderContext, memo: RenderMemo | undefined): Promise<{ result: RenderResult; made: Remembered; sources: RenderedMarkdown['sources'] }> {
  const { policy, out } = ctx;
  const last = memo?.last ?? {};
  // Every phase returns its diagnostics with its product; they are gathered here, and only here.
  const diagnostics: Diagnostic[] = [...ctx.site.diagnostics];
  failOnErrors(diagnostics);
  // esbuild bundles the theme and the client off this thread while the Markdown renders here.
  const bundling = startBundles(ctx, last);
  const md = await renderMarkdownPhase(ctx, memo);
  diagnostics.push(...md.diagnostics);
  const bundles = await finishBundles(ctx, bundling);
  diagnostics.push(...bundles.customCss?.diagnostics ?? []);
  const reactPages = await renderReactPagesPhase(ctx, bundles.pages);
  diagnostics.push(...reactPages.diagnostics);
  const islands = await islandsPhase(ctx, { md, client: bundles.client, pages: bundles.pages });
  diagnostics.push(...islands.diagnostics);
  const sidebars = planSidebars(ctx, md, last.sidebars);
  diagnostics.push(...sidebars.value.diagnostics);
  const plan = planRoutes(ctx, md, sidebars, reactPages.rendered, memo?.plan);
  diagnostics.push(...plan.diagnostics);
  // Old routes that send readers to new ones (`redirects`): checked against the plan's routes.
  const redirects = planRedirects({ config: ctx.config, routes: new Set(plan.pages.map((p) => p.page.route)), configFile: ctx.site.configFile });
  diagnostics.push(...redirects.diagnostics);
  // Nothing is rendered from a broken plan.
  failOnErrors(diagnostics);
  const { shell, headScriptHash, siteFile } = createShell(ctx, { md, plan, sidebars, bundles, islands: islands.scripts, mermaid: islands.mermaid });
  for (const [mode, file] of Object.entries(ctx.site.logos)) {
    if (file?.reason) ctx.logger.detail(`    navbar logo (${mode}) shown as an <img>, not inlined: ${file.reason}`);
  }
  // The feeds carry the posts' HTML: made before it is let go.
  const feedFiles = feeds(ctx, md, last.feeds);
  // From here on each page's HTML lives only in its page data, which renderPages releases once
  // the page is written: a build never holds every page's HTML at once after this.
  if (policy.freeMemory) releaseMarkdownHtml(md);
  // The React pages' `.md` imports copy their images as the Markdown's do.
  const pageAssets = bundles.pages && 'assets' in bundles.pages ? bundles.pages.assets : undefined;
  for (const page of redirects.pages) await ctx.out.write(page.path, page.html);
  await copyStaticFiles(ctx, { assets: pageAssets?.size ? new Map([...md.assets, ...pageAssets]) : md.assets, client: bundles.client, sidebars, plan, customCss: bundles.customCss });
  const shellChanged = shellDiffers(last.shell, shell);
  // Inline search indexes each page as it is rendered, so that no page's HTML is kept.
  const search = policy.searchIndex === 'inline' ? createSearchPhase(ctx.config) : undefined;
  const pages = await renderAllPages(ctx, { md, plan, shell, shellChanged, search, reactPages: reactPages.rendered, previous: last.pages });
  await ctx.facts?.save();
  if (pages.kept) ctx.logger.detail(`    ${pages.kept} of ${plan.pages.length} pages kept from earlier builds (same inputs)`);
  const sitemap = await writeSiteFiles(ctx, { plan, feedFiles: feedFiles?.files ?? [], shell, headScriptHash, siteFile, kept: last.sitemap });
  const links = await step(ctx.logger, 'check links', () => checkLinks(ctx, pages.linked, last.links));
  diagnostics.push(...(links?.diagnostics ?? []));
  failOnErrors(diagnostics);
  if (search) await step(ctx.logger, 'build search index', () => search.write((file, contents) => out.write(file, contents), out.earlier));
  // One entry per source file stays on disk: those of deleted or renamed files go.
  if (ctx.store && policy.pruneMarkdownStore) await ctx.store.flush({ keep: md.sources.map((s) => s.file) });
  return {
    result: {
      planned: plan.pages, rendered: pages.rendered, deferred: pages.deferred, markdownFiles: md.rendered, outputs: out.outputs,
      diagnostics, bytes: out.bytes, linked: pages.linked, shellChanged, mdxInputs: md.mdxInputs,
    },
    sources: md.sources,
    made: {
      theme: bundles.theme, client: bundles.client, sidebars, feeds: feedFiles, sitemap,
      pages: pages.entries, shell, links: links?.cache, written: out.written,
    },
  };
}

/** Every page's links against every route and file, at the severity the policy and config give broken ones. */
function checkLinks(ctx: RenderContext, linked: LinkedPage[], previous: LinkCheckCache | undefined): { cache: LinkCheckCache; diagnostics: Diagnostic[] } | undefined {
  const { config, site } = ctx;
  const severity = brokenLinkSeverity(ctx.policy, config);
  if (!severity) return undefined;
  // Plain `<a>`s of React pages (`onBrokenPlainLinks`, unset: as every link); warnings in dev, as broken links are.
  const plain = config.onBrokenPlainLinks;
  const plainLinks = plain === undefined ? undefined : plain === 'ignore' ? 'ignore' : plain === 'warn' || ctx.policy.brokenLinks === 'warn' ? 'warning' : 'error';
  // A link to a missing heading has a setting of its own (`onBrokenAnchors`), when the config sets it.
  const anchors = severityOf({ ruleId: 'links/missing-anchor', severity }, ctx.policy, config) ?? 'ignore';
  const otherLocales = site.locales.filter((l) => !l.isDefault && l !== site.locale).map((l) => l.baseUrl);
  const checked = checkLinksCached({ pages: linked, files: ctx.out.files, severity, anchors, plainLinks, otherLocales, configText: site.configFileText, configFile: site.configFile, sidebars: site.sidebars, baseUrl: config.baseUrl, previous });
  const { diagnostics } = checked;
  return { cache: checked.cache, diagnostics };
}
