import { useEffect, useMemo, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { trapFocus } from '../layout/mobile-menu.tsx';
import { SearchIcon } from '../layout/icons.tsx';
import { useRouter } from '../runtime/router-context.tsx';
import { keys, storage } from '../runtime/storage.ts';
import { groupByPage, HitContent, searchAnnouncement, SearchStatus, titleWithTag } from './search-results.tsx';
import { useSearch } from './use-search.ts';
import { useUrl } from '../runtime/base-url.tsx';

const MAX_RECENT = 5;

function readRecent(): string[] {
  try {
    const list = JSON.parse(storage.get(keys.recentSearches) ?? '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

function remember(query: string): void {
  const list = [query, ...readRecent().filter((q) => q !== query)].slice(0, MAX_RECENT);
  storage.set(keys.recentSearches, JSON.stringify(list));
}

/**
 * The search dialog: results as you type, grouped by page; arrows move, Enter opens, Esc
 * closes; focus is trapped inside and returned to whatever opened it.
 */
export function SearchModal({ site, initialQuery, onClose }: { site: SiteData; initialQuery: string; onClose: () => void }) {
  const url = useUrl();
  const [query, setQuery] = useState(initialQuery);
  const [selected, setSelected] = useState(0);
  // The modal only ever renders in the browser, so storage can be read during the first render.
  const [recent] = useState(readRecent);
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const { navigate } = useRouter();
  const state = useSearch(site.search, query, 20);
  const hits = state.status === 'done' ? state.results.hits : [];
  const groups = useMemo(() => groupByPage(hits), [hits]);
  const ordered = groups.flatMap((g) => g.hits);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      opener?.focus?.();
    };
  }, []);
  useEffect(() => setSelected(0), [hits]);

  /** Goes to a hit or the search page (site-relative; the base is added here). */
  const open = (target: string) => {
    if (query.trim()) remember(query.trim());
    onClose();
    navigate(url(target));
  };
  const searchPage = `/${site.search.searchPagePath}?q=${encodeURIComponent(query.trim())}`;

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && ordered.length) {
      event.preventDefault();
      setSelected((s) => (s + 1) % ordered.length);
    } else if (event.key === 'ArrowUp' && ordered.length) {
      event.preventDefault();
      setSelected((s) => (s - 1 + ordered.length) % ordered.length);
    } else if (event.key === 'Enter' && ordered[selected]) {
      event.preventDefault();
      open(ordered[selected].url);
    } else if (event.key === 'Tab' && dialog.current) {
      trapFocus(dialog.current, event.nativeEvent);
    }
  };

  useEffect(() => {
    document.getElementById(`search-hit-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  let index = -1;
  return (
    <div className="search-modal-root" onKeyDown={onKeyDown}>
      <div className="search-backdrop" onClick={onClose} />
      <div ref={dialog} className="search-modal" role="dialog" aria-modal="true" aria-label="Search">
        <div className="search-form">
          <SearchIcon />
          <input
            ref={input}
            className="search-input"
            type="search"
            placeholder="Search docs"
            aria-label="Search docs"
            role="combobox"
            aria-expanded={ordered.length > 0}
            aria-controls="search-modal-results"
            aria-activedescendant={ordered.length ? `search-hit-${selected}` : undefined}
            aria-autocomplete="list"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="button" className="search-cancel" onClick={onClose}>Cancel</button>
        </div>
        <div className="search-body">
          <p className="sr-only" aria-live="polite" aria-atomic="true">{searchAnnouncement(state)}</p>
          {!query.trim() && recent.length > 0 && (
            <section aria-label="Recent searches">
              <h2 className="search-group-title">Recent</h2>
              <ul className="search-recent">
                {recent.map((q) => <li key={q}><button type="button" className="link-button" onClick={() => setQuery(q)}>{q}</button></li>)}
              </ul>
            </section>
          )}
          {!query.trim() && recent.length === 0 && <p className="search-hint">Type to search the docs and the blog.</p>}
          <SearchStatus state={state} site={site} onSuggest={setQuery} />
          {ordered.length > 0 && (
            <div id="search-modal-results" role="listbox" aria-label="Search results">
              {groups.map((group) => (
                <div key={group.page} role="group" aria-label={titleWithTag(group.title, group.tag)} className="search-group">
                  <div className="search-group-title" aria-hidden="true">{titleWithTag(group.title, group.tag)}</div>
                  {group.hits.map((hit) => {
                    index += 1;
                    const i = index;
                    return (
                      <a
                        key={hit.url + i}
                        id={`search-hit-${i}`}
                        role="option"
                        aria-selected={i === selected}
                        className={`search-hit${i === selected ? ' selected' : ''}`}
                        href={url(hit.url)}
                        tabIndex={-1}
                        onMouseMove={() => setSelected(i)}
                        onClick={(e) => {
                          e.preventDefault();
                          open(hit.url);
                        }}
                      >
                        <HitContent hit={hit} />
                      </a>
                    );
                  })}
                </div>
              ))}
            </div>
          )}
        </div>
        {state.status === 'done' && state.results.total > 0 && (
          <div className="search-footer">
            <a href={url(searchPage)} onClick={(e) => { e.preventDefault(); open(searchPage); }}>
              See all {state.results.total} results
            </a>
            <span className="search-keys" aria-hidden="true"><kbd>↑</kbd><kbd>↓</kbd> to navigate · <kbd>↵</kbd> to select · <kbd>esc</kbd> to close</span>
          </div>
        )}
      </div>
    </div>
  );
}
