import { useEffect, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { createSearchClient } from './search-client.ts';
import type { SearchClient, SearchResults } from './types.ts';

/** State of a query as the UI sees it. */
export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; query: string; results: SearchResults };

let client: SearchClient | undefined;

/** The search client, created on first use so nothing loads until search is opened. */
function getClient(config: SiteData['search']): SearchClient {
  client ??= createSearchClient(config);
  return client;
}

/** Runs `query` as it changes (debounced lightly), cancelling stale requests. */
export function useSearch(config: SiteData['search'], query: string, limit: number): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const latest = useRef(0);
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
      getClient(config).search(q, { limit, signal: controller.signal }).then(
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
  }, [config, query, limit]);
  return state;
}
