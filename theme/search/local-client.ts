/**
 * Answers queries from the static index the build writes to `search-index/` (see index-format.ts).
 * Nothing is fetched until the first query; then the manifest, the shards of the query's terms
 * and the fragments of the hits shown, each once per client.
 */
import { INDEX_DIR, indexPaths, type SearchFragment, type SearchManifest, type SearchShard } from '../../src/search/index-format.ts';
import { rankRecords, shardsFor, type KeyedList } from './rank-records.ts';
import { createSnippet } from './snippet.ts';
import { parseQuery } from '../../src/search/tokenize.ts';
import type { SearchClient, SearchHit } from './types.ts';

/** Options of {@link createLocalClient}. */
export interface LocalClientOptions {
  /** URL of the index folder, with a trailing slash. @default `/${INDEX_DIR}/` */
  baseUrl?: string;
  /** Keep only docs and blog records in the current language. */
  contextualSearch: boolean;
  /** The current language; defaults to the site's (the manifest's). */
  language?: string;
  /** For tests and other runtimes. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/**
 * The contextual-search tag of a docs version's pages (src/search/create-search-indexer.ts):
 * `docs` on a site with one version, `docs-<name>` on a site with several.
 */
export function docsTag(version: string | undefined): string {
  return version ? `docs-${version}` : 'docs';
}

/** Creates a client over the local index. */
export function createLocalClient(options: LocalClientOptions): SearchClient {
  const base = options.baseUrl ?? `/${INDEX_DIR}/`;
  const files = new Map<string, Promise<unknown>>();
  // Decoded posting lists are filtered by the context they were asked in: one cache per docs version.
  const decoded = new Map<string, Map<string, KeyedList>>();

  /** Fetches and parses a file once; a failure is forgotten so the next query retries. */
  const load = <T>(path: string, init?: RequestInit): Promise<T> => {
    let promise = files.get(path);
    if (!promise) {
      const doFetch = options.fetch ?? fetch;
      promise = doFetch(base + path, init).then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}: ${base}${path}`);
        return path.endsWith('.gz') ? readGzippedJson(res) : res.json();
      });
      promise.catch(() => files.delete(path));
      files.set(path, promise);
    }
    return promise as Promise<T>;
  };

  const run = async (query: string, limit: number, docsVersion: string | undefined) => {
    // Contextual search keeps the blog and the reader's docs version.
    // The blog, the pages and other docs instances' docs (`docs`), and the docs of the reader's version.
    const contextTags = ['blog', 'docs', docsTag(docsVersion)];
    const terms = parseQuery(query);
    if (terms.length === 0) return { hits: [], total: 0 };
    // The manifest has a fixed name: revalidate it so it never points at deleted files.
    const manifest = await load<SearchManifest>(indexPaths.manifest, { cache: 'no-cache' });
    const shards = await Promise.all(
      shardsFor(manifest.shards, terms).map((n) => load<SearchShard>(indexPaths.shard(n, manifest.hash))),
    );
    const tagOf = (page: number) => manifest.groups.find((g) => page >= g[2] && page < g[3]);
    const language = (options.language ?? manifest.language).toLowerCase();
    const allow = options.contextualSearch
      ? (page: number) => {
          const group = tagOf(page);
          return !!group && group[0].toLowerCase() === language && contextTags.includes(group[1]);
        }
      : undefined;
    const context = docsVersion ?? '';
    if (!decoded.has(context)) decoded.set(context, new Map());
    const ranked = rankRecords({ terms, shards, records: manifest.records, allow, limit, cache: decoded.get(context)! });
    const per = manifest.perFragment;
    const fragments = await Promise.all(ranked.records.map((r) => (
      load<SearchFragment>(indexPaths.fragment(r.page, Math.floor(r.record / per), manifest.hash))
    )));
    const hits = ranked.records.map(({ page, record }, i): SearchHit => {
      const { title, url } = fragments[i];
      const { heading, anchor, text } = fragments[i].records[record % per];
      return {
        url: anchor ? `${url}#${anchor}` : url,
        title,
        section: heading,
        snippet: createSnippet({ text, terms }),
        tag: tagOf(page)?.[1] === 'blog' ? 'blog' : 'docs',
      };
    });
    return { hits, total: ranked.total };
  };

  return {
    search(query, { limit = 20, signal, docsVersion } = {}) {
      return abortable(run(query, limit, docsVersion), signal);
    },
  };
}

/**
 * Settles with `promise`, or rejects with the signal's reason once it aborts. Downloads go on
 * (they are cached and shared with later queries), but the caller stops waiting at once.
 */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return Promise.race([promise, new Promise<never>((_, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  })]);
}

/**
 * A gzipped JSON file of the index (index-format.ts). A host that sends `.gz` files with
 * `Content-Encoding: gzip` has the browser inflate them already: then the bytes are JSON.
 */
async function readGzippedJson(res: Response): Promise<unknown> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return JSON.parse(new TextDecoder().decode(bytes));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).json();
}
