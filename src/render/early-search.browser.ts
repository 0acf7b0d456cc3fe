// The search box a reader gets at once, before the search modal's code (or React) has arrived:
// part of the inline head script (head-script.browser.ts). Ctrl/Cmd+K, `/` and the navbar's
// search button open it, and every key typed goes into its input; the theme's search modal takes
// the box over when its code is here (theme/search/lazy-search-modal.tsx: the same frame, the
// same text and caret, so nothing moves). If that code never comes, Enter opens the search page
// with the query, a form's own action.

/** What the box leaves on the window for the theme. */
export interface EarlySearchWindow {
  /** Opens the box (or focuses it when open) and returns it (null while the page has no body yet). */
  __sitegenOpenSearch?: () => HTMLElement | null;
  /** What had focus before the box opened: the modal gives focus back to it when it closes. */
  __sitegenOpener?: Element | null;
  /** Called when the reader closes the box (the app, waiting for the modal's code, closes search then). */
  __sitegenSearchClosed?: () => void;
  /** A shortcut or press asked for search before hydration: the runtime opens the modal once up. */
  __sitegenSearch?: number;
  /** The shortcut listener, removed by the runtime when it takes the shortcuts over. */
  __sitegenKeys?: (event: KeyboardEvent) => void;
}

/**
 * Focuses the search page's own box, when this is the search page (`/` goes there: a modal over
 * the search page would hide the box the reader is looking for). Returns whether it did.
 */
export function focusPageBox(): boolean {
  const own = document.getElementById('search-page-input') as HTMLInputElement | null;
  if (own) {
    own.focus();
    own.select();
  }
  return !!own;
}

/** The id of the box's root element. */
export const EARLY_SEARCH_ID = 'search-early';

/**
 * Makes `__sitegenOpenSearch` and takes the search shortcuts until the runtime does: Ctrl/Cmd+K
 * anywhere, `/` outside a field. On the search page `/` focuses its own box instead.
 */
export function takeSearchShortcuts(early: EarlySearchWindow, searchPage: string): void {
  early.__sitegenOpenSearch = () => openBox(early, searchPage);
  const onKey = (event: KeyboardEvent) => {
    if (!isSearchShortcut(event)) return;
    event.preventDefault();
    if (event.key === '/' && focusPageBox()) return;
    early.__sitegenOpenSearch!();
    early.__sitegenSearch = 1;
  };
  addEventListener('keydown', onKey);
  early.__sitegenKeys = onKey;
}

/** Ctrl/Cmd+K, or `/` outside a field (the runtime's own listener uses the same test). */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  const inField = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if ((event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey) return true;
  return event.key === '/' && !inField && !event.ctrlKey && !event.metaKey && !event.altKey;
}

function openBox(early: EarlySearchWindow, searchPage: string): HTMLElement | null {
  if (!document.body) return null;
  let box = document.getElementById(EARLY_SEARCH_ID);
  if (!box) {
    early.__sitegenOpener = document.activeElement;
    box = document.createElement('div');
    box.id = EARLY_SEARCH_ID;
    box.className = 'search-modal-root';
    // The modal's frame and its classes (theme/search/search-modal.tsx), so it looks the same.
    box.innerHTML = '<div class="search-backdrop"></div><div class="search-modal" role="dialog" aria-modal="true" aria-label="Search">'
      + '<form class="search-form" role="search"><span class="icon icon-search" aria-hidden="true"></span>'
      + '<input class="search-input" type="search" name="q" placeholder="Search docs" aria-label="Search docs" autocomplete="off" spellcheck="false">'
      + '<button type="button" class="search-cancel">Cancel</button></form>'
      + '<div class="search-body"><p class="search-hint">Type to search the docs and the blog.</p></div></div>';
    box.querySelector('form')!.action = searchPage;
    const root = box;
    // Esc closes the box wherever focus is (a press elsewhere may have moved it out of the box);
    // once the modal has taken the box's place, the modal answers it.
    const onKey = (event: KeyboardEvent) => {
      if (!root.isConnected) removeEventListener('keydown', onKey, true);
      else if (event.key === 'Escape') close();
    };
    const close = () => {
      removeEventListener('keydown', onKey, true);
      root.remove();
      early.__sitegenSearch = 0;
      document.body.classList.remove('scroll-locked');
      const opener = early.__sitegenOpener as HTMLElement | null;
      if (opener && opener.focus) opener.focus();
      if (early.__sitegenSearchClosed) early.__sitegenSearchClosed();
    };
    root.addEventListener('click', (event) => {
      const target = event.target as Element;
      if (target.className === 'search-backdrop' || target.className === 'search-cancel') close();
    });
    addEventListener('keydown', onKey, true);
    document.body.appendChild(root);
    document.body.classList.add('scroll-locked');
  }
  box.querySelector('input')!.focus();
  return box;
}
