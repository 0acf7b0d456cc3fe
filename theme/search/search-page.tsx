import { useEffect, useState } from 'react';
import type { PageData, SiteData } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { HitContent, SearchStatus, titleWithTag } from './search-results.tsx';
import { useSearch } from './use-search.ts';

/**
 * `/search?q=…`: the input reflects `q`, typing updates `q` with replaceState, and direct
 * loads, reloads and back/forward all show the query's results. Without JavaScript it says so.
 */
export function SearchPage({ site, page }: { site: SiteData; page: Extract<PageData, { type: 'search' }> }) {
  const { search } = useRouter();
  // The static HTML has no query: the first render matches it (hydration), then `q` is read.
  // Re-read on every navigation and history step, also between entries whose router state is
  // the same (typing replaces the URL but not the router's copy of it).
  const [query, setQuery] = useState('');
  useEffect(() => {
    const sync = () => setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [search]);
  const state = useSearch(site.search, query, 100);

  const update = (value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  };

  const hits = state.status === 'done' ? state.results.hits : [];
  return (
    <main id="main-content" className="search-page" tabIndex={-1}>
      <h1 className="page-title">{query.trim() ? `Search results for "${query.trim()}"` : page.title}</h1>
      <noscript><p className="search-noscript">Search needs JavaScript. Turn it on, or browse the sidebar and the blog archive.</p></noscript>
      <form className="search-page-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="sr-only" htmlFor="search-page-input">Search docs</label>
        <input
          id="search-page-input"
          className="search-input search-page-input"
          type="search"
          placeholder="Search docs"
          value={query}
          autoComplete="off"
          onChange={(e) => update(e.target.value)}
        />
      </form>
      {state.status === 'done' && hits.length > 0 && (
        <p className="search-count" role="status">{state.results.total} {state.results.total === 1 ? 'result' : 'results'}</p>
      )}
      <SearchStatus state={state} site={site} onSuggest={update} />
      <ol className="search-page-results">
        {hits.map((hit, i) => (
          <li key={hit.url + i} className="search-page-hit">
            <a href={hit.url}>
              <span className="search-page-hit-page">{titleWithTag(hit.title, hit.tag)}</span>
              <HitContent hit={hit} />
            </a>
          </li>
        ))}
      </ol>
    </main>
  );
}
