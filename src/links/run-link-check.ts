import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { check, LinkState, type LinkResult } from 'linkinator';
import { startStaticServer } from '../serve/start-static-server.ts';
import { publicUrl } from '../util/public-url.ts';
import { extractLinks } from './extract-links.ts';

/** A broken link found in the built site: the page it is on and its target as written there. */
export interface BrokenLink { page: string; target: string; kind: 'page' | 'anchor' | 'external'; status?: number }

/** What a crawl found. */
export interface LinkCheckResult { broken: BrokenLink[]; skipped: string[]; checked: number }

const httpRE = /^https?:\/\//i;

/**
 * `sitegen check-links`: serves `dir` on 127.0.0.1 and crawls it with linkinator from the home
 * page; every internal link and `#fragment` must resolve. External links are listed and skipped
 * unless `external` is set. Links to `siteUrl` (canonical URLs, feeds) are checked against the
 * local build instead of production. Prints one line per broken link and returns whether all passed.
 */
export async function runLinkCheck(options: { dir: string; external: boolean; siteUrl?: string; baseUrl?: string; log?: (line: string) => void }): Promise<boolean> {
  const log = options.log ?? console.log;
  const { broken, skipped, checked } = await collectBrokenLinks(options);
  if (skipped.length) {
    log(`Skipped ${skipped.length} external link${skipped.length === 1 ? '' : 's'} (use --external to check them):`);
    for (const url of skipped) log(`  - ${url}`);
  }
  for (const b of broken) log(`${b.page}  error  ${describe(b)}  ${ruleIds[b.kind]}`);
  const pages = new Set(broken.map((b) => b.page)).size;
  log(broken.length
    ? `✗ ${broken.length} broken link${broken.length === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'} (${checked} links checked)`
    : `✓ ${checked} links checked, none broken`);
  return broken.length === 0;
}

const ruleIds = { page: 'links/missing-page', anchor: 'links/missing-anchor', external: 'links/external' } as const;

function describe(b: BrokenLink): string {
  if (b.kind === 'anchor') {
    const [where, hash] = b.target.split('#');
    return `Cannot find heading \`#${hash}\`${where ? ` on \`${where}\`` : ''}`;
  }
  const status = b.status ? `HTTP ${b.status}` : 'no response';
  return b.kind === 'page' ? `Cannot find \`${b.target}\` (${status})` : `Cannot reach \`${b.target}\` (${status})`;
}

/**
 * The crawl, without printing. linkinator checks each URL once and may name the wrong page for
 * a broken fragment, so it only decides *which* targets are broken; the pages holding them are
 * then found by reading every built page's links, which names each page and the link as written.
 */
export async function collectBrokenLinks(options: { dir: string; external: boolean; siteUrl?: string; baseUrl?: string }): Promise<LinkCheckResult> {
  // Served under the site's base, as in production: a link that forgot the base is broken.
  const baseUrl = options.baseUrl ?? '/';
  const server = await startStaticServer({ dir: options.dir, port: 0, baseUrl });
  const origin = new URL(server.url).origin;
  try {
    const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
    const result = await check({
      path: server.url.endsWith('/') ? server.url : `${server.url}/`,
      recurse: true,
      checkFragments: true,
      concurrency: 16,
      timeout: 20_000,
      urlRewriteExpressions: siteOrigin ? [{ pattern: new RegExp(`^${escapeRE(siteOrigin)}(?=/|$)`), replacement: origin }] : [],
      linksToSkip: async (link) => !(link.startsWith(origin) || (options.external && httpRE.test(link))),
    });
    const key = (url: string) => normalize(url, origin);
    const brokenResults = result.links.filter((l: LinkResult) => l.state === LinkState.BROKEN);
    // A missing page answers with the 404 page, whose own links linkinator crawls: ignore those.
    const missingPages = new Set(brokenResults.filter((l) => l.url.startsWith(origin) && !l.url.includes('#')).map((l) => key(l.url)));
    const fromRealPage = (l: LinkResult) => !l.parent || !missingPages.has(key(l.parent));
    const targets = new Map(brokenResults.filter(fromRealPage).map((l) => [key(l.url), l]));

    const broken: BrokenLink[] = [];
    const found = new Set<string>();
    const local = (href: string) => (siteOrigin && href.startsWith(siteOrigin) ? origin + href.slice(siteOrigin.length) : href);
    for (const { route, hrefs } of await readPages(options.dir)) {
      const seen = new Set<string>();
      for (const href of hrefs) {
        let target: string;
        try {
          target = key(new URL(local(href), `${origin}${publicUrl({ baseUrl, path: route })}`).href);
        } catch {
          continue;
        }
        // linkinator reports a missing page without the fragment the link carried.
        if (!targets.has(target) && targets.has(target.split('#')[0])) target = target.split('#')[0];
        const hit = targets.get(target);
        if (!hit || seen.has(target)) continue;
        seen.add(target);
        found.add(target);
        broken.push(toBroken({ page: route, target: href, hit, origin }));
      }
    }
    // Broken targets no page's markup holds (a CSS url(), a script import): report linkinator's page.
    for (const [target, hit] of targets) {
      if (!found.has(target)) broken.push(toBroken({ page: hit.parent ? key(hit.parent) : '/', target, hit, origin }));
    }
    broken.sort((a, b) => a.page.localeCompare(b.page) || a.target.localeCompare(b.target));

    const skipped = [...new Set(result.links.filter((l) => l.state === LinkState.SKIPPED && httpRE.test(l.url) && fromRealPage(l)).map((l) => l.url))].sort();
    const checked = new Set(result.links.filter((l) => l.state !== LinkState.SKIPPED).map((l) => key(l.url))).size;
    return { broken, skipped, checked };
  } finally {
    await server.close();
  }
}

function toBroken(options: { page: string; target: string; hit: LinkResult; origin: string }): BrokenLink {
  const { page, target, hit, origin } = options;
  const internal = hit.url.startsWith(origin);
  // A fragment that does not resolve comes back BROKEN with the page's own status 200.
  const kind = !internal ? 'external' : hit.url.includes('#') && hit.status === 200 ? 'anchor' : 'page';
  return { page, target, kind, status: hit.status || undefined };
}

/** Local URLs become clean paths (`/guide#setup`; linkinator sometimes adds `/`); others stay whole. */
function normalize(url: string, origin: string): string {
  if (!url.startsWith(origin)) return url;
  const parsed = new URL(url);
  const pathname = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return pathname + parsed.hash;
}

/** Every built HTML page with its clean route (`guide.html` → `/guide`) and its links. */
async function readPages(dir: string): Promise<{ route: string; hrefs: string[] }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  return Promise.all(files.map(async (file) => ({
    route: `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`.replace(/(.)\/$/, '$1'),
    hrefs: extractLinks(await readFile(path.join(dir, file), 'utf8')).hrefs,
  })));
}

function escapeRE(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
