import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import type { SourceLink } from '../model.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import { createSourceTree, type SourceTree } from '../util/source-position.ts';
import { resolveHref, schemeRE } from './resolve-href.ts';

/** What the checker needs to know about one built page. */
export interface LinkedPage {
  route: string;
  /** Source file of the page (Markdown, `theme`…), for diagnostics without a source position. */
  source: string;
  /** Every `href`/`src` in the page markup. */
  hrefs: string[];
  /** Every element id in the page. */
  ids: Set<string>;
  /** Links recorded from the Markdown source, with positions. */
  sourceLinks?: SourceLink[];
  /**
   * A React page's hrefs of plain `<a>` elements (not `<Link>`), which Docusaurus's link check
   * never sees: reported at `plainLinks`' severity when the check has one.
   */
  plainHrefs?: ReadonlySet<string>;
  /** Hrefs a `<Link data-noBrokenLinkCheck>` rendered: never checked, as in Docusaurus. */
  uncheckedHrefs?: ReadonlySet<string>;
}


/** Options of a link check: every page of the site (the possible targets) and how to report. */
export interface LinkCheckOptions {
  pages: LinkedPage[];
  /** Non-page files in the output (`/img/logo.svg`, `/blog/rss.xml`). */
  files: Set<string>;
  severity: Severity;
  /** Public paths of the site's other locales (`/fr/`): each is built and checked on its own. */
  otherLocales?: readonly string[];
  /** The severity of a link to a missing heading (`onBrokenAnchors`): `ignore` leaves it out. @default severity */
  anchors?: Severity | 'ignore';
  /** The severity of a broken `plainHrefs` link, page or heading (`onBrokenPlainLinks`): `ignore` leaves it out. @default as any link */
  plainLinks?: Severity | 'ignore';
  /** Text of site.config.ts, to locate navbar/footer links. */
  configText?: string;
  /** The config file that text is (a Docusaurus config's links are located in it too). @default 'site.config.ts' */
  configFile?: string;
  /** The sidebars file (`docs.sidebarPath`), to locate the sidebar's `link` items. */
  sidebars?: { file: string; text: string };
  /** The site's `baseUrl`: hrefs under it resolve to the site-relative route without it. */
  baseUrl?: string;
}

/**
 * Checks every internal link and anchor of every page: `/x`, `/x#y`, `#y`, relative paths and
 * files (`/img/a.svg`). A broken link is reported at its Markdown source position when it came
 * from Markdown, at its line in `site.config.ts` when it came from the config, else at the page.
 */
export function checkLinks(options: LinkCheckOptions): Diagnostic[] {
  return options.pages.flatMap(createLinkChecker(options));
}

/**
 * The checker of one page against the whole site, for callers that check pages one at a time
 * (dev re-checks only the pages an edit touched).
 */
export function createLinkChecker(options: LinkCheckOptions): (page: LinkedPage) => Diagnostic[] {
  const { pages, files, severity, configText, baseUrl = '/' } = options;
  const config = configSourceTree(configText, options.configFile);
  const sidebars = sidebarsSourceTree(options.sidebars);
  // A broken link the theme puts on every page (navbar, footer, sidebar) is reported once, at
  // its place in the config or the sidebars file, not once per page that shows it.
  const shared = new Set<string>();
  const byRoute = new Map(pages.map((p) => [p.route, p]));
  const routes = [...byRoute.keys()];
  // A root-relative href that resolved once resolves from every page: the sidebar, navbar and
  // footer links repeated on each page of a big site are checked once.
  const resolved = new Set<string>();
  return (page) => {
    const diagnostics: Diagnostic[] = [];
    const checked = new Set<string>();
    for (const href of page.hrefs) {
      if (!href || schemeRE.test(href) || checked.has(href) || resolved.has(href) || page.uncheckedHrefs?.has(href)) continue;
      if (options.otherLocales?.some((base) => href.startsWith(base))) continue;
      checked.add(href);
      const plain = options.plainLinks !== undefined && page.plainHrefs?.has(href);
      if (plain && options.plainLinks === 'ignore') continue;
      const place = locate({ href, page, config, configFile: options.configFile, sidebars });
      const fromPage = place.file === page.source || place.file === `page ${page.route}`;
      const problem = findProblem({ href, page, byRoute, routes, files, baseUrl, namePage: !fromPage });
      if (!problem && href.startsWith('/') && !href.startsWith('//')) resolved.add(href);
      if (!problem) continue;
      if (!fromPage) {
        const key = `${place.file}:${place.line}:${place.column} ${problem.message}`;
        if (shared.has(key)) continue;
        shared.add(key);
      }
      if (plain) {
        diagnostics.push({ ...place, severity: options.plainLinks as Severity, ...problem, hint: 'A plain `<a>` of a React page, which Docusaurus does not check (it checks `<Link>`): fix it, or write it as `<Link>` to have it checked (setting: `onBrokenPlainLinks`).' });
        continue;
      }
      const own = problem.ruleId === 'links/missing-anchor' ? options.anchors ?? severity : severity;
      if (own !== 'ignore') diagnostics.push({ ...place, severity: own, ...problem });
    }
    return diagnostics;
  };
}

/** What is wrong with `href` on `page`, as the build reports it; undefined when nothing is. */
export function findProblem(options: {
  href: string; page: LinkedPage; byRoute: Map<string, LinkedPage>; routes: string[]; files: Set<string>; baseUrl: string;
  /** Names the target page even when it is `page` itself (a link every page shows says the same from each). */
  namePage?: boolean;
}): { message: string; ruleId: string; hint?: string } | undefined {
  const { href, page, byRoute, routes, files, baseUrl, namePage = false } = options;
  const resolved = resolveHref({ href, pageRoute: page.route, baseUrl });
  if (resolved?.kind !== 'internal') return undefined;
  const { path: pathname, route, hash } = resolved;
  const target = byRoute.get(route);
  if (!target) {
    if (files.has(pathname)) return undefined;
    const guess = didYouMean(route, routes);
    return {
      message: `Cannot find page \`${route}\`${guess ? `; did you mean \`${guess}\`?` : ''}`,
      ruleId: 'links/missing-page',
      hint: 'Fix the link, or set `onBrokenLinks` in site.config.ts.',
    };
  }
  // An empty fragment (`/x#`) means the top of the page, as Docusaurus treats it.
  if (!hash || target.ids.has(hash)) return undefined;
  const guess = didYouMean(hash, target.ids);
  const where = target === page && !namePage ? '' : ` on page \`${route}\``;
  return {
    message: `Cannot find heading \`#${hash}\`${where}${guess ? `; did you mean \`#${guess}\`?` : ''}`,
    ruleId: 'links/missing-anchor',
  };
}

/**
 * Where to report a broken href: its Markdown position, where the config or the sidebars file
 * writes it (the first string literal of that value in the file's syntax tree: comments and
 * longer strings that contain it do not count), or the page.
 */
export function locate(options: { href: string; page: LinkedPage; config?: SourceTree; configFile?: string; sidebars?: SidebarsTree }): Pick<Diagnostic, 'file' | 'line' | 'column'> {
  const { href, page, config, sidebars, configFile = CONFIG } = options;
  const fromSource = page.sourceLinks?.find((l) => l.url === href);
  if (fromSource) return { file: page.source, line: fromSource.line, column: fromSource.column };
  const inConfig = config?.locateString(href);
  if (inConfig) return { file: configFile, ...inConfig };
  const inSidebars = sidebars?.tree.locateString(href);
  if (inSidebars) return { file: sidebars!.file, ...inSidebars };
  // Not from Markdown nor from the config: the theme or the document shell put it there.
  return { file: `page ${page.route}` };
}

/** The config file (load-config.ts's CONFIG_FILE; not imported, which would load esbuild and zod here). */
const CONFIG = 'site.config.ts';

/** The syntax tree of the config's text, parsed when a link is first looked for in it. */
export function configSourceTree(configText: string | undefined, file = CONFIG): SourceTree | undefined {
  return configText === undefined ? undefined : createSourceTree(file, configText);
}

/** The sidebars file and its syntax tree (parsed when a link is first looked for in it). */
export interface SidebarsTree { file: string; tree: SourceTree }

/** The tree of the sidebars file, if the site has one. */
export function sidebarsSourceTree(sidebars: { file: string; text: string } | undefined): SidebarsTree | undefined {
  return sidebars && { file: sidebars.file, tree: createSourceTree(sidebars.file, sidebars.text) };
}
