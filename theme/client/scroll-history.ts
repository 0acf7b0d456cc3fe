import { currentPosition, type EntryState, type ScrollPosition } from '../../src/render/scroll-position.browser.ts';

export { currentPosition, restorePosition, type ScrollPosition } from '../../src/render/scroll-position.browser.ts';

/** Saved scroll positions of history entries; see {@link createScrollHistory}. */
export type ScrollHistory = ReturnType<typeof createScrollHistory>;

/**
 * Scroll positions of history entries, for back/forward (it sets `history.scrollRestoration`
 * to manual). Each entry gets a key in `history.state`. Positions
 * are tracked by key while scrolling (once a frame), because by the time `popstate` fires the
 * browser is already on the other entry and the one being left can no longer be written to.
 * Pushed entries also keep their position in their own state, which survives a reload, and so
 * does the entry the document is left from (a reload, another site): see restoreOnLoad.
 */
export function createScrollHistory() {
  // From here on, this puts the reader back on Back and Forward (not before: until client
  // navigation is up, the browser does, on a reload too).
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  const positions = new Map<string, ScrollPosition>();
  let current = ensureKey();
  let frame = 0;
  // The document may be left at any time (a reload, a link to another site, the tab closed),
  // and with scroll restoration manual the browser keeps no position: the entry's state keeps
  // it, written once the scrolling pauses (Chromium drops a `replaceState` made on `pagehide`),
  // and the head script puts the reader back when the entry is loaded anew (restoreOnLoad).
  let pause = 0;
  const keep = (position: ScrollPosition) => {
    clearTimeout(pause);
    window.history.replaceState({ ...window.history.state, scroll: position.y, anchor: position.anchor } satisfies EntryState, '');
  };
  window.addEventListener('scroll', () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      positions.set(current, currentPosition());
    });
    clearTimeout(pause);
    pause = window.setTimeout(() => keep(currentPosition()), KEEP_AFTER_MS);
  }, { passive: true });

  return {
    /** Adds an entry for `url` (a client navigation), remembering where the reader was. */
    push(url: string): void {
      const position = currentPosition();
      positions.set(current, position);
      keep(position);
      current = newKey();
      window.history.pushState({ key: current, scroll: 0 } satisfies EntryState, '', url);
    },
    /**
     * Call on `popstate`: switches to the entry the browser moved to and returns its saved
     * position, or undefined when it has none (a fresh `#hash` entry).
     */
    pop(): ScrollPosition | undefined {
      // A scroll not yet written (its frame is still to come): the page being left is still on
      // screen, so its position can be read now.
      if (frame) {
        cancelAnimationFrame(frame);
        frame = 0;
        positions.set(current, currentPosition());
      }
      // A write still to come was for the entry left: the one arrived at keeps its own.
      clearTimeout(pause);
      current = ensureKey();
      const saved = positions.get(current);
      if (saved) return saved;
      const state = window.history.state as EntryState | null;
      return typeof state?.scroll === 'number' ? { y: state.scroll, anchor: state.anchor } : undefined;
    },
  };
}

/** How long the scrolling pauses before the entry's state keeps the position, in ms (a few writes a scroll, far under browsers' limits on `replaceState`). */
const KEEP_AFTER_MS = 200;

/** The key of the current entry, giving it one if it has none (first load, `#hash` entries). */
function ensureKey(): string {
  const state = window.history.state as EntryState | null;
  if (typeof state?.key === 'string') return state.key;
  const key = newKey();
  window.history.replaceState({ ...state, key }, '');
  return key;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
