// The article's blocks below the first screen, drawn a slice at a time after the first paint,
// run by the inline head script (head-script.browser.ts). Issue 41 › 1 with issue 29 › 9.
//
// A long page's first load is mostly the style and layout of its article, text shaping above
// all (bench/trace-page.ts): on /quickstart one task of 400–600 ms at Lighthouse's CPU slowdown,
// which is its whole blocking time. The footer and, on phones, the closed menu's panel and docs
// sidebar (laid out unseen, so that opening the menu only repaints: layout.css) add to it.
//
// While `<html data-drawing>` is set the stylesheets let the browser skip them: the article's
// blocks from the one the build marks `fold` (the first that surely starts 1500 px below the
// article's top; `fold-narrow` on phones: src/markdown/plugins/rehype-fold.ts) with
// `content-visibility: auto` (theme/css/markdown.css), the footer likewise (layout.css), the phone
// menu's parts with `content-visibility: hidden` (layout.css, docs.css). This script sets it
// before the body is parsed, then, from the first frame after the document is parsed, draws the
// skipped parts in order, in tasks of a few milliseconds each, and removes it: within a fraction
// of a second every block has its real height, as without deferring.
//
// No reader ever goes anywhere with a guessed height (9877aad took the old deferral out for that:
// table of contents links, `#hash` URLs, Back and End missed by up to thousands of pixels):
// - a click on a link, the End, Home, Page Up and Page Down keys, a change of the URL's hash and
//   Back or Forward draw every block left at once, before the browser or the runtime scrolls, and
//   so does the reader's first scroll (the scrollbar keeps its size from then on);
// - a load with a `#hash`, a reload and Back or Forward to a page loaded anew (whose scroll the
//   browser restores by offset) defer nothing;
// - without script, and on paper, nothing is deferred.

import { LONGEST_PRESS_MS, PRESS, RELEASE } from './press.browser.ts';

/**
 * The phone menu's parts the first layout leaves out, drawn first: its panel, and the docs
 * sidebar's top-level categories one by one (the stylesheets defer them only on phones).
 */
const MENU_PARTS = '.navbar-menu, .docs-sidebar .sidebar > .sidebar-list > .sidebar-category';

/**
 * What the first layout leaves out, in the order it is drawn: the phone menu's parts, the
 * article's blocks from its fold (the first block marked `fold` or `fold-narrow` and every block
 * after it) or a blog list's previews from its fold (src/routes/blog-list-folds.ts), the footer.
 * The article's blocks are found by walking from the fold, not by a selector (`.fold ~ *` had
 * Chromium compare each of the article's blocks with every block before it: 4–5 ms of the first
 * slice on /api/webhooks).
 */
function deferredParts(): Element[] {
  const parts: Element[] = Array.prototype.slice.call(document.querySelectorAll(MENU_PARTS));
  // In document order: an article's first fold (either mark) comes before its other one.
  const folds = document.querySelectorAll('.markdown > :is(.fold, .fold-narrow), .blog-post-preview:is(.fold, .fold-narrow)');
  let article: Node | null = null;
  for (let i = 0; i < folds.length; i++) {
    if (folds[i]!.parentNode === article) continue;
    article = folds[i]!.parentNode;
    for (let block: Element | null = folds[i]!; block; block = block.nextElementSibling) parts.push(block);
  }
  return parts.concat(Array.prototype.slice.call(document.querySelectorAll('.footer')));
}
/** The keys that move the page farther than the blocks the browser draws near the viewport. */
const FAR_KEYS = ['End', 'Home', 'PageDown', 'PageUp'];
/**
 * What one slice may take, in ms as the page measures it (its style and layout): at Lighthouse's
 * CPU slowdown of 4–6, well under the 50 ms of a long task, because a slice often takes more
 * than its blocks' characters said (a table, a block of new font sizes): at 6 ms, the slices of
 * /api/webhooks at 412 px ran to 11–17 ms, 2–8 of them over 8.6 ms (50 ms at ×5.8); at 4 ms, to
 * 7–19 ms, 0–3 over, in as much time overall (110–150 ms; three traces each). Each slice is
 * followed by a frame (the page's layout changed), which costs about as much as a small slice:
 * at 3 ms a slice with timeouts between them, /rules at 375 px and CPU ×4 took 1.7–2.1 s to
 * draw; with messages (below), 6 ms slices took 1.2–1.8 s.
 */
const SLICE_MS = 4;
/**
 * What an element costs beside its text, in characters: its box is styled, laid out and painted
 * (a table's or a highlighted code block's many cells and spans cost more than their text says).
 */
const ELEMENT_CHARS = 30;

/** A block's likely cost to draw, in characters of text (`ELEMENT_CHARS` for each element in it). */
function cost(block: Element): number {
  return (block.textContent || '').length + ELEMENT_CHARS * block.getElementsByTagName('*').length;
}

/** Defers the page's far parts (`deferredParts`), and draws them a slice at a time after the first paint. */
export function drawDeferredBlocks(root: HTMLElement): void {
  if (location.hash || restoresScroll()) return;
  root.setAttribute('data-drawing', '');
  let blocks: Element[] | undefined;
  let next = 0;
  // A press holds the slices (pressHold); the last one held runs when it ends.
  const hold = pressHold(() => slice());
  const finish = () => {
    if (!root.hasAttribute('data-drawing')) return;
    draw(Infinity);
    root.removeAttribute('data-drawing');
    removeEventListener('click', onClick, true);
    removeEventListener('keydown', onKey, true);
    removeEventListener('hashchange', finish, true);
    removeEventListener('popstate', finish, true);
    removeEventListener('scroll', finish, true);
    nextSlice.port1.close();
    hold.stop();
  };
  // Marks blocks drawn, as many as fit in `budget` characters (one at least), and lays them out
  // (unless `budget` is Infinity: the browser lays them out when it next needs to); returns the
  // characters drawn, or -1 when none is left. The phone menu's panel and docs sidebar come
  // first (a phone reader's likely first press: then it only repaints), then the article's
  // blocks, then the footer.
  const draw = (budget: number): number => {
    if (!blocks) blocks = deferredParts();
    let drawn = 0;
    while (next < blocks.length) {
      const block = blocks[next]!;
      // Everything at once (a far move) needs no counting.
      const chars = budget < Infinity ? cost(block) : 0;
      if (drawn > 0 && drawn + chars > budget) break;
      block.setAttribute('data-drawn', '');
      drawn += chars;
      next++;
    }
    if (budget < Infinity) void root.offsetHeight;
    return next < blocks.length ? drawn : -1;
  };
  // Each slice takes the blocks that the last slice's time per character says fit in SLICE_MS
  // on this machine (the first, whose cost is not known yet, one block), at most twice as many
  // characters as the last: a block that costs more than its characters say makes one slice
  // long, not the rest. A block drawn alone may take longer than SLICE_MS: none is split.
  let budget = 0;
  // The next slice is a posted message, not a timeout: a chain of timeouts is clamped to 4 ms
  // each from the fifth on (HTML's timer nesting level). With 3 ms slices, /rules at 375 px and
  // CPU ×4 was drawn in 1.0–1.1 s this way against 2.7–2.9 s with timeouts (measured in turn, on
  // a busy machine). Frames still come between slices: the browser renders at its own pace.
  const nextSlice = new MessageChannel();
  nextSlice.port1.onmessage = () => slice();
  const slice = () => {
    if (!root.hasAttribute('data-drawing')) return;
    if (hold.held()) return hold.wait();
    const start = performance.now();
    const drawn = draw(budget);
    if (drawn < 0) return finish();
    const took = Math.max(performance.now() - start, 0.25);
    budget = Math.min(Math.max(budget, drawn) * 2, (drawn * SLICE_MS) / took);
    nextSlice.port2.postMessage(0);
  };
  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    if (!target || !target.closest) return;
    if (target.closest('a[href]')) finish();
    // The phone menu opening: its panel and the docs sidebar in it are laid out in the frame that shows them.
    else if (target.closest('.navbar-menu > summary')) {
      const parts = document.querySelectorAll(MENU_PARTS);
      for (let i = 0; i < parts.length; i++) parts[i]!.setAttribute('data-drawn', '');
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (FAR_KEYS.indexOf(event.key) >= 0) finish();
  };
  addEventListener('click', onClick, true);
  addEventListener('keydown', onKey, true);
  addEventListener('hashchange', finish, true);
  addEventListener('popstate', finish, true);
  addEventListener('scroll', finish, { capture: true, passive: true });
  const begin = () => requestAnimationFrame(() => setTimeout(slice));
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', begin);
  else begin();
}

/**
 * A press (pointer or touch down) holds the slices until the frame after its click, or its end
 * without one (`RELEASE`, press.browser.ts), or LONGEST_PRESS_MS: the frame that answers the
 * press (a menu opening) draws nothing else, and no slice runs between the press and its click
 * (issue 41 › 2). While `held()`, a slice calls `wait()` instead of drawing; `resume` runs once
 * the press is over if one did.
 */
function pressHold(resume: () => void): { held: () => boolean; wait: () => void; stop: () => void } {
  let held = false;
  let presses = 0;
  let waiting = false;
  const release = () => {
    if (!held) return;
    held = false;
    presses++;
    if (!waiting) return;
    waiting = false;
    resume();
  };
  const onPress = () => {
    if (held) return;
    held = true;
    const press = ++presses;
    setTimeout(() => press === presses && release(), LONGEST_PRESS_MS);
  };
  const onRelease = () => {
    if (held) requestAnimationFrame(() => setTimeout(release));
  };
  for (const type of PRESS) addEventListener(type, onPress, { capture: true, passive: true });
  for (const type of RELEASE) addEventListener(type, onRelease, { capture: true, passive: true });
  return {
    held: () => held,
    wait: () => {
      waiting = true;
    },
    stop: () => {
      held = false;
      for (const type of PRESS) removeEventListener(type, onPress, true);
      for (const type of RELEASE) removeEventListener(type, onRelease, true);
    },
  };
}

/** True when the browser will put this page back at an offset: a reload, or Back or Forward to a page loaded anew. */
function restoresScroll(): boolean {
  const entries = performance.getEntriesByType ? performance.getEntriesByType('navigation') : [];
  const type = entries.length ? (entries[0] as PerformanceNavigationTiming).type : '';
  return type === 'reload' || type === 'back_forward';
}
