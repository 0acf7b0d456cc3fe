// Where the reader is on a page, and putting them back there: for client navigation's Back and
// Forward (theme/client/scroll-history.ts), and for the inline head script on a page loaded anew
// into an entry whose scroll the runtime kept (a reload, Back or Forward across documents).
// Plain DOM code, bundled into both.

import { cleanPath } from './clean-path.ts';

/**
 * Where the reader was on a page: its offset, and the block of the article at the top of the
 * viewport with its distance from that top. The block is what puts the reader back when what
 * lies above it changed meanwhile (`sitegen dev` shows an edit in place; a stylesheet or an
 * image came late): the same offset would then show other text, the same block does not.
 */
export interface ScrollPosition { y: number; anchor?: BlockAnchor }
export interface BlockAnchor { index: number; offset: number }

/** History entry state written by the client runtime (theme/client/scroll-history.ts). */
export interface EntryState { key?: string; scroll?: number; anchor?: BlockAnchor }

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

/**
 * On a page loaded anew into a history entry whose scroll the runtime keeps (its scroll
 * restoration is manual: a reload, Back or Forward to a page left for another document), puts
 * the reader back where the entry's state says, once the document is parsed: the browser, told
 * that the page restores its own scroll, does not, and the runtime may not come before the reader
 * scrolls (it waits for intent). Run by the inline head script (head-script.browser.ts).
 */
export function restoreOnLoad(): void {
  const history = window.history;
  if (!history || !('scrollRestoration' in history) || history.scrollRestoration !== 'manual') return;
  const state = history.state as EntryState | null;
  if (typeof state?.scroll !== 'number' || state.scroll <= 0) return;
  const position = { y: state.scroll, anchor: state.anchor };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => restorePosition(position), { once: true });
  else restorePosition(position);
}

/**
 * Back or Forward to an entry client navigation made (`pushState`) comes to this document as a
 * `popstate`, with the other page's URL; so does one to an entry made before a reload (Chromium
 * gives the reloaded document the entries of the one it replaced). Until client navigation is up
 * (`<html data-navigation="ready">`: it waits for the reader's intent) nothing would show that
 * page, and the reader saw this one under the other's URL: it is loaded, and put where its
 * entry's state says (restoreOnLoad). A change of the `#hash` alone is the browser's.
 */
export function loadPoppedPage(root: HTMLElement): void {
  const page = (url: Location) => cleanPath(url.pathname) + url.search;
  const here = page(location);
  addEventListener('popstate', () => {
    if (root.getAttribute('data-navigation') === 'ready' || page(location) === here) return;
    location.reload();
  });
}
