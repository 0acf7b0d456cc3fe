import type { SiteConfig } from '../config/schema.ts';
import type { LinkedPage } from '../links/check-links.ts';
import { extractLinks } from '../links/extract-links.ts';
import type { PageData, SiteData, SourceLink } from '../model.ts';
import type { RenderApp } from '../render/load-theme.ts';
import { renderDocument, type DocumentAssets } from '../render/render-document.ts';
import type { PlannedPage } from '../routes/plan-pages.ts';
import { deepEqual } from '../util/deep-equal.ts';
import { routeToChunk, routeToFile } from '../util/routes.ts';

/** What every page is wrapped in; when any of it changes, every page is rendered again. */
export interface PageShell { siteData: SiteData; assets: DocumentAssets; renderApp: RenderApp }

/** The last render of one page. */
export interface PageCacheEntry { page: PageData; source: string; linked: LinkedPage }

/** Output files of a page: its HTML and, for client navigation, its data chunk. */
export function pageFiles(page: PageData): string[] {
  return page.type === 'not-found' ? ['404.html'] : [routeToFile(page.route), routeToChunk(page.route)];
}

/**
 * Renders and writes the planned pages. A page is skipped when the shell is unchanged and its
 * data deep-equals the last render's (`previous`), because a page's HTML is a pure function of
 * the two: a title edit changes the sidebar, hence the shell, hence every page; a body edit
 * changes one page's data, plus the neighbours whose prev/next label or listing shows it.
 * Returns the link data of every page (reused for skipped ones) and the cache entries.
 */
export async function renderPages(options: {
  config: SiteConfig;
  planned: PlannedPage[];
  shell: PageShell;
  /** Render every page (the shell changed, or the search index needs every page's HTML). */
  renderAll: boolean;
  previous: Map<string, PageCacheEntry>;
  sourceLinks: Map<string, SourceLink[]>;
  write: (file: string, contents: string) => Promise<void>;
  /** Called with every page rendered (the search indexer). */
  onRender?: (rendered: { page: PageData; html: string }) => void;
}): Promise<{ linked: LinkedPage[]; entries: Map<string, PageCacheEntry>; rendered: PageData[] }> {
  const { config, planned, shell, renderAll, previous, sourceLinks, write, onRender } = options;
  const linked: LinkedPage[] = [];
  const entries = new Map<string, PageCacheEntry>();
  const rendered: PageData[] = [];
  for (const { page, source } of planned) {
    const last = previous.get(page.route);
    if (!renderAll && last && last.source === source && deepEqual(last.page, page)) {
      linked.push(last.linked);
      entries.set(page.route, last);
      continue;
    }
    const body = shell.renderApp(shell.siteData, page);
    const html = renderDocument({ config, site: shell.siteData, page, body, assets: shell.assets });
    const [file, chunk] = pageFiles(page);
    await write(file, html);
    if (chunk) await write(chunk, JSON.stringify(page));
    const { hrefs, ids } = extractLinks(html);
    const entry = { page, source, linked: { route: page.route, source, hrefs, ids: new Set(ids), sourceLinks: sourceLinks.get(source) } };
    linked.push(entry.linked);
    entries.set(page.route, entry);
    rendered.push(page);
    onRender?.({ page, html });
  }
  return { linked, entries, rendered };
}

/** Whether the shell differs from the last one (a new theme module counts as a change). */
export function shellDiffers(previous: PageShell | undefined, next: PageShell): boolean {
  return !previous || previous.renderApp !== next.renderApp || !deepEqual(previous.assets, next.assets) || !deepEqual(previous.siteData, next.siteData);
}
