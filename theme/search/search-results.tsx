import type { SiteData } from '../../src/model.ts';
import { Snippet } from './highlight.tsx';
import type { SearchHit } from './types.ts';
import type { SearchState } from './use-search.ts';

/** Queries offered when nothing matched. */
export const SUGGESTED_QUERIES = ['quickstart', 'move request', 'head-to-head', 'hazards'];

/** Hits of one page. */
export interface HitGroup { title: string; page: string; tag: SearchHit['tag']; hits: SearchHit[] }

/** Hits grouped by page, in first-appearance order. */
export function groupByPage(hits: SearchHit[]): HitGroup[] {
  const groups = new Map<string, HitGroup>();
  for (const hit of hits) {
    const page = hit.url.split('#')[0];
    if (!groups.has(page)) groups.set(page, { title: hit.title, page, tag: hit.tag, hits: [] });
    groups.get(page)!.hits.push(hit);
  }
  return [...groups.values()];
}

/** A page title with its contextual-search tag when it is not the docs: `Spring results · Blog`. */
export function titleWithTag(title: string, tag: SearchHit['tag']): string {
  return tag === 'blog' ? `${title} · Blog` : title;
}

/**
 * What a live region that stays mounted says about a query: that results are loading, then
 * their count (a region that appears together with its message is often not read). The
 * no-results and failure blocks announce themselves (`status`, `alert`).
 */
export function searchAnnouncement(state: SearchState): string {
  if (state.status === 'loading') return 'Loading search results…';
  if (state.status !== 'done' || state.results.hits.length === 0) return '';
  return `${state.results.total} ${state.results.total === 1 ? 'result' : 'results'}`;
}

/**
 * The loading, "no results" and "failed" states, shared by the modal and the search page. The
 * loading block is only shown: each caller announces it through {@link searchAnnouncement}.
 */
export function SearchStatus({ state, site, onSuggest }: { state: SearchState; site: SiteData; onSuggest: (q: string) => void }) {
  if (state.status === 'loading') {
    return (
      <div className="search-status search-loading">
        <span className="search-spinner" aria-hidden="true" />
        <p className="search-status-title">Loading search results…</p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="search-status" role="alert">
        <p className="search-status-title">Unable to fetch results</p>
        <p>You might want to check your network connection.</p>
      </div>
    );
  }
  if (state.status !== 'done' || state.results.hits.length > 0) return null;
  return (
    <div className="search-status" role="status">
      <p className="search-status-title">No results for "<strong>{state.query}</strong>"</p>
      <p>Try searching for</p>
      <ul className="search-suggestions">
        {SUGGESTED_QUERIES.map((q) => (
          <li key={q}><button type="button" className="link-button" onClick={() => onSuggest(q)}>{q}</button></li>
        ))}
      </ul>
      <p>
        Believe this query should return results?{' '}
        {site.issuesUrl
          ? <a href={`${site.issuesUrl}/new?title=${encodeURIComponent(`Search: no results for "${state.query}"`)}`} rel="noopener noreferrer">Let us know.</a>
          : 'Let us know.'}
      </p>
    </div>
  );
}

/** One hit: section heading (or page title) and the snippet. */
export function HitContent({ hit }: { hit: SearchHit }) {
  return (
    <>
      <span className="search-hit-title">{hit.section ?? hit.title}</span>
      {hit.snippet.length > 0 && <span className="search-hit-snippet"><Snippet parts={hit.snippet} /></span>}
    </>
  );
}
