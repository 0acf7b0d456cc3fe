/** History entry state written by the client runtime. */
interface EntryState { key?: string; scroll?: number }

/** Saved scroll positions of history entries; see {@link createScrollHistory}. */
export type ScrollHistory = ReturnType<typeof createScrollHistory>;

/**
 * Scroll positions of history entries, for back/forward (the runtime sets
 * `history.scrollRestoration` to manual). Each entry gets a key in `history.state`. Positions
 * are tracked by key while scrolling, because by the time `popstate` fires the browser is
 * already on the other entry and the one being left can no longer be written to. Pushed
 * entries also keep their position in their own state, which survives a reload.
 */
export function createScrollHistory() {
  const positions = new Map<string, number>();
  let current = ensureKey();
  window.addEventListener('scroll', () => positions.set(current, window.scrollY), { passive: true });

  return {
    /** Adds an entry for `url` (a client navigation), remembering where the reader was. */
    push(url: string): void {
      positions.set(current, window.scrollY);
      window.history.replaceState({ ...window.history.state, scroll: window.scrollY }, '');
      current = newKey();
      window.history.pushState({ key: current, scroll: 0 } satisfies EntryState, '', url);
    },
    /**
     * Call on `popstate`: switches to the entry the browser moved to and returns its saved
     * position, or undefined when it has none (a fresh `#hash` entry).
     */
    pop(): number | undefined {
      current = ensureKey();
      return positions.get(current) ?? (window.history.state as EntryState | null)?.scroll;
    },
  };
}

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
