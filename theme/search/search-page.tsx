import { navbarLinks } from '../../src/navbar-model.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageData, SidebarItem, SiteData } from '../../src/model.ts';
import { useRouter } from '../runtime/router-context.tsx';
import { HitContent, searchAnnouncement, SearchStatus, titleWithTag } from './search-results.tsx';
import { useSearch } from './use-search.ts';
import { useUrl } from '../runtime/base-url.tsx';
import { readRecent, SearchSuggestions } from './recent-searches.tsx';

declare const SITEGEN_BROWSER: true | undefined;

/** Results listed at first, and added by each "Show more results". */
export const SEARCH_PAGE_SIZE = 50;

/**
 * `/search?q=…`: the input reflects `q`, typing updates `q` with replaceState, and direct
 * loads, reloads and back/forward all show the query's results. The box has focus on arrival (and
 * what was typed into it before hydration stays); an empty query offers the reader's last
 * searches and a few to try. Without JavaScript it says that search needs it, and lists every
 * docs page instead.
 */
export function SearchPage({ site, page }: { site: SiteData; page: Extract<PageData, { type: 'search' }> }) {
  const url = useUrl();
  const { query, update, box } = useSearchQuery();
  // Read after hydration: the server drew none, and the page must hydrate as it drew it.
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => setRecent(readRecent()), []);
  // How many results to list: a page more on each "Show more", back to one page on a new query.
  const [limit, setLimit] = useState(SEARCH_PAGE_SIZE);
  useEffect(() => setLimit(SEARCH_PAGE_SIZE), [query]);
  const state = useSearch(site.search, query, limit);
  // The head script's stand-in for the loading line (`data-search-query`, search-page.css) gives
  // way once the page's own state shows.
  useEffect(() => {
    if (state.status !== 'idle') document.documentElement.removeAttribute('data-search-query');
  }, [state.status]);
  // After "Show more", focus moves to the first added result so the keyboard carries on there.
  const focusFrom = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

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
      {/* One line whatever the query: the title changes after hydration, and must not move what is
          below it. On phones it leaves the query out (cut short, it would hide it); the count
          line says it whole. */}
      <h1 className="page-title search-page-title">
        {query.trim() ? <>Search results<span className="search-title-query">{` for "${query.trim()}"`}</span></> : page.title}
      </h1>
      <NoScriptIndex site={site} />
      <form className="search-page-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="sr-only" htmlFor="search-page-input">Search docs</label>
        <input
          ref={box}
          id="search-page-input"
          className="search-input search-page-input"
          type="search"
          placeholder="Search docs"
          value={query}
          autoComplete="off"
          // The browser focuses it as the page loads, before hydration.
          autoFocus
          onChange={(e) => update(e.target.value)}
        />
      </form>
      {/* The line that says "Loading…" (with its spinner) is the line that then gives the count:
          one line that is always there, so the results below it move nothing on screen. */}
      <p className={`search-count${state.status === 'loading' ? ' search-loading' : ''}`} aria-live="polite" aria-atomic="true">
        {state.status === 'loading' && <span className="search-spinner" aria-hidden="true" />}
        {searchAnnouncement(state)}
        {state.status === 'done' && state.results.hits.length > 0 && ` for "${state.query.trim()}"`}
      </p>
      {!query.trim() && <SearchSuggestions recent={recent} onPick={update} />}
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

/**
 * Without JavaScript there is no search box (search.css hides it): this says why, and lists every
 * docs page (the sidebars, as every page's sidebar has them), the site's sections and the
 * sitemap instead. Only in the server's markup: React does not show or hydrate a `<noscript>`.
 */
function NoScriptIndex({ site }: { site: SiteData }) {
  const url = useUrl();
  if (typeof SITEGEN_BROWSER !== 'undefined') return <noscript />;
  const sidebars = Object.values(site.sidebars);
  return (
    <noscript>
      <div className="search-noscript">
        <p>
          {'Search needs JavaScript. Turn it on, or find the page below: every docs page, then the site\'s sections and its '}
          <a href={url('/sitemap.xml')}>sitemap</a>.
        </p>
        {sidebars.map((items, i) => <PageIndex key={i} items={items} />)}
        <ul>
          {navbarLinks(site.navbar.items).map((item) => <li key={item.href}><a href={url(item.href)}>{item.label}</a></li>)}
        </ul>
      </div>
    </noscript>
  );
}

function PageIndex({ items }: { items: SidebarItem[] }) {
  const url = useUrl();
  return (
    <ul>
      {items.map((item, i) => {
        if (item.type === 'html') return null;
        const href = item.type === 'category' ? item.href ?? item.firstHref : item.href;
        const children = item.type === 'category' ? item.items : [];
        return (
          <li key={`${item.label}-${i}`}>
            {href ? <a href={item.type === 'link' && item.external ? href : url(href)}>{item.label}</a> : item.label}
            {children.length > 0 && <PageIndex items={children} />}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The query: `q` of the URL, read after hydration (the static HTML has none, and the first render
 * must match it) and again on every navigation and history step, also between entries whose
 * router state is the same (typing replaces the URL but not the router's copy of it). What the
 * reader typed into the box before hydration is kept. `update` sets it and writes it to the URL
 * (replaceState). On arrival the box has the focus, unless something else took it.
 */
function useSearchQuery(): { query: string; update: (value: string) => void; box: React.RefObject<HTMLInputElement | null> } {
  const { search } = useRouter();
  const [query, setQuery] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const update = useCallback((value: string) => {
    setQuery(value);
    const url = new URL(window.location.href);
    if (value) url.searchParams.set('q', value);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, []);
  useEffect(() => {
    const typed = box.current?.value ?? '';
    const sync = () => setQuery(new URLSearchParams(window.location.search).get('q') ?? '');
    if (typed && !new URLSearchParams(window.location.search).has('q')) update(typed);
    else sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [search, update]);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) box.current?.focus();
  }, []);
  return { query, update, box };
}
