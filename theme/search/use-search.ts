import { useContext, useEffect, useRef, useState } from 'react';
import { BaseUrlContext } from '../runtime/base-url.tsx';
import type { SiteData } from '../../src/model.ts';
import { keys, storage } from '../runtime/storage.ts';
import type { SearchClient, SearchResults } from './types.ts';

/** State of a query as the UI sees it. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; query: string; results: SearchResults };

let client: Promise<SearchClient> | undefined;
let failures = 0;

/**
 * Set by the client bundle: the file each lazy theme module was bundled into, as JSON. A string,
 * not an object: esbuild puts an object define into a chunk of its own that every page fetches.
 */
declare const SITEGEN_LAZY_FILES: string | undefined;

/**
 * The search code: a file of its own (ranking, snippets, the index format, the hosted service's
 * client), so a first visit does not download it. A browser remembers a failed module download
 * for the page's lifetime, so a retry asks for the same file under a new URL.
 */
function importSearchClient(): Promise<typeof import('./search-client.ts')> {
  const file = typeof SITEGEN_LAZY_FILES === 'undefined' ? undefined : (JSON.parse(SITEGEN_LAZY_FILES) as Record<string, string>)['search/search-client.ts'];
  if (failures === 0 || !file) return import('./search-client.ts');
  return import(`${file}?retry=${failures}`) as Promise<typeof import('./search-client.ts')>;
}

/** The search client, created on first use; a failed download is forgotten so the next query tries again. */
function getClient(config: SiteData['search'], baseUrl: string): Promise<SearchClient> {
  if (!client) {
    client = importSearchClient().then((m) => m.createSearchClient(config, baseUrl));
    client.catch(() => {
      client = undefined;
      failures += 1;
    });
  }
  return client;
}

/** Runs `query` as it changes (debounced lightly), cancelling stale requests. */
export function useSearch(config: SiteData['search'], query: string, limit: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef(0);
  // Fetch the search code as soon as a search UI shows, while the reader types.
  const baseUrl = useContext(BaseUrlContext);
  useEffect(() => void getClient(config, baseUrl).catch(() => {}), [config, baseUrl]);
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    const id = ++latest.current;
    const controller = new AbortController();
    setState((s) => (s.status === 'done' ? s : { status: 'loading' }));
    const timer = setTimeout(() => {
      getClient(config, baseUrl).then((c) => c.search(q, { limit, signal: controller.signal, docsVersion: readerDocsVersion(config) })).then(
        (results) => {
          if (id === latest.current) setState({ status: 'done', query: q, results });
        },
        (error: unknown) => {
          if (id === latest.current && (error as Error).name !== 'AbortError') setState({ status: 'error' });
        },
      );
    }, 40);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [config, baseUrl, query, limit]);
  return state;
}

/**
 * The docs version contextual search keeps, on a site with several: the one the reader reads or
 * last read (stored by the docs layout, spec §4), else the last version, as Docusaurus does.
 */
function readerDocsVersion(config: SiteData['search']): string | undefined {
  const versions = config.docsVersions;
  if (!versions) return undefined;
  const stored = storage.get(keys.docsVersion);
  return stored && versions.names.includes(stored) ? stored : versions.last;
}
