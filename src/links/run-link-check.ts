import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { check, LinkState, type LinkResult } from 'linkinator';
import { startStaticServer } from '../serve/start-static-server.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from '../diagnostics/format-diagnostic.ts';
import { configSourceTree, findProblem, locate, sidebarsSourceTree, type LinkedPage } from './check-links.ts';
import { extractLinks } from './extract-links.ts';
import { readLinkSources } from './link-sources.ts';
import { listFiles } from '../util/list-files.ts';
import { publicUrl } from '../util/public-url.ts';
import { fileToRoute } from '../util/routes.ts';
import { publicKey, resolveHref } from './resolve-href.ts';

/** What a crawl found: each broken link as the build would report it, and the external links left alone. */
export interface LinkCheckResult { diagnostics: Diagnostic[]; skipped: string[]; checked: number }

const httpRE = /^https?:\/\//i;

/**
 * `sitegen check-links`: serves `dir` on 127.0.0.1 and crawls it with linkinator from the home
 * page; every internal link and `#fragment` must resolve. External links are listed and skipped
 * unless `external` is set. Links to `siteUrl` (canonical URLs, feeds) are checked against the
 * local build instead of production. Prints each broken link as the build does (its Markdown
 * file and line when the build recorded them, its config line, else its page) and returns
 * whether all passed.
 */
export async function runLinkCheck(options: {
  dir: string; external: boolean; siteUrl?: string; baseUrl?: string; configText?: string; log?: (line: string) => void;
  /** The sidebars file, to report its broken links at their line there, as the build does. */
  sidebars?: { file: string; text: string };
}): Promise<boolean> {
  const log = options.log ?? console.log;
  const { diagnostics, skipped, checked } = await collectBrokenLinks(options);
  if (skipped.length) {
    log(`Skipped ${skipped.length} external link${skipped.length === 1 ? '' : 's'} (use --external to check them):`);
    for (const url of skipped) log(`  - ${url}`);
  }
  for (const d of diagnostics) log(formatDiagnostic(d));
  log(diagnostics.length
    ? `✗ ${diagnostics.length} broken link${diagnostics.length === 1 ? '' : 's'}: ${summarizeDiagnostics(diagnostics)} (${checked} links checked)`
    : `✓ ${checked} links checked, none broken`);
  return diagnostics.length === 0;
}

/**
 * The crawl, without printing. linkinator, fetching every page and link over HTTP as a browser
 * would, decides *which* targets are broken; each built page's links are then read from its
 * markup, resolved with the build's own normaliser, and those leading to a broken target are
 * described by the build's own checker, so both name the same problem the same way.
 */
export async function collectBrokenLinks(options: {
  dir: string; external: boolean; siteUrl?: string; baseUrl?: string; configText?: string; sidebars?: { file: string; text: string };
}): Promise<LinkCheckResult> {
  // Served under the site's base, as in production: a link that forgot the base is broken.
  const baseUrl = options.baseUrl ?? '/';
  const server = await startStaticServer({ dir: options.dir, port: 0, baseUrl });
  const origin = new URL(server.url).origin;
  try {
    const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
    const { pages, files } = await readBuild(options.dir);
    const result = await check({
      // Every page, not only those reachable from the home page: a blog post no menu links to
      // is published all the same.
      path: pages.map((p) => origin + publicUrl({ baseUrl, path: p.route })),
      recurse: true,
      // Fragments are checked below against the ids of the built pages, as a browser scrolls
      // to them: deterministic, where linkinator's own check varies from run to run.
      // Page URLs are files (`/guide/a`), never folders: a relative `b` there is `/guide/b`, as
      // in a browser. Without this, linkinator resolves it as `/guide/a/b`.
      cleanUrls: true,
      concurrency: 16,
      timeout: 20_000,
      // The site's canonical URLs (under its base) are fetched from this build, not production.
      urlRewriteExpressions: siteOrigin
        ? [{ pattern: new RegExp(`^${escapeRE(siteOrigin)}(?=${escapeRE(baseUrl.replace(/\/$/, ''))}(/|$|[?#]))`), replacement: origin }]
        : [],
      linksToSkip: async (link) => !(link.startsWith(origin) || (options.external && httpRE.test(link))),
    });
    /** `/guide#setup` for a local URL, the URL itself for another site. */
    const keyOf = (url: string) => {
      if (!url.startsWith(origin)) return url;
      const parsed = new URL(url);
      const target = resolveHref({ href: parsed.pathname + parsed.hash, pageRoute: '/', baseUrl });
      return target?.kind === 'internal' ? publicKey(target) : url;
    };
    const brokenResults = result.links.filter((l: LinkResult) => l.state === LinkState.BROKEN);
    // A missing page answers with the 404 page, whose own links linkinator crawls: ignore those.
    const missingPages = new Set(brokenResults.filter((l) => l.url.startsWith(origin) && !l.url.includes('#')).map((l) => keyOf(l.url)));
    const fromRealPage = (l: LinkResult) => !l.parent || !missingPages.has(keyOf(l.parent));
    const targets = new Map(brokenResults.filter(fromRealPage).map((l) => [keyOf(l.url), l]));

    const sources = await readLinkSources(options.dir);
    for (const page of pages) {
      const recorded = sources.get(page.route);
      if (!recorded) continue;
      page.source = recorded.source;
      page.sourceLinks = recorded.links.map((l) => ({ ...l, raw: l.url, kind: 'link' as const }));
    }
    const byRoute = new Map(pages.map((p) => [p.route, p]));
    const routes = [...byRoute.keys()];

    const diagnostics: Diagnostic[] = [];
    const found = new Set<string>();
    const config = configSourceTree(options.configText);
    const sidebars = sidebarsSourceTree(options.sidebars);
    for (const page of pages) {
      const seen = new Set<string>();
      for (const href of page.hrefs) {
        const target = resolveHref({ href, pageRoute: page.route, baseUrl, siteUrl: options.siteUrl });
        if (!target) continue;
        const key = target.kind === 'internal' ? publicKey(target) : target.url;
        if (seen.has(key)) continue;
        seen.add(key);
        // What the crawl fetched: the page or file, without the fragment.
        const fetched = key.split('#')[0];
        const hit = targets.get(target.kind === 'internal' ? fetched : key);
        if (hit) found.add(target.kind === 'internal' ? fetched : key);
        // A link to the site's own URL is checked as the path it names.
        const local = siteOrigin && href.startsWith(siteOrigin) ? href.slice(siteOrigin.length) || '/' : href;
        const place = locate({ href, page, config, sidebars });
        // A link every page shows (config, sidebars) says the same from each: reported once.
        const namePage = place.file !== page.source;
        let problem: { message: string; ruleId: string; hint?: string } | undefined;
        if (target.kind === 'external') {
          if (hit) problem = { message: `Cannot reach \`${href}\` (${hit.status ? `HTTP ${hit.status}` : 'no response'})`, ruleId: 'links/external' };
        } else if (hit) {
          problem = findProblem({ href: local, page, byRoute, routes, files, baseUrl, namePage }) ?? httpProblem({ target: fetched, hit, baseUrl });
        } else if (target.hash || !byRoute.has(target.route)) {
          // The page loads: does it have the heading? Or it loads though the build has no such
          // page (`/x` served from `x/index.html`, the page `/x/index`): the build says broken.
          problem = findProblem({ href: local, page, byRoute, routes, files, baseUrl, namePage });
        }
        if (problem) diagnostics.push({ ...place, severity: 'error', ...problem });
      }
    }
    // Broken targets no page's markup holds (a CSS url(), a script import): report linkinator's page.
    for (const [key, hit] of targets) {
      if (!found.has(key)) diagnostics.push({ file: `page ${hit.parent ? keyOf(hit.parent) : '/'}`, severity: 'error', ...httpProblem({ target: key, hit, baseUrl }) });
    }

    const skipped = [...new Set(result.links.filter((l) => l.state === LinkState.SKIPPED && httpRE.test(l.url) && fromRealPage(l)).map((l) => l.url))].sort();
    const checked = new Set(result.links.filter((l) => l.state !== LinkState.SKIPPED).map((l) => keyOf(l.url))).size;
    return { diagnostics: sortDiagnostics(diagnostics), skipped, checked };
  } finally {
    await server.close();
  }
}

/** A target the server would not deliver, though the build's checker finds nothing wrong with it. */
function httpProblem(options: { target: string; hit: LinkResult; baseUrl: string }): { message: string; ruleId: string; hint?: string } {
  const { target, hit, baseUrl } = options;
  const status = hit.status ? `HTTP ${hit.status}` : 'no response';
  const outside = baseUrl !== '/' && !target.startsWith(baseUrl) && `${target}/` !== baseUrl;
  return {
    message: `Cannot load \`${target}\` (${status})`, ruleId: 'links/missing-page',
    ...(outside ? { hint: `The site is served under \`${baseUrl}\`: this URL is outside it.` } : {}),
  };
}

/**
 * The built site as the link checker sees it, from one walk of `dir`: every HTML page with its
 * clean route (`guide.html` → `/guide`), links and ids, and every other file as a path
 * (`/img/logo.svg`).
 */
async function readBuild(dir: string): Promise<{ pages: LinkedPage[]; files: Set<string> }> {
  const paths = await listFiles(dir);
  const pages = await Promise.all(paths.filter((file) => file.endsWith('.html')).map(async (file) => {
    // As the build named it: `x/index.html` is the page `/x/index` (`slug: index`), not `/x`.
    const route = fileToRoute(file);
    const { hrefs, ids } = extractLinks(await readFile(path.join(dir, file), 'utf8'));
    return { route, source: `page ${route}`, hrefs, ids: new Set(ids) };
  }));
  return { pages, files: new Set(paths.filter((file) => !file.endsWith('.html')).map((file) => `/${file}`)) };
}

function escapeRE(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
