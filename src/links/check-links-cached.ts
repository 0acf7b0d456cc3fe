import type { Diagnostic, Severity } from '../diagnostics/diagnostic.ts';
import { createLinkChecker, type LinkedPage } from './check-links.ts';
import { pathToRoute } from '../util/routes.ts';

/** What the last link check found, per page, and what it was checked against. */
export interface LinkCheckCache {
  /** Keyed by the LinkedPage object: a page that was not rendered again keeps its object. */
  byPage: WeakMap<LinkedPage, Diagnostic[]>;
  routes: string;
  files: string;
  severity: Severity;
  anchors?: Severity | 'ignore';
  plainLinks?: Severity | 'ignore';
  configText?: string;
  sidebarsText?: string;
  ids: Map<string, Set<string>>;
}

/**
 * `checkLinks` that re-checks only what can have changed since `previous`: pages rendered again,
 * and pages with a `#fragment` link into a page whose ids changed. A change to the set of routes
 * or files (or to the severity or config) re-checks everything. Each page of a 1,000-page site
 * carries ~1,000 sidebar links, so checking every page after every edit would cost seconds.
 */
export function checkLinksCached(options: {
  pages: LinkedPage[]; files: Set<string>; severity: Severity; anchors?: Severity | 'ignore'; plainLinks?: Severity | 'ignore'; otherLocales?: readonly string[]; configText?: string; configFile?: string; baseUrl?: string; previous?: LinkCheckCache;
  sidebars?: { file: string; text: string };
}): { diagnostics: Diagnostic[]; cache: LinkCheckCache } {
  const { pages, files, severity, anchors, plainLinks, otherLocales, configText, configFile, baseUrl, previous, sidebars } = options;
  const sidebarsText = sidebars?.text;
  // In plan order, not sorted (sorting 10,000 routes after every dev edit cost ms): a new order
  // only re-checks everything.
  const routes = pages.map((p) => p.route).join('\n');
  const fileList = [...files].sort().join('\n');
  const ids = new Map(pages.map((p) => [p.route, p.ids]));
  const reusable = previous !== undefined && previous.routes === routes && previous.files === fileList
    && previous.severity === severity && previous.anchors === anchors && previous.plainLinks === plainLinks && previous.configText === configText && previous.sidebarsText === sidebarsText;
  const byPage = reusable ? previous.byPage : new WeakMap<LinkedPage, Diagnostic[]>();

  let stale = pages;
  if (reusable) {
    const changedIds = new Set(pages.filter((p) => !sameSet(previous.ids.get(p.route), p.ids)).map((p) => p.route));
    stale = pages.filter((p) => !byPage.has(p) || (changedIds.size > 0 && linksInto(p, changedIds)));
  }
  if (stale.length) {
    const check = createLinkChecker({ pages, files, severity, anchors, plainLinks, otherLocales, configText, configFile, baseUrl, sidebars });
    for (const page of stale) byPage.set(page, check(page));
  }
  return {
    // A link every page shows is reported by the first page checked: after a partial re-check,
    // the same report may come from two pages.
    diagnostics: unique(pages.flatMap((p) => byPage.get(p)!)),
    cache: { byPage, routes, files: fileList, severity, anchors, plainLinks, configText, sidebarsText, ids },
  };
}

function sameSet(a: Set<string> | undefined, b: Set<string>): boolean {
  if (a === b) return true;
  return a !== undefined && a.size === b.size && [...a].every((v) => b.has(v));
}

/** Whether any `#fragment` link of `page` points into one of `routes` (its own included). */
function linksInto(page: LinkedPage, routes: Set<string>): boolean {
  return page.hrefs.some((href) => {
    const hash = href.indexOf('#');
    if (hash < 0) return false;
    if (hash === 0) return routes.has(page.route);
    try {
      return routes.has(pathToRoute(new URL(href, `http://site${page.route}`).pathname));
    } catch {
      return false;
    }
  });
}

/** The diagnostics without repeats (same place, same message). */
function unique(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
