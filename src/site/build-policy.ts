import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { IMPOSSIBLE_DATE_RULE } from '../content/front-matter.ts';

/**
 * Every way `sitegen build` and `sitegen dev` render differently, decided once by the command
 * (`buildPolicy()` in buildSite, `devPolicy()` in createDevSession) and handed to the phases.
 * No phase asks the content or the writer which command runs it: it reads the field it needs.
 */
export interface BuildPolicy {
  /** Docs and posts with `draft: true` are loaded and rendered (dev shows them; a build leaves them out). */
  includeDrafts: boolean;
  /**
   * How broken links are reported: as the config says (`onBrokenLinks`), or always as
   * warnings (dev: a broken link must not take the last good render off the screen).
   */
  brokenLinks: 'as-configured' | 'warn';
  /**
   * Each product of the render is let go as soon as no later phase needs it: the Markdown
   * results' HTML once pages are planned, and each page's body HTML once it is written (on
   * 10,000 pages they are most of the memory). Only the render's own products are let go,
   * never the site it was given, so rendering the same site twice gives the same pages. Cannot
   * go with a session's RenderMemo: what it keeps for the next render must stay whole.
   */
  freeMemory: boolean;
  /**
   * When more pages than this must be rendered after one change, only the pages whose Markdown
   * changed are rendered now and the rest when first read (`Writer.defer`). `Infinity`: never.
   */
  deferPagesBeyond: number;
  /**
   * `inline`: each page is indexed for search as it is rendered, and the index is written with
   * the site. `later`: the render makes no index; the caller builds it from the written pages
   * (dev, after the browser has reloaded: see DevSession.indexSearch).
   */
  searchIndex: 'inline' | 'later';
  /**
   * After a successful render, the Markdown store drops the entries of files the site no longer
   * has (one entry per source file stays on disk). Dev leaves that to the next build.
   */
  pruneMarkdownStore: boolean;
}

/** `sitegen build`: one render from nothing, drafts left out, links as configured, memory freed as it goes. */
export function buildPolicy(): BuildPolicy {
  return {
    includeDrafts: false, brokenLinks: 'as-configured', freeMemory: true,
    deferPagesBeyond: Infinity, searchIndex: 'inline', pruneMarkdownStore: true,
  };
}

/**
 * Past this many pages to render after one change, dev renders only the edited ones and the
 * rest when first requested: a sidebar title edit on a 10,000-page site would otherwise render
 * every page (tens of minutes, and gigabytes while the sidebar is inlined in every page).
 */
const DEV_EAGER_PAGES = 200;

/** `sitegen dev`: a session of renders that reuse each other's work, drafts shown, broken links warned about. */
export function devPolicy(options: { deferPagesBeyond?: number } = {}): BuildPolicy {
  return {
    includeDrafts: true, brokenLinks: 'warn', freeMemory: false,
    deferPagesBeyond: options.deferPagesBeyond ?? DEV_EAGER_PAGES, searchIndex: 'later', pruneMarkdownStore: false,
  };
}

/** The severity of a broken link under `policy`, or `undefined` when links are not checked (`onBrokenLinks: 'ignore'`). */
export function brokenLinkSeverity(policy: Pick<BuildPolicy, 'brokenLinks'>, config: Pick<SiteConfig, 'onBrokenLinks'>): Severity | undefined {
  if (config.onBrokenLinks === 'ignore') return undefined;
  return policy.brokenLinks === 'warn' || config.onBrokenLinks === 'warn' ? 'warning' : 'error';
}

/** Rules of a link that resolves to nothing: `onBrokenLinks`, and warnings in dev. */
const BROKEN_LINK_RULES = new Set(['links/missing-page', 'links/missing-anchor']);

const bySetting = (setting: 'throw' | 'warn' | 'ignore'): Severity | undefined => (setting === 'ignore' ? undefined : setting === 'throw' ? 'error' : 'warning');

/**
 * The severity of a diagnostic under `policy` and the config, or `undefined` when the config
 * says to ignore it: the one place where a setting decides one. Broken links follow
 * `onBrokenLinks` (links to a missing heading `onBrokenAnchors` when it is set), missing images are errors (both warnings in dev), relative `.md` links `onBrokenMarkdownLinks` (warnings in
 * dev), MDX syntax in a `.md` file `markdown.onMdxSyntax`, two sources of one route
 * `onDuplicateRoutes`; every other rule keeps the severity it was made with.
 *
 * @example
 * severityOf({ ruleId: 'links/missing-image', severity: 'error' }, devPolicy(), config) // 'warning' (dev)
 */
export function severityOf(
  diagnostic: { ruleId: string; severity: Severity },
  policy: Pick<BuildPolicy, 'brokenLinks'>,
  config: Pick<SiteConfig, 'onBrokenLinks' | 'onBrokenMarkdownLinks' | 'onDuplicateRoutes'> & Partial<Pick<SiteConfig, 'onBrokenAnchors'>> & { markdown: Pick<SiteConfig['markdown'], 'onMdxSyntax'> },
): Severity | undefined {
  const { ruleId } = diagnostic;
  if (ruleId === 'links/missing-anchor' && config.onBrokenAnchors) {
    const severity = bySetting(config.onBrokenAnchors);
    return severity && policy.brokenLinks === 'warn' ? 'warning' : severity;
  }
  if (BROKEN_LINK_RULES.has(ruleId)) return brokenLinkSeverity(policy, config);
  // A missing image is an error where it was made one (a Markdown image always, a post's front
  // matter image per `onBrokenLinks`), and a warning in dev, as broken links are.
  if (ruleId === 'links/missing-image') return policy.brokenLinks === 'warn' ? 'warning' : diagnostic.severity;
  if (ruleId === 'links/markdown-link') {
    const severity = bySetting(config.onBrokenMarkdownLinks);
    return severity && policy.brokenLinks === 'warn' ? 'warning' : severity;
  }
  if (ruleId === 'markdown/mdx-syntax') return bySetting(config.markdown.onMdxSyntax);
  if (ruleId === 'routes/duplicate') return bySetting(config.onDuplicateRoutes);
  return diagnostic.severity;
}

/**
 * Content diagnostics whose severity the config sets: a date the calendar does not have
 * (`onImpossibleDates`) is an error, a warning, or left out.
 */
export function withContentSeverities(diagnostics: Diagnostic[], config: Pick<SiteConfig, 'onImpossibleDates'>): Diagnostic[] {
  if (!diagnostics.some((d) => d.ruleId === IMPOSSIBLE_DATE_RULE)) return diagnostics;
  const severity = bySetting(config.onImpossibleDates);
  return diagnostics.flatMap((d) => (d.ruleId !== IMPOSSIBLE_DATE_RULE ? [d] : severity ? [{ ...d, severity }] : []));
}
