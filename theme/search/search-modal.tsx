import { useEffect, useMemo, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { trapFocus } from '../runtime/trap-focus.ts';
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
  useModalFocus(input);
  useEffect(() => setSelected(0), [hits]);
  useEffect(() => {
    document.getElementById(`search-hit-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  /** Goes to a hit or the search page (site-relative; the base is added here). */
  const open = (target: string) => {
    if (query.trim()) remember(query.trim());
    onClose();
    navigate(url(target));
  };
  const searchPage = `/${site.search.searchPagePath}?q=${encodeURIComponent(query.trim())}`;
  const onKeyDown = (event: React.KeyboardEvent) => {
    const move = (by: number) => setSelected((s) => (s + by + ordered.length) % ordered.length);
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowDown' && ordered.length) move(1);
    else if (event.key === 'ArrowUp' && ordered.length) move(-1);
    else if (event.key === 'Enter' && ordered[selected]) open(ordered[selected].url);
    else {
      if (event.key === 'Tab' && dialog.current) trapFocus(dialog.current, event.nativeEvent);
      return;
    }
    event.preventDefault();
  };

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
          {!query.trim() && <RecentSearches recent={recent} onPick={setQuery} />}
          <SearchStatus state={state} site={site} onSuggest={setQuery} />
          {ordered.length > 0 && <ModalResults groups={groups} selected={selected} onSelect={setSelected} onOpen={open} />}
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

/** While the dialog is open: focus in its input, the page behind it still; focus back to the opener after. */
function useModalFocus(input: React.RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      opener?.focus?.();
    };
  }, [input]);
}

/** The last searches, to pick again, or a hint when there are none (the query is empty). */
function RecentSearches({ recent, onPick }: { recent: string[]; onPick: (query: string) => void }) {
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

/** Hits grouped by page, as a listbox whose options the arrows move through. */
function ModalResults({ groups, selected, onSelect, onOpen }: {
  groups: ReturnType<typeof groupByPage>; selected: number; onSelect: (index: number) => void; onOpen: (target: string) => void;
}) {
  const url = useUrl();
  let index = -1;
  return (
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
                onMouseMove={() => onSelect(i)}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(hit.url);
                }}
              >
                <HitContent hit={hit} />
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
