import { keys, storage } from '../runtime/storage.ts';
import { SUGGESTED_QUERIES } from './search-results.tsx';

const MAX_RECENT = 5;

/** The reader's last searches, newest first (none when storage is unavailable). */
export function readRecent(): string[] {
  try {
    const list = JSON.parse(storage.get(keys.recentSearches) ?? '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

/** Puts `query` first among the last searches. */
export function rememberSearch(query: string): void {
  const list = [query, ...readRecent().filter((q) => q !== query)].slice(0, MAX_RECENT);
  storage.set(keys.recentSearches, JSON.stringify(list));
}

/** The last searches, to pick again, or a hint when there are none (the query is empty). */
export function RecentSearches({ recent, onPick }: { recent: string[]; onPick: (query: string) => void }) {
  if (recent.length === 0) return <p className="search-hint">Type to search the docs and the blog.</p>;
  return (
    <section aria-label="Recent searches">
      <h2 className="search-group-title">Recent</h2>
      <ul className="search-recent">
        {recent.map((q) => <li key={q}><button type="button" className="link-button" onClick={() => onPick(q)}>{q}</button></li>)}
      </ul>
    </section>
  );
}

/** What the search page offers before a query: the last searches and a few to try. */
export function SearchSuggestions({ recent, onPick }: { recent: string[]; onPick: (query: string) => void }) {
  return (
    <div className="search-suggested">
      <RecentSearches recent={recent} onPick={onPick} />
      <section aria-label="Suggested searches">
        <h2 className="search-group-title">Try</h2>
        <ul className="search-suggestions">
          {SUGGESTED_QUERIES.map((q) => <li key={q}><button type="button" className="link-button" onClick={() => onPick(q)}>{q}</button></li>)}
        </ul>
      </section>
    </div>
  );
}
