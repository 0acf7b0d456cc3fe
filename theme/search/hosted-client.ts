/**
 * Queries a hosted, Algolia-compatible search service (`POST /1/indexes/*\/queries`) and maps
 * its hits to local results. Highlights come back wrapped in our own pre/post tags, which are
 * parsed into marked text parts here, so nothing from the service is ever treated as HTML.
 */
import type { SearchClient, SearchHit, SnippetPart } from './types.ts';
import { stripBase } from '../../src/util/public-url.ts';

/** Options of {@link createHostedClient}. */
export interface HostedClientOptions {
  hosted: { appId: string; apiKey: string; indexName: string; host: string };
  /** Filter by language and by the docs/blog tags, as Docusaurus' contextual search does. */
  contextualSearch: boolean;
  /** The current language. @default 'en' */
  language?: string;
  /**
   * Origins whose hit URLs are this site's. Default: the page's own origin and the origin of its
   * `<link rel="canonical">` (the production URL, also when browsing a preview or a mirror).
   */
  origins?: string[];
  /** The site's base: hit URLs (`/docs-site/rules`) become site routes (`/rules`). @default '/' */
  baseUrl?: string;
  /** For tests and other runtimes. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** Highlight tags unlikely to occur in text; they never reach the DOM. */
const PRE = '<sitegen-mark>';
const POST = '</sitegen-mark>';
/** The tags Docusaurus gives the current docs version and everything else (blog, pages). */
/** Docusaurus's tag of a docs version's pages, as its crawler indexes them. */
const docsTag = (version = 'current') => `docusaurus_tag:docs-default-${version}`;
const DEFAULT_TAG = 'docusaurus_tag:default';

interface HostedHit {
  url?: string;
  hierarchy?: Partial<Record<'lvl0' | 'lvl1' | 'lvl2' | 'lvl3', string | null>>;
  docusaurus_tag?: string;
  _snippetResult?: { content?: { value?: string } };
  _highlightResult?: { content?: { value?: string } };
}

/** Creates a client for the hosted service. */
export function createHostedClient(options: HostedClientOptions): SearchClient {
  const { hosted } = options;
  return {
    async search(query, { limit = 20, signal, docsVersion } = {}) {
      const language = options.language ?? 'en';
      const params = new URLSearchParams({
        hitsPerPage: String(limit),
        attributesToSnippet: JSON.stringify(['content:25']),
        snippetEllipsisText: '…',
        highlightPreTag: PRE,
        highlightPostTag: POST,
      });
      if (options.contextualSearch) {
        params.set('facetFilters', JSON.stringify([[`language:${language}`], [docsTag(docsVersion), DEFAULT_TAG]]));
      }
      const doFetch = options.fetch ?? fetch;
      const res = await doFetch(`${hosted.host.replace(/\/$/, '')}/1/indexes/*/queries`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-algolia-application-id': hosted.appId,
          'x-algolia-api-key': hosted.apiKey,
        },
        body: JSON.stringify({ requests: [{ indexName: hosted.indexName, query, params: params.toString() }] }),
        signal,
      });
      if (!res.ok) throw new Error(`Search service: HTTP ${res.status}`);
      const data = (await res.json()) as { results?: { hits?: HostedHit[]; nbHits?: number }[] };
      const result = data.results?.[0] ?? {};
      const origins = options.origins ?? siteOrigins();
      const hits = (result.hits ?? []).flatMap((hit) => {
        const mapped = toHit(hit, origins, options.baseUrl ?? '/');
        return mapped ? [mapped] : [];
      });
      return { hits, total: result.nbHits ?? hits.length };
    },
  };
}

/** Maps a service hit, or drops it when its URL belongs to another origin. */
function toHit(hit: HostedHit, origins: string[], baseUrl: string): SearchHit | undefined {
  const path = hit.url === undefined ? undefined : localPath(hit.url, origins);
  // Under a base, a URL outside it is another site on the same host.
  const url = path === undefined ? undefined : stripBase({ baseUrl, path });
  if (!url) return undefined;
  const h = hit.hierarchy ?? {};
  const marked = hit._snippetResult?.content?.value ?? hit._highlightResult?.content?.value;
  const blog = /blog/.test(hit.docusaurus_tag ?? '') || /^\/blog(?:\/|$)/.test(url);
  return {
    url,
    title: h.lvl1 ?? h.lvl0 ?? '',
    section: h.lvl3 ?? h.lvl2 ?? undefined,
    snippet: marked ? parseMarks(marked) : [],
    tag: blog ? 'blog' : 'docs',
  };
}

/** `https://site/a#b` → `/a#b` when the origin is the site's; relative URLs are kept. */
export function localPath(raw: string, origins: string[]): string | undefined {
  const probe = 'https://relative.invalid';
  let url: URL;
  try {
    url = new URL(raw, `${probe}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== probe && !origins.includes(url.origin)) return undefined;
  return url.pathname + url.hash;
}

/** Splits a highlighted value at our tags into text parts; entities are decoded, not rendered. */
export function parseMarks(value: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  for (const piece of value.split(new RegExp(`(${PRE}|${POST})`))) {
    if (piece === PRE || piece === POST) mark = piece === PRE;
    else if (piece) parts.push({ text: decodeBasicEntities(piece), mark });
  }
  return parts;
}

function decodeBasicEntities(text: string): string {
  const names: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => names[name] ?? "'");
}

/** The page's origin and its canonical URL's origin (`link.href` is always absolute). */
function siteOrigins(): string[] {
  if (typeof document === 'undefined') return [];
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return [window.location.origin, ...(canonical ? [new URL(canonical).origin] : [])];
}
