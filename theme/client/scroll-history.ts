/**
 * Where the reader was on a page: its offset, and the block of the article at the top of the
 * viewport with its distance from that top. The block is what puts the reader back when what
 * lies above it changed meanwhile (`sitegen dev` shows an edit in place; a stylesheet or an
 * image came late): the same offset would then show other text, the same block does not.
 */
export interface ScrollPosition { y: number; anchor?: BlockAnchor }
interface BlockAnchor { index: number; offset: number }

/** History entry state written by the client runtime. */
interface EntryState { key?: string; scroll?: number; anchor?: BlockAnchor }

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
  const keep = () => {
    const position = currentPosition();
    window.history.replaceState({ ...window.history.state, scroll: position.y, anchor: position.anchor } satisfies EntryState, '');
  };
  window.addEventListener('scroll', () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      positions.set(current, currentPosition());
    });
    clearTimeout(pause);
    pause = window.setTimeout(keep, KEEP_AFTER_MS);
  }, { passive: true });

  return {
    /** Adds an entry for `url` (a client navigation), remembering where the reader was. */
    push(url: string): void {
      const position = currentPosition();
      positions.set(current, position);
      window.history.replaceState({ ...window.history.state, scroll: position.y, anchor: position.anchor } satisfies EntryState, '');
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
      current = ensureKey();
      const saved = positions.get(current);
      if (saved) return saved;
      const state = window.history.state as EntryState | null;
      return typeof state?.scroll === 'number' ? { y: state.scroll, anchor: state.anchor } : undefined;
    },
  };
}

/**
 * On a page loaded anew into a history entry whose scroll the runtime keeps (its scroll
 * restoration is manual: a reload, Back or Forward to a page left for another document), puts
 * the reader back where the entry's state says, once the document is parsed: the browser, told
 * that the page restores its own scroll, does not, and the runtime may not come before the reader
 * scrolls (it waits for intent). Run by the inline head script (src/render/head-script.browser.ts).
 */
export function restoreOnLoad(): void {
  if (!('scrollRestoration' in window.history) || window.history.scrollRestoration !== 'manual') return;
  const state = window.history.state as EntryState | null;
  if (typeof state?.scroll !== 'number' || state.scroll <= 0) return;
  const position = { y: state.scroll, anchor: state.anchor };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => restorePosition(position), { once: true });
  else restorePosition(position);
}

/** How long the scrolling pauses before the entry's state keeps the position, in ms (a few writes a scroll, far under browsers' limits on `replaceState`). */
const KEEP_AFTER_MS = 200;

/** Where the reader is now. */
export function currentPosition(): ScrollPosition {
  const y = window.scrollY;
  return y > 0 ? { y, anchor: blockAnchor() } : { y };
}

/**
 * Scrolls back to `position`: to its block where the page has it, else to its offset. What is
 * still arriving in the frames that follow (a stylesheet, an image) can move the block: it is put
 * back in each of the next frames where it moved, for a second at most, and no longer once the
 * reader scrolls, presses or types.
 */
export function restorePosition(position: ScrollPosition): void {
  const { y, anchor } = position;
  const block = anchor ? articleBlocks()[anchor.index] : undefined;
  if (!block || !anchor) {
    window.scrollTo(0, y);
    return;
  }
  const place = () => {
    const moved = block.getBoundingClientRect().top - anchor.offset;
    if (Math.abs(moved) >= 1) window.scrollTo(0, window.scrollY + moved);
  };
  place();
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const until = performance.now() + 1000;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of inputs) window.removeEventListener(type, stop, true);
  };
  for (const type of inputs) window.addEventListener(type, stop, { capture: true, passive: true });
  const next = () => {
    if (!block.isConnected || performance.now() > until) return stop();
    place();
    frame = requestAnimationFrame(next);
  };
  frame = requestAnimationFrame(next);
}

function articleBlocks(): HTMLCollection | [] {
  return document.querySelector('main .markdown')?.children ?? [];
}

/**
 * The first block of the article whose bottom is below the top of the viewport (a binary search:
 * blocks follow one another down the page).
 */
function blockAnchor(): BlockAnchor | undefined {
  const blocks = articleBlocks();
  let low = 0;
  let high = blocks.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.getBoundingClientRect().bottom > 0) {
      found = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  return found < 0 ? undefined : { index: found, offset: Math.round(blocks[found]!.getBoundingClientRect().top) };
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
