import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SiteData } from '../../src/model.ts';
import { EARLY_SEARCH_ID, type EarlySearchWindow } from '../../src/render/early-search.browser.ts';
import { trapFocus } from '../runtime/trap-focus.ts';
import { SearchIcon } from '../layout/icons.tsx';
import { useRouter } from '../runtime/router-context.tsx';
import { readRecent, RecentSearches, rememberSearch } from './recent-searches.tsx';
import { groupByPage, HitContent, searchAnnouncement, SearchStatus, titleWithTag } from './search-results.tsx';
import { useSearch } from './use-search.ts';
import { useUrl } from '../runtime/base-url.tsx';

/**
 * The search dialog: results as you type, grouped by page; arrows move, Enter opens, Esc
 * closes; focus is trapped inside and returned to whatever opened it.
 */
export function SearchModal({ site, initialQuery, onClose }: { site: SiteData; initialQuery: string; onClose: () => void }) {
  const url = useUrl();
  // What the reader typed into the early search box while this code was on its way.
  const [query, setQuery] = useState(() => earlyBox()?.querySelector('input')?.value || initialQuery);
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
  const opener = useTakeOverEarlyBox(input);
  useModalFocus(input, opener);
  const root = useRef<HTMLDivElement>(null);
  // Esc closes search wherever focus is, not only inside the dialog (the root's own handler
  // below takes the keys from inside): focus can be elsewhere when the modal takes over a
  // closing early box, or after a press outside the page's content. Both are needed: this
  // listener comes with the effect, after the first paint, and an Esc before it went unanswered
  // (code-splitting.test.ts failed every run with this one alone).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !(event.target instanceof Node && root.current?.contains(event.target))) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => setSelected(0), [hits]);
  useEffect(() => {
    document.getElementById(`search-hit-${selected}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  /** Goes to a hit or the search page (site-relative; the base is added here). */
  const open = (target: string) => {
    if (query.trim()) rememberSearch(query.trim());
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
    <div ref={root} className="search-modal-root" onKeyDown={onKeyDown}>
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

function earlyBox(): HTMLElement | null {
  return document.getElementById(EARLY_SEARCH_ID);
}

/**
 * Takes the early search box's place (src/render/early-search.browser.ts) in the same frame: the
 * query is already its text (see the first render), the caret goes where it was, and the box is
 * removed. Returns a ref to what had focus before the box opened, for focus to go back to.
 */
function useTakeOverEarlyBox(input: React.RefObject<HTMLInputElement | null>): React.RefObject<Element | null> {
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    const box = earlyBox();
    if (!box) return;
    const early = window as EarlySearchWindow;
    opener.current = early.__sitegenOpener ?? null;
    early.__sitegenOpener = null;
    const from = box.querySelector('input')!;
    box.remove();
    input.current!.focus();
    input.current!.setSelectionRange(from.selectionStart, from.selectionEnd);
  }, [input]);
  return opener;
}

/** While the dialog is open: focus in its input, the page behind it still; focus back to the opener after. */
function useModalFocus(input: React.RefObject<HTMLInputElement | null>, earlyOpener: React.RefObject<Element | null>): void {
  useEffect(() => {
    const opener = (earlyOpener.current ?? document.activeElement) as HTMLElement | null;
    input.current?.focus();
    document.body.classList.add('scroll-locked');
    return () => {
      document.body.classList.remove('scroll-locked');
      opener?.focus?.();
    };
  }, [input, earlyOpener]);
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
