import { check, LinkState, type LinkResult } from 'linkinator';
import { startStaticServer } from '../serve/start-static-server.ts';

/** A broken link found in the built site. */
export interface BrokenLink { page: string; target: string; status?: number }

/**
 * Serves `dir` on 127.0.0.1 and crawls it with linkinator from the home page: every internal
 * link and `#fragment` must resolve. External links are listed and skipped unless `external`
 * is set. Prints one line per broken link (page → target) and returns whether all passed.
 */
export async function runLinkCheck(options: { dir: string; external: boolean; log?: (line: string) => void }): Promise<boolean> {
  const log = options.log ?? console.log;
  const { broken, skipped, checked } = await collectBrokenLinks(options);
  if (skipped.length) {
    log(`Skipped ${skipped.length} external links (use --external to check them):`);
    for (const url of skipped) log(`  - ${url}`);
  }
  for (const b of broken) log(`${b.page}  error  Cannot reach \`${b.target}\`${b.status ? ` (HTTP ${b.status})` : ''}  links/broken`);
  log(broken.length ? `✗ ${broken.length} broken links of ${checked} checked` : `✓ ${checked} links checked, none broken`);
  return broken.length === 0;
}

/** The crawl itself, without printing. */
export async function collectBrokenLinks(options: { dir: string; external: boolean }): Promise<{ broken: BrokenLink[]; skipped: string[]; checked: number }> {
  const server = await startStaticServer({ dir: options.dir, port: 0 });
  const origin = new URL(server.url).origin;
  const skippedSet = new Set<string>();
  try {
    const result = await check({
      path: `${server.url}/`,
      recurse: true,
      checkFragments: true,
      concurrency: 16,
      timeout: 20_000,
      linksToSkip: async (link) => {
        if (link.startsWith(origin) || options.external) return false;
        if (/^https?:/.test(link)) skippedSet.add(link);
        return true;
      },
    });
    const broken = result.links
      .filter((l: LinkResult) => l.state === LinkState.BROKEN)
      .map((l) => ({ page: pagePath(l.parent, origin), target: l.url.startsWith(origin) ? l.url.slice(origin.length) : l.url, status: l.status }));
    const checked = result.links.filter((l) => l.state !== LinkState.SKIPPED).length;
    return { broken, skipped: [...skippedSet].sort(), checked };
  } finally {
    await server.close();
  }
}

function pagePath(parent: string | undefined, origin: string): string {
  if (!parent) return '(start)';
  return parent.startsWith(origin) ? parent.slice(origin.length) || '/' : parent;
}
