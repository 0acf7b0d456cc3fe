// The page's render-blocking head script, in the browser (see head-script.ts for what it does
// and why). Compiled and minified by esbuild (src/util/browser-script.ts) and inlined in every
// page; `__SITEGEN_HEAD__` is replaced by the site's settings as a JSON literal.

/** What the script needs from the site's config. */
export interface HeadSettings {
  defaultMode: 'light' | 'dark';
  respectPrefersColorScheme: boolean;
  /** The announcement bar's id, when there is a bar. */
  barId: string | null;
  /** URL of the hydration entry (a module). */
  entry: string;
}

declare const __SITEGEN_HEAD__: HeadSettings;

/** A press or a choice made before hydration, for the runtime to make again (theme/client/early-events.ts). */
export interface EarlyEvent { type: 'click' | 'change'; target: Element; value?: string }

/**
 * What the runtime reads from the window: a search shortcut taken early and the listener to
 * remove; the presses and choices held until hydration and the listener holding them.
 * `__sitegenEager` (set by `sitegen dev`'s script) hydrates without waiting for intent.
 */
interface EarlyWindow {
  __sitegenSearch?: number; __sitegenKeys?: (e: KeyboardEvent) => void;
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
  applyStoredChoices(root, settings);
  const early = window as unknown as EarlyWindow;
  takeSearchShortcuts(early);
  holdPresses(early);
  // Read now: `currentScript` is this script only while it runs.
  const script = document.currentScript;
  const preload = (script && script.getAttribute('data-preload')) || '';
  // A page whose content needs script (the search page's results) hydrates without waiting.
  const now = !!script && script.getAttribute('data-hydrate') === 'now';
  let started = false;
  startWhenReady(root, () => now || !!early.__sitegenEager, () => {
    if (started) return;
    started = true;
    startEntry(settings.entry, preload);
  });
}

/** The stored (or system, or default) colour mode and a dismissed announcement bar, on <html>. */
function applyStoredChoices(root: HTMLElement, settings: HeadSettings): void {
  let stored: string | null = null;
  let dismissed: string | null = null;
  try {
    stored = localStorage.getItem('theme');
    dismissed = localStorage.getItem('announcement-dismissed');
  } catch {
    // Storage blocked (privacy settings, sandboxed frame): the defaults apply.
  }
  const mode = stored === 'dark' || stored === 'light' ? stored : systemMode(settings);
  root.setAttribute('data-theme', mode);
  root.style.colorScheme = mode;
  if (dismissed !== null && dismissed === settings.barId) root.setAttribute('data-announcement-dismissed', 'true');
}

/** Ctrl/Cmd+K and `/` outside a field: the browser's action prevented, search opened by the runtime once up. */
function takeSearchShortcuts(early: EarlyWindow): void {
  const onKey = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    const inField = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    const ctrlK = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey;
    const slash = e.key === '/' && !inField && !e.ctrlKey && !e.metaKey && !e.altKey;
    if (ctrlK || slash) {
      e.preventDefault();
      early.__sitegenSearch = 1;
    }
  };
  addEventListener('keydown', onKey);
  early.__sitegenKeys = onKey;
}

/**
 * A press on a button of the page, or a choice in one of its selects, before React has hydrated
 * it would do nothing: held, for the runtime to make again once it is up. Not those of tabs and
 * MDX islands, which scripts of their own run from the start.
 */
function holdPresses(early: EarlyWindow): void {
  const held: EarlyEvent[] = [];
  const hold = (e: Event) => {
    const target = e.target as Element | null;
    const control = target && target.closest ? target.closest(e.type === 'click' ? 'button' : 'select') : null;
    if (!control || !control.closest('#__root') || control.closest('sitegen-island, [data-tabs]')) return;
    if (e.type === 'click') {
      e.preventDefault();
      e.stopPropagation();
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
 */
function startWhenReady(root: HTMLElement, eager: () => boolean, start: () => void): void {
  let painted = false;
  let intent = false;
  const maybeStart = () => {
    if (painted && (intent || eager())) start();
  };
  const onIntent = () => {
    for (const type of INTENT) removeEventListener(type, onIntent, true);
    intent = true;
    root.setAttribute('data-intent', 'shown');
    maybeStart();
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
  } else {
    addEventListener('load', () => setTimeout(onPaint));
  }
}

/** Adds the hydration entry, with a preload for each file the page needs at start (`preload`, space-separated). */
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
  fragment.appendChild(entry);
  document.head.appendChild(fragment);
}

/** The colour mode when none is stored: the system's, when the site respects it, else the default. */
function systemMode(settings: HeadSettings): 'light' | 'dark' {
  if (!settings.respectPrefersColorScheme) return settings.defaultMode;
  return 'matchMedia' in window && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : settings.defaultMode;
}
