import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import type { LinkedPage } from '../links/check-links.ts';
import { createInterner, extractLinks } from '../links/extract-links.ts';
import type { PageData, SiteData, SourceLink } from '../model.ts';
import type { RenderApp } from './load-theme.ts';
import { themeSourceOf } from './theme-source-map.ts';
import type { PageFactsStore } from './page-facts.ts';
import { renderDocument, renderPageData, type DocumentAssets } from './render-document.ts';
import type { PlannedPage } from '../routes/plan-pages.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { deepEqual } from '../util/deep-equal.ts';
import { sourcesVersion } from '../util/generator-version.ts';
import { routeToDataFile, routeToFile } from '../util/routes.ts';

/** What every page is wrapped in; when any of it changes, every page is rendered again. */
export interface PageShell {
  siteData: SiteData; assets: DocumentAssets; renderApp: RenderApp;
  /** Names the theme bundle `renderApp` comes from (Theme.id). */
  themeId: string;
}

/**
 * The last render of one page. `linked` holds the links of its HTML; for a page whose render
 * was deferred it holds only what the Markdown knew (no links, its heading ids) until rendered.
 */
export interface PageCacheEntry { page: PageData; source: string; linked: LinkedPage }

/** A page's output file: its HTML. */
export function pageFile(page: PageData): string {
  let file = pageFiles.get(page);
  if (file === undefined) pageFiles.set(page, file = page.type === 'not-found' ? '404.html' : routeToFile(page.route));
  return file;
}

/**
 * A page's data file, which client navigation fetches instead of its HTML (`PageDataFile`,
 * src/util/routes.ts › routeToDataFile), on sites that have them (`SiteData.pageDataFiles`);
 * none for the 404 page, which no link leads to (a navigation to a missing route finds no data
 * file and loads the server's 404 page in full).
 */
export function dataFile(page: PageData, site: Pick<SiteData, 'pageDataFiles'>): string | undefined {
  return !site.pageDataFiles || page.type === 'not-found' ? undefined : routeToDataFile(page.route);
}

/** Dev lists every page's file after each edit: unchanged pages are the same objects, and keep their name. */
const pageFiles = new WeakMap<PageData, string>();

/** Where pages go: written now, or (past `eagerLimit`) rendered when first requested. */
export interface PageOutput {
  write(file: string, contents: string): Promise<void>;
  defer(file: string, render: () => string): Promise<void>;
  /**
   * Keeps `file` as an earlier build left it in the output folder when that file holds `marker`
   * (it was made from the same inputs), and returns how to read its HTML; `undefined` when it
   * cannot (always, without an earlier build).
   */
  keep(file: string, marker: string): Promise<KeptPage | undefined>;
}

/** A page file kept from an earlier build: its HTML, read only when asked for. */
export interface KeptPage {
  read(): Promise<string | undefined>;
}

/**
 * The hash of everything a page's HTML is made from besides the page's own data: sitegen's
 * sources (the document template), the theme, the config, the site data and the assets. Nothing
 * in it depends on the folder or the machine, so the same site builds to the same bytes anywhere.
 */
export function shellKey(config: SiteConfig, shell: PageShell): string {
  return createHash('sha1').update(sourcesVersion()).update('\n').update(shell.themeId).update('\n')
    .update(JSON.stringify(config)).update('\n').update(JSON.stringify(shell.siteData)).update('\n')
    .update(JSON.stringify(shell.assets)).digest('hex');
}

/** A page's key: its shell's key and its data (`pageJson`, the page's data as JSON). */
export function pageKey(shell: string, pageJson: string): string {
  return createHash('sha1').update(shell).update('\n').update(pageJson).digest('hex').slice(0, 24);
}

/** What a page made with `key` holds (renderDocument's generator tag). */
const keyMarker = (key: string) => `data-page-key="${key}"`;

/** What a page's data file made with `key` starts with (renderPageData). */
const dataKeyMarker = (key: string) => `{"key":"${key}"`;

/** What `renderPages` works from and where it reports. */
export interface RenderPagesOptions {
  config: SiteConfig;
  planned: PlannedPage[];
  shell: PageShell;
  /** Render every page (the shell changed, or the search index needs every page's HTML). */
  renderAll: boolean;
  previous: Map<string, PageCacheEntry>;
  /** Markdown links and heading ids by source file (read only for the pages rendered now). */
  markdown: { get(source: string): SourceLinks | undefined };
  /** Source files whose Markdown was rendered in this run: their pages are never deferred. */
  edited: Set<string>;
  /** Past this many pages to render, only those of `edited` are rendered now, the rest deferred (`output.defer`). @default Infinity */
  eagerLimit?: number;
  /**
   * Drop each page's body HTML from its data once the page is written (BuildPolicy.freeMemory:
   * nothing reads it again, and on 10,000 pages it is most of the memory). The page data must be
   * this render's own (planned without a memo), as it is changed.
   */
  release?: boolean;
  output: PageOutput;
  /**
   * What earlier builds read from the HTML of pages by key (links, ids, search digest): a page
   * kept with its facts known is not read at all. Given the facts of every page handled now.
   */
  facts?: PageFactsStore;
  /** Called with every page rendered or read now (the search indexer); returns its search digest. */
  onRender?: (rendered: { page: PageData; html: string }) => string | null;
  /** Called instead of `onRender` for a page kept with known facts: its digest, and how to read it. */
  onKnown?: (known: { page: PageData; digest: string | null; read: () => Promise<string> }) => void;
  /** Called once per page handled, written now or deferred (progress). */
  onPageDone?: () => void;
}

/**
 * Renders and writes the planned pages. A page is skipped when the shell is unchanged and its
 * data deep-equals the last render's (`previous`), because a page's HTML is a pure function of
 * the two: a title edit changes the sidebar, hence the shell, hence every page; a body edit
 * changes one page's data, plus the neighbours whose prev/next label or listing shows it.
 * When more than `eagerLimit` pages need rendering, only pages whose
 * Markdown was just rendered are rendered now; the rest are rendered when first read.
 */
export async function renderPages(options: RenderPagesOptions): Promise<{ linked: LinkedPage[]; entries: Map<string, PageCacheEntry>; rendered: PageData[]; deferred: number; kept: number }> {
  const { config, planned, shell, renderAll, previous, markdown, output, onRender } = options;
  const entries = new Map<string, PageCacheEntry>();
  const todo: PlannedPage[] = [];
  for (const p of planned) {
    const last = previous.get(p.page.route);
    if (!renderAll && last && last.source === p.source && deepEqual(last.page, p.page)) entries.set(p.page.route, last);
    else todo.push(p);
  }
  const limit = options.eagerLimit ?? Infinity;
  const edited = todo.filter((p) => options.edited.has(p.source));
  const now = new Set(todo.length <= limit ? todo : edited.length <= limit ? edited : []);

  const intern = createInterner();
  const shellHash = shellKey(config, shell);
  const linkFrom = (entry: PageCacheEntry, { hrefs, ids }: { hrefs: string[]; ids: string[] }) => {
    // The ids of the HTML, and anchors a page collected without rendering them (a React page's `useBrokenLinks`).
    const md = markdown.get(entry.source);
    entry.linked = {
      route: entry.page.route, source: entry.source, hrefs, ids: new Set(md?.anchors.length ? [...ids, ...md.anchors] : ids), sourceLinks: md?.links,
      ...(md?.plainHrefs ? { plainHrefs: md.plainHrefs } : {}), ...(md?.uncheckedHrefs ? { uncheckedHrefs: md.uncheckedHrefs } : {}),
    };
  };
  const link = (entry: PageCacheEntry, html: string) => {
    const found = extractLinks(html, intern);
    linkFrom(entry, found);
    return found;
  };
  const render = (entry: PageCacheEntry, key: string) => {
    const { page } = entry;
    const body = renderBody(shell, entry);
    const html = renderDocument({ config, page, body, assets: shell.assets, key });
    return { html, data: renderPageData({ config, page, body, assets: shell.assets, key }), found: link(entry, html) };
  };
  /** The data file alone (a page kept from an earlier build whose data file is gone). */
  const renderData = (entry: PageCacheEntry, key: string) => renderPageData({ config, page: entry.page, body: renderBody(shell, entry), assets: shell.assets, key });
  /** The facts of `html`, made now: its links (found), and its search digest when searched. */
  const learn = (key: string, page: PageData, html: string, found: { hrefs: string[]; ids: string[] }) => {
    const search = onRender?.({ page, html });
    options.facts?.set(key, { ...found, ...(onRender ? { search } : {}) });
  };
  const rendered: PageData[] = [];
  let kept = 0;
  for (const p of todo) {
    const md = markdown.get(p.source);
    // Until rendered, a page offers its Markdown heading ids as link targets and checks nothing.
    const entry: PageCacheEntry = { ...p, linked: { route: p.page.route, source: p.source, hrefs: [], ids: new Set(md?.anchors), sourceLinks: md?.links } };
    entries.set(p.page.route, entry);
    const file = pageFile(p.page);
    const data = dataFile(p.page, shell.siteData);
    if (now.has(p)) {
      const key = pageKey(shellHash, JSON.stringify(p.page));
      // A page an earlier build made from the same inputs is kept as it is: no React render,
      // and no reading either when what the build needs from its HTML is known.
      const keptPage = await output.keep(file, keyMarker(key));
      const facts = keptPage && options.facts?.get(key);
      if (keptPage && data && !(await output.keep(data, dataKeyMarker(key)))) await output.write(data, renderData(entry, key));
      if (!keptPage) {
        const { html, data: json, found } = render(entry, key);
        await output.write(file, html);
        if (data) await output.write(data, json);
        learn(key, p.page, html, found);
      } else if (facts && (!onRender || facts.search !== undefined)) {
        linkFrom(entry, facts);
        options.facts!.set(key, facts);
        if (onRender) options.onKnown?.({ page: p.page, digest: facts.search!, read: () => readKept(keptPage, file) });
        kept++;
      } else {
        const html = await readKept(keptPage, file);
        learn(key, p.page, html, link(entry, html));
        kept++;
      }
      rendered.push(p.page);
      if (options.release && (p.page.type === 'doc' || p.page.type === 'blog-post' || p.page.type === 'page')) p.page.contentHtml = null;
    } else {
      // Rendered once, for whichever of the two files is asked for first.
      let made: ReturnType<typeof render> | undefined;
      const make = () => (made ??= render(entry, pageKey(shellHash, JSON.stringify(p.page))));
      await output.defer(file, () => make().html);
      if (data) await output.defer(data, () => make().data);
    }
    options.onPageDone?.();
  }
  const linked = planned.map((p) => entries.get(p.page.route)!.linked);
  return { linked, entries, rendered, deferred: todo.length - rendered.length, kept };
}

/** Whether the shell differs from the last one (a new theme module counts as a change). */
export function shellDiffers(previous: PageShell | undefined, next: PageShell): boolean {
  return !previous || previous.renderApp !== next.renderApp || !deepEqual(previous.assets, next.assets) || !deepEqual(previous.siteData, next.siteData);
}

/**
 * The theme's markup of a page. A component that throws is the theme's error: it is reported at
 * the theme file and line it was thrown from (the server bundle's source map, see
 * theme-source-map.ts), naming the page and its Markdown file; at the page's source when no
 * frame of the theme's own code is known (React itself threw).
 */
function renderBody(shell: PageShell, entry: PageCacheEntry): string {
  try {
    return shell.renderApp(shell.siteData, entry.page);
  } catch (error) {
    const { route } = entry.page;
    const at = themeSourceOf(error);
    const from = entry.source && at ? ` from \`${entry.source}\`` : '';
    throw new SitegenError(`Cannot render ${route}`, {
      cause: error,
      diagnostics: [{
        ...(at ?? { file: entry.source || 'theme' }),
        severity: 'error',
        ruleId: 'theme/render',
        message: `Cannot render \`${route}\`${from} with the theme: ${error instanceof Error ? error.message : String(error)}`,
        hint: 'A component of the theme threw while rendering this page: check the files the site overrides in `theme/` first.',
      }],
    });
  }
}

/** The HTML of a page kept from an earlier build; it cannot be read back only when something else changed the output folder. */
async function readKept(kept: KeptPage, file: string): Promise<string> {
  const html = await kept.read();
  if (html !== undefined) return html;
  throw new SitegenError(`Cannot read ${file} back`, {
    diagnostics: [{
      file, severity: 'error', ruleId: 'build/unreadable-output',
      message: `Cannot read the page \`${file}\` back from the output: it changed or went away during the build.`,
      hint: 'Make sure nothing else writes to the output folder while sitegen builds, then build again.',
    }],
  });
}

/** What a page's source says of its links: where they are written, anchors it collected, and which a React page wrote as plain `<a>`s. */
export interface SourceLinks {
  links: SourceLink[];
  anchors: string[];
  plainHrefs?: ReadonlySet<string>;
  uncheckedHrefs?: ReadonlySet<string>;
}
