// The page's render-blocking head script, in the browser (see head-script.ts for what it does
// and why). Compiled and minified by esbuild (src/util/browser-script.ts) and inlined in every
// page; `__SITEGEN_HEAD__` is replaced by the site's settings as a JSON literal. The parts that
// answer a reader's first press or keystroke are modules of their own, bundled into it.
import { applyChoice, followChoice, storedChoice, switchOnPress } from './colour-mode.browser.ts';
import { drawDeferredBlocks } from './deferred-blocks.browser.ts';
import type { FontStack } from './font-stacks.ts';
import { takeSearchShortcuts, type EarlySearchWindow } from './early-search.browser.ts';
import { LONGEST_PRESS_MS, PRESS, RELEASE } from './press.browser.ts';
import { showQuery } from './search-query.browser.ts';
import { loadPoppedPage, restoreOnLoad } from './scroll-position.browser.ts';
import { closeMenuOnPress, ignoreRepeatedMenuTap } from './phone-menu.browser.ts';

/** What the script needs from the site's config. */
export interface HeadSettings {
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
  /** The announcement bar's id, when there is a bar. */
  barId: string | null;
  /** URL of the hydration entry (a module). */
  entry: string;
  /** URL of the search page: the early search box sends its query there when the modal cannot come. */
  searchPage: string;
  /** The system fonts the first layout asks for (font-stacks.ts). */
  fonts: FontStack[];
}

declare const __SITEGEN_HEAD__: HeadSettings;

/** A press or a choice made before hydration, for the runtime to make again (theme/client/early-events.ts). */
export interface EarlyEvent { type: 'click' | 'change'; target: Element; value?: string }

/**
 * What the runtime reads from the window: the early search box and its shortcuts
 * (early-search.browser.ts); the presses and choices held until hydration and the listener
 * holding them. `__sitegenEager` (set by `sitegen dev`'s script) hydrates without waiting for intent.
 */
interface EarlyWindow extends EarlySearchWindow {
  __sitegenHeld?: EarlyEvent[]; __sitegenHold?: (e: Event) => void; __sitegenEager?: boolean;
}

/**
 * What shows a reader is about to do more than read (the one list: theme/client/first-intent.ts
 * follows `data-intent`). `click` and `change` too: assistive technology may press a button or
 * choose an option with no pointer, key or focus event before it.
 */
const INTENT = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin', 'click', 'change'];

run(__SITEGEN_HEAD__);

function run(settings: HeadSettings): void {
  const root = document.documentElement;
  root.classList.add('js');
  // Keyboard hints name the keys of the reader's keyboard: ⌘ on Apple's (layout.css).
  if (/Mac|iPhone|iPad/.test(navigator.platform)) root.classList.add('mac');
  applyChoice(storedChoice(settings));
  matchFonts(settings.fonts);
  hideDismissedBar(root, settings.barId);
  drawDeferredBlocks(root);
  // A reload, or Back or Forward to a page loaded anew, where the runtime had taken over scrolling.
  restoreOnLoad();
  loadPoppedPage(root);
  rememberClosedBar(root, settings.barId);
  const early = window as unknown as EarlyWindow;
  takeSearchShortcuts(early, settings.searchPage);
  switchOnPress(settings);
  followChoice(settings);
  holdPresses(early);
  closeMenuOnPress();
  ignoreRepeatedMenuTap();
  // Read now: `currentScript` is this script only while it runs.
  const script = document.currentScript;
  const preload = (script && script.getAttribute('data-preload')) || '';
  // A page whose content needs script (the search page's results) hydrates without waiting.
  const now = !!script && script.getAttribute('data-hydrate') === 'now';
  if (now) showQuery(root);
  let started = false;
  startWhenReady(root, () => now || !!early.__sitegenEager, () => {
    if (started) return;
    started = true;
    startEntry(settings.entry, preload);
  });
}

/**
 * Looks up the fonts the first layout asks for, while the stylesheet is still on its way: a
 * canvas measuring a letter in each finds its family as a layout would, and the browser keeps
 * what it found for the page (src/render/font-stacks.ts says why).
 *
 * Each face is a task of its own where the browser has `scheduler.postTask` (Chromium), posted
 * at `user-blocking` priority: they run as soon as this script's task ends, before the first
 * frame (the stylesheet blocks it), but they no longer lengthen this script's task. In it, the
 * four took 17–25 ms of the 33–41 ms the script and the parse around it took (traced at 412 px);
 * posted, that task took 14–20 ms and the lookups 4–13 ms each (the first face's the longest:
 * the first round trip). Lighthouse's simulation counts a task that long partly after its first
 * paint; with the lookups posted, its first paint came 20–190 ms earlier, about 100 ms in the
 * median (/quickstart, /blog and /api/webhooks three times each, alternating, at CPU ×5.8), its
 * blocking time within the runs' scatter. Elsewhere they run here, at once.
 */
function matchFonts(fonts: FontStack[]): void {
  // Made by the first lookup, in its task (1.5–4 ms in a new tab).
  let context: CanvasRenderingContext2D | null | undefined;
  const scheduler = (window as unknown as { scheduler?: TaskScheduler }).scheduler;
  for (const { stack, faces } of fonts) {
    for (const face of faces) {
      const lookUp = () => {
        if (context === undefined) context = document.createElement('canvas').getContext('2d');
        if (!context) return;
        context.font = `${face} 16px ${stack}`;
        context.measureText('a');
      };
      if (scheduler && scheduler.postTask) scheduler.postTask(lookUp, { priority: 'user-blocking' });
      else lookUp();
    }
  }
}

/** The Prioritized Task Scheduling API, as far as the head script uses it (not in TypeScript's DOM types yet). */
interface TaskScheduler { postTask?: (task: () => void, options: { priority: 'user-blocking' | 'user-visible' | 'background' }) => Promise<void> }

/**
 * The announcement bar closes itself (a `<details>`, theme/layout/announcement-bar.tsx): the
 * dismissal is stored under the bar's id, and focus, which was on the close button that is now
 * gone, moves on to the navbar's first control.
 */
function rememberClosedBar(root: HTMLElement, barId: string | null): void {
  addEventListener('toggle', (event) => {
    const bar = event.target as HTMLDetailsElement;
    if (!bar.classList || !bar.classList.contains('announcement-toggle') || bar.open) return;
    try {
      localStorage.setItem('announcement-dismissed', barId || '');
    } catch {
      // Storage unavailable: closed for this page view only.
    }
    root.setAttribute('data-announcement-dismissed', 'true');
    const controls = document.querySelectorAll<HTMLElement>('.navbar a[href], .navbar button, .navbar summary');
    for (let i = 0; i < controls.length; i++) {
      if (controls[i]!.getClientRects().length) return controls[i]!.focus();
    }
  }, true);
}

/** An announcement bar the reader closed (its id stored) is hidden before the first paint. */
function hideDismissedBar(root: HTMLElement, barId: string | null): void {
  let dismissed: string | null = null;
  try {
    dismissed = localStorage.getItem('announcement-dismissed');
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): the bar shows.
  }
  if (dismissed !== null && dismissed === barId) root.setAttribute('data-announcement-dismissed', 'true');
}

/**
 * A press on a button of the page, or a choice in one of its selects, before React has hydrated
 * it would do nothing: held, for the runtime to make again once it is up. Not those of tabs and
 * MDX islands, which scripts of their own run from the start, nor the colour mode switch, which
 * this script answers itself (colour-mode.browser.ts). The search button opens the early search
 * box at once, as Ctrl+K does.
 */
function holdPresses(early: EarlyWindow): void {
  const held: EarlyEvent[] = [];
  const hold = (e: Event) => {
    const target = e.target as Element | null;
    const control = target && target.closest ? target.closest(e.type === 'click' ? 'button' : 'select') : null;
    if (!control || !control.closest('#__root') || control.closest('sitegen-island, [data-tabs], .color-mode-toggle, .mobile-menu-close')) return;
    if (e.type === 'click') {
      e.preventDefault();
      e.stopPropagation();
      if (control.classList.contains('search-button')) {
        early.__sitegenOpenSearch!();
        early.__sitegenSearch = 1;
        return;
      }
    }
    held.push({ type: e.type as EarlyEvent['type'], target: control, value: (control as HTMLSelectElement).value });
  };
  addEventListener('click', hold, true);
  addEventListener('change', hold, true);
  early.__sitegenHeld = held;
  early.__sitegenHold = hold;
}

/**
 * Calls `start` once the page is painted and the reader has shown intent (or `eager()` says not
 * to wait for it), whichever comes last: a reader who only reads downloads no script.
 * `<html data-intent>` says `waiting`, then `shown` (the runtime's parts hydrated later and
 * client navigation wait for it too). `sitegen:eager` (sitegen dev's script) asks again.
 *
 * The scripts start after the frame that answers the reader's first act (issue 41 › 2: the menu
 * opened by a first tap on screen at once): after the next frame, and for a press (pointer or
 * touch down), after the frame that follows its release (the click that opens a menu).
 */
function startWhenReady(root: HTMLElement, eager: () => boolean, start: () => void): void {
  let painted = false;
  let intent = false;
  const maybeStart = () => {
    if (painted && (intent || eager())) start();
  };
  const onIntent = (event: Event) => {
    // Focus the page gives itself (`autofocus`: the search page's box) is not the reader's doing.
    const target = event.target as Element | null;
    if (event.type === 'focusin' && target && target.hasAttribute && target.hasAttribute('autofocus')) return;
    for (const type of INTENT) removeEventListener(type, onIntent, true);
    intent = true;
    root.setAttribute('data-intent', 'shown');
    if (PRESS.indexOf(event.type) >= 0) afterRelease(() => afterPaint(maybeStart));
    else afterPaint(maybeStart);
  };
  for (const type of INTENT) addEventListener(type, onIntent, { capture: true, passive: true });
  root.setAttribute('data-intent', 'waiting');
  addEventListener('sitegen:eager', maybeStart);
  const onPaint = () => {
    painted = true;
    maybeStart();
  };
  const Observer = window.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
    new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) onPaint();
    }).observe({ type: 'paint', buffered: true });
    // A browser whose compositor reports no paint timing (seen in CI: headless Chromium, four
    // throttled pages side by side, no first contentful paint 90 s after the document was
    // parsed) still gets its scripts, a few seconds after the document is parsed.
    addEventListener('DOMContentLoaded', () => setTimeout(onPaint, PAINT_FALLBACK_MS));
  } else {
    addEventListener('load', () => setTimeout(onPaint));
  }
}

/** How long after the document is parsed the scripts stop waiting for the first paint to be reported. */
const PAINT_FALLBACK_MS = 3000;

/** Runs `task` once at the end of the press under way (`RELEASE`, press.browser.ts; a second at most). */
function afterRelease(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const type of RELEASE) removeEventListener(type, run, true);
    task();
  };
  for (const type of RELEASE) addEventListener(type, run, { capture: true, passive: true });
  setTimeout(run, LONGEST_PRESS_MS);
}

/**
 * Runs `task` once the next frame has been painted, in a task of its own; after 200 ms at most
 * (a tab in the background paints no frames).
 */
function afterPaint(task: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  requestAnimationFrame(() => setTimeout(run));
  setTimeout(run, 200);
}

/**
 * Adds the hydration entry, with a preload for each file the page needs at start (`preload`,
 * space-separated).
 */
function startEntry(src: string, preload: string): void {
  const fragment = document.createDocumentFragment();
  for (const url of preload.split(' ')) {
    if (!url) continue;
    const link = document.createElement('link');
    if (/\.json$/.test(url)) {
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = 'anonymous';
    } else link.rel = 'modulepreload';
    link.href = url;
    fragment.appendChild(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.src = src;
  // The entry could not be fetched (offline, blocked): `<html data-scripts="failed">`, for the
  // one page that cannot do without scripts (search-page.css); the entry says the same when what
  // it imports cannot come (theme/client/entry.tsx).
  entry.onerror = () => document.documentElement.setAttribute('data-scripts', 'failed');
  fragment.appendChild(entry);
  document.head.appendChild(fragment);
}
