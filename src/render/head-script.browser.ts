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

/** What the runtime reads from the window: a search shortcut taken early, and the listener to remove. */
interface EarlyWindow { __sitegenSearch?: number; __sitegenKeys?: (e: KeyboardEvent) => void }

run(__SITEGEN_HEAD__);

function run(settings: HeadSettings): void {
  const root = document.documentElement;
  root.classList.add('js');
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

  // A stylesheet above this script that failed (KaTeX's CDN unreachable) gets its self-served copy.
  // The parser runs this script only after the sheets before it loaded or failed; a failed sheet
  // has no rules, or (Chromium) rules that cannot be read although it was fetched with CORS.
  document.querySelectorAll<HTMLLinkElement>('link[data-fallback]').forEach((link) => {
    let loaded = false;
    try {
      loaded = !!link.sheet && link.sheet.cssRules.length > 0;
    } catch {
      loaded = !link.crossOrigin;
    }
    if (loaded) return;
    const copy = document.createElement('link');
    copy.rel = 'stylesheet';
    copy.href = link.getAttribute('data-fallback')!;
    link.after(copy);
  });

  const early = window as unknown as EarlyWindow;
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

  // Read now: `currentScript` is this script only while it runs.
  const script = document.currentScript;
  const preload = (script && script.getAttribute('data-preload')) || '';
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
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
    entry.src = settings.entry;
    fragment.appendChild(entry);
    document.head.appendChild(fragment);
  };
  const Observer = window.PerformanceObserver;
  if (Observer && Observer.supportedEntryTypes && Observer.supportedEntryTypes.indexOf('paint') >= 0) {
    new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) hydrate();
    }).observe({ type: 'paint', buffered: true });
  } else {
    addEventListener('load', () => setTimeout(hydrate));
  }
}

/** The colour mode when none is stored: the system's, when the site respects it, else the default. */
function systemMode(settings: HeadSettings): 'light' | 'dark' {
  if (!settings.respectPrefersColorScheme) return settings.defaultMode;
  return 'matchMedia' in window && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : settings.defaultMode;
}
