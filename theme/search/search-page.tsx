import { useEffect, useRef, useState } from 'react';
import type { PageData, SiteData } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { HitContent, searchAnnouncement, SearchStatus, titleWithTag } from './search-results.tsx';
import { useSearch } from './use-search.ts';
import { useUrl } from '../runtime/base-url.tsx';

/** Results listed at first, and added by each "Show more results". */
export const SEARCH_PAGE_SIZE = 50;

/**
 * `/search?q=…`: the input reflects `q`, typing updates `q` with replaceState, and direct
 * loads, reloads and back/forward all show the query's results. Without JavaScript it says so.
 */
export function SearchPage({ site, page }: { site: SiteData; page: Extract<PageData, { type: 'search' }> }) {
  const url = useUrl();
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
  // How many results to list: a page more on each "Show more", back to one page on a new query.
  const [limit, setLimit] = useState(SEARCH_PAGE_SIZE);
  useEffect(() => setLimit(SEARCH_PAGE_SIZE), [query]);
  const state = useSearch(site.search, query, limit);
  // After "Show more", focus moves to the first added result so the keyboard carries on there.
  const focusFrom = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const update = (value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  };

  const hits = state.status === 'done' ? state.results.hits : [];
  const total = state.status === 'done' ? state.results.total : 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || hits.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('.search-page-hit > a')[from]?.focus();
  }, [hits]);
  const more = Math.min(SEARCH_PAGE_SIZE, total - hits.length);
  return (
    <main id="main-content" className="search-page" tabIndex={-1}>
      {/* One line whatever the query (the input below shows it whole): the title changes after hydration. */}
      <h1 className="page-title search-page-title">{query.trim() ? `Search results for "${query.trim()}"` : page.title}</h1>
      {/* Without JavaScript there is no search box (search.css hides it): this says why and where to go. */}
      <noscript>
        <p className="search-noscript">
          {'Search needs JavaScript. Turn it on, or browse: '}
          {site.navbar.items.map((item, i) => (
            <span key={item.label}>{i > 0 && ', '}<a href={url(item.href)}>{item.label}</a></span>
          ))}.
        </p>
      </noscript>
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
      {/* The line that says "Loading…" (with its spinner) is the line that then gives the count:
          one line that is always there, so the results below it move nothing on screen. */}
      <p className={`search-count${state.status === 'loading' ? ' search-loading' : ''}`} aria-live="polite" aria-atomic="true">
        {state.status === 'loading' && <span className="search-spinner" aria-hidden="true" />}
        {searchAnnouncement(state)}
      </p>
      {state.status !== 'loading' && <SearchStatus state={state} site={site} onSuggest={update} />}
      <ol ref={list} className="search-page-results">
        {hits.map((hit, i) => (
          <li key={hit.url + i} className="search-page-hit">
            <a href={url(hit.url)}>
              <span className="search-page-hit-page">{titleWithTag(hit.title, hit.tag)}</span>
              <HitContent hit={hit} />
            </a>
          </li>
        ))}
      </ol>
      {more > 0 && (
        <div className="search-more">
          <p className="search-more-count">Showing {hits.length} of {total} results</p>
          <button
            type="button"
            className="button search-more-button"
            onClick={() => {
              focusFrom.current = hits.length;
              setLimit(hits.length + SEARCH_PAGE_SIZE);
            }}
          >
            Show {more} more {more === 1 ? 'result' : 'results'}
          </button>
        </div>
      )}
    </main>
  );
}
