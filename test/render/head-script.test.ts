import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createHeadScript } from '../../src/render/head-script.ts';
import type { SiteConfig } from '../../src/config/schema.ts';

// Issue 28 › 4: the head script is head-script.browser.ts compiled and minified by esbuild. Here
// it runs against a small fake of the browser APIs it uses.

interface FakeElement { tag: string; attrs: Record<string, string>; children: FakeElement[]; [key: string]: unknown }

function element(tag: string): FakeElement {
  const attrs: Record<string, string> = {};
  return {
    tag, attrs, children: [], style: {}, classes: new Set<string>(), setAttribute: (k: string, v: string) => { attrs[k] = v; }, getAttribute: (k: string) => attrs[k] ?? null,
    hasAttribute: (k: string) => k in attrs, removeAttribute: (k: string) => { delete attrs[k]; },
    appendChild(c: FakeElement) { this.children.push(c); },
    getElementsByTagName() { return this.children; },
    // What the early search box does with its elements (early-search.browser.ts).
    querySelector: () => element('input'), focus() {}, addEventListener() {}, remove() {},
  } as FakeElement;
}

/** Runs `code` as the page's head script; returns what it did to the page. */
function run(code: string, options: {
  storage?: Record<string, string>; dark?: boolean; paint?: boolean; preload?: string; hydrateNow?: boolean; platform?: string;
  /** The URL's hash; the navigation's type (`navigate`, `reload`, `back_forward`); the article's deferred blocks. */
  hash?: string; navigation?: string; blocks?: FakeElement[];
  /** The browser has `scheduler.postTask` (Chromium): tasks wait for `tasks()`. */
  postTask?: boolean;
} = {}) {
  const root = element('html');
  // Each forced layout (deferred-blocks.browser.ts reads offsetHeight) is counted, and takes 1 ms.
  let layouts = 0;
  let clock = 0;
  Object.defineProperty(root, 'offsetHeight', { get: () => { layouts++; clock += 1; return 0; } });
  const classes = new Set<string>();
  root.classList = { add: (c: string) => classes.add(c) };
  const head = element('head');
  const script = element('script');
  script.attrs['data-preload'] = options.preload ?? '';
  if (options.hydrateNow) script.attrs['data-hydrate'] = 'now';
  const listeners: Record<string, ((e: unknown) => void)[]> = {};
  const system = { dark: Boolean(options.dark) };
  const systemListeners: (() => void)[] = [];
  const storage: Record<string, string> = { ...options.storage };
  const body = element('body');
  body.classList = { add() {}, remove() {} };
  let observer: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  let timers: (() => void)[] = [];
  let frames: (() => void)[] = [];
  const flush = (list: (() => void)[]) => list.forEach((fn) => fn());
  const article = element('article');
  (options.blocks ?? []).forEach((b, i, all) => Object.assign(b, { parentNode: article, nextElementSibling: all[i + 1] ?? null }));
  const measured: string[] = [];
  let canvases = 0;
  const posted: { task: () => void; priority: string }[] = [];
  const window: Record<string, unknown> = {
    document: {
      documentElement: root, head, body, currentScript: script, activeElement: null,
      // A canvas records the fonts it measures text in (the head script's font lookups).
      createElement: (tag: string) => (tag === 'canvas'
        ? (canvases++, { getContext: () => ({ font: '10px sans-serif', measureText(this: { font: string }) { measured.push(this.font); } }) })
        : element(tag)),
      createDocumentFragment: () => element('#fragment'), getElementById: () => null,
      // The article's fold is its first deferred block; the script walks on from it.
      querySelectorAll: (selector: string) => (selector.startsWith('.markdown') ? (options.blocks ?? []).slice(0, 1) : []), readyState: 'loading',
    },
    location: { hash: options.hash ?? '', pathname: '/rules', search: '' },
    performance: { now: () => clock, getEntriesByType: (type: string) => (type === 'navigation' ? [{ type: options.navigation ?? 'navigate' }] : []) },
    navigator: { platform: options.platform ?? 'Linux x86_64' },
    localStorage: {
      getItem: (k: string) => storage[k] ?? null,
      setItem: (k: string, v: string) => { storage[k] = v; },
      removeItem: (k: string) => { delete storage[k]; },
    },
    // The system's mode, whose change listeners `system()` calls.
    matchMedia: () => ({ get matches() { return system.dark; }, addEventListener: (_type: string, fn: () => void) => systemListeners.push(fn) }),
    addEventListener: (type: string, fn: (e: unknown) => void) => { (listeners[type] ??= []).push(fn); },
    removeEventListener: (type: string, fn: (e: unknown) => void) => { listeners[type] = (listeners[type] ?? []).filter((f) => f !== fn); },
    // A delay of 0 runs at once; longer ones wait for `elapse()`, animation frames for `frame()`.
    setTimeout: (fn: () => void, ms?: number) => (ms ? timers.push(fn) : fn()),
    // A posted message is delivered at once, as a timeout of no delay.
    MessageChannel: function (this: { port1: { onmessage?: () => void; close(): void }; port2: { postMessage(): void } }) {
      const port1: { onmessage?: () => void; close(): void } = { close() {} };
      this.port1 = port1;
      this.port2 = { postMessage: () => port1.onmessage?.() };
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    scheduler: options.postTask ? { postTask: (task: () => void, { priority }: { priority: string }) => { posted.push({ task, priority }); return Promise.resolve(); } } : undefined,
    PerformanceObserver: options.paint === false ? undefined : Object.assign(function (this: unknown, fn: typeof observer) {
      observer = fn;
      return { observe() {} };
    }, { supportedEntryTypes: ['paint'] }),
  };
  window.window = window;
  runInNewContext(code, window);
  return {
    theme: root.attrs['data-theme'], colorScheme: (root.style as { colorScheme?: string }).colorScheme, classes: [...classes],
    dismissed: root.attrs['data-announcement-dismissed'],
    choice: () => root.attrs['data-theme-choice'],
    stored: () => storage.theme ?? null,
    mode: () => root.attrs['data-theme'],
    /** A press on the colour mode switch. */
    toggle: () => [...listeners.click ?? []].forEach((fn) => fn({ type: 'click', target: { closest: (s: string) => (s === '.color-mode-toggle' ? {} : null) } })),
    /** Another tab stores `theme` (null: removes it; `key` null: clears the storage). */
    otherTab(value: string | null, key: string | null = 'theme') {
      if (key === null) for (const k of Object.keys(storage)) delete storage[k];
      else if (value === null) delete storage[key];
      else storage[key] = value;
      for (const fn of listeners.storage ?? []) fn({ key, newValue: value });
    },
    /** The system's mode changes. */
    system(dark: boolean) {
      system.dark = dark;
      for (const fn of systemListeners) fn();
    },
    key(e: Record<string, unknown>) {
      let prevented = false;
      for (const fn of listeners.keydown ?? []) fn({ ctrlKey: false, metaKey: false, altKey: false, target: null, ...e, preventDefault: () => { prevented = true; } });
      return { prevented, search: window.__sitegenSearch };
    },
    paint: () => observer?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }),
    load: () => listeners.load?.forEach((fn) => fn({})),
    /** The document is parsed (DOMContentLoaded). */
    parsed: () => listeners.DOMContentLoaded?.forEach((fn) => fn({})),
    /** A sign of intent: the pointer moves. */
    intent: () => [...listeners.pointermove ?? []].forEach((fn) => fn({ type: 'pointermove' })),
    /** An event of `type` on no control (`pointerdown`, `pointerup`…), or on `target`. */
    event: (type: string, target: unknown = null) => [...listeners[type] ?? []].forEach((fn) => fn({ type, target })),
    /** The next animation frame (then its paint). */
    frame: () => flush(frames.splice(0)),
    /** Every timer of a longer delay runs. */
    elapse: () => flush(timers.splice(0)),
    /** A click with nothing before it, on no control. */
    press: () => [...listeners.click ?? []].forEach((fn) => fn({ type: 'click', target: null })),
    /** `sitegen dev`'s script: hydrate without waiting for intent. */
    eager: () => {
      window.__sitegenEager = true;
      listeners['sitegen:eager']?.forEach((fn) => fn({}));
    },
    intentState: () => root.attrs['data-intent'],
    /** `<html data-drawing>` is set; forced layouts so far. */
    drawing: () => 'data-drawing' in root.attrs,
    layouts: () => layouts,
    /** The fonts text was measured in, in order. */
    measured,
    /** How many canvases the script made. */
    canvases: () => canvases,
    /** The priorities of the tasks posted and not run yet. */
    posted: () => posted.map((p) => p.priority),
    /** The posted tasks run, in order. */
    tasks: () => posted.splice(0).forEach((p) => p.task()),
    added: () => head.children.flatMap((f) => f.children).map((c) => `${c.tag} ${c.rel ?? c.type} ${c.href ?? c.src}${c.as ? ` as=${c.as}` : ''}`),
  };
}

const config = (colorMode: Partial<SiteConfig['colorMode']>, bar?: string) => ({
  baseUrl: '/',
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, ...colorMode },
  announcementBar: bar ? { id: bar } : undefined,
  search: { searchPagePath: 'search' },
}) as unknown as SiteConfig;

describe('createHeadScript', () => {
  it('is esbuild\'s minified output with the settings inlined, and hashed for the CSP', () => {
    const { code, hash } = createHeadScript(config({}, 'a</script>'), { entry: '/assets/entry.js' });
    expect(code.startsWith('(()=>{')).toBe(true);
    expect(code).toContain('{"defaultMode":"light","respectPrefersColorScheme":false,"barId":"a\\u003c/script>","entry":"/assets/entry.js","searchPage":"/search","fonts":[]}');
    expect(code).not.toContain('</script');
    expect(code).not.toContain('\n');
    expect(hash).toBe(`sha256-${createHash('sha256').update(code).digest('base64')}`);
  });

  it('applies the stored mode, else the system one when respected, else the default', () => {
    const code = (c: Parameters<typeof config>[0]) => createHeadScript(config(c), { entry: '/e.js' }).code;
    expect(run(code({}), { storage: { theme: 'dark' } })).toMatchObject({ theme: 'dark', colorScheme: 'dark', classes: ['js'] });
    expect(run(code({}), { storage: { theme: 'purple' }, dark: true })).toMatchObject({ theme: 'light' });
    expect(run(code({ respectPrefersColorScheme: true }), { dark: true })).toMatchObject({ theme: 'dark' });
    expect(run(code({ defaultMode: 'dark' }))).toMatchObject({ theme: 'dark', dismissed: undefined });
  });

  it('marks a dismissed announcement bar only when it is the same bar', () => {
    const { code } = createHeadScript(config({}, 'spring'), { entry: '/e.js' });
    expect(run(code, { storage: { 'announcement-dismissed': 'spring' } }).dismissed).toBe('true');
    expect(run(code, { storage: { 'announcement-dismissed': 'winter' } }).dismissed).toBeUndefined();
  });

  it('looks up the fonts it is given, in order, as it runs', () => {
    const fonts = [{ stack: 'system-ui, sans-serif', faces: ['400', '700'] }, { stack: 'ui-monospace, monospace', faces: ['400'] }];
    expect(run(createHeadScript(config({}), { entry: '/e.js', fonts }).code).measured)
      .toEqual(['400 16px system-ui, sans-serif', '700 16px system-ui, sans-serif', '400 16px ui-monospace, monospace']);
    expect(run(createHeadScript(config({}), { entry: '/e.js' }).code).measured).toEqual([]);
  });

  it('looks up each font in a task of its own where the browser can post one at user-blocking priority', () => {
    const fonts = [{ stack: 'system-ui, sans-serif', faces: ['400', '700'] }, { stack: 'ui-monospace, monospace', faces: ['400'] }];
    const page = run(createHeadScript(config({}), { entry: '/e.js', fonts }).code, { postTask: true });
    expect(page.measured, 'none while the head script runs').toEqual([]);
    expect(page.canvases(), 'nor its canvas made').toBe(0);
    expect(page.posted()).toEqual(['user-blocking', 'user-blocking', 'user-blocking']);
    page.tasks();
    expect(page.canvases()).toBe(1);
    expect(page.measured).toEqual(['400 16px system-ui, sans-serif', '700 16px system-ui, sans-serif', '400 16px ui-monospace, monospace']);
    expect(run(createHeadScript(config({}), { entry: '/e.js' }).code, { postTask: true }).posted()).toEqual([]);
  });

  it('takes the search shortcuts until hydration, outside fields for `/`', () => {
    const page = run(createHeadScript(config({}), { entry: '/e.js' }).code);
    expect(page.key({ key: 'x' })).toEqual({ prevented: false, search: undefined });
    expect(page.key({ key: '/', target: { tagName: 'INPUT' } })).toEqual({ prevented: false, search: undefined });
    expect(page.key({ key: 'k', metaKey: true })).toEqual({ prevented: true, search: 1 });
  });

  it('starts hydration once painted (first contentful paint, or load) and the reader has shown intent, with the preloads, once', () => {
    const { code } = createHeadScript(config({}), { entry: '/assets/entry.js' });
    const all = ['link modulepreload /assets/a.js', 'link preload /_chunks/site.json as=fetch', 'script module /assets/entry.js'];
    const page = run(code, { preload: '/assets/a.js /_chunks/site.json' });
    expect(page.intentState()).toBe('waiting');
    page.paint();
    // Painted, but the reader only reads: no script (issue 29).
    expect(page.added()).toEqual([]);
    page.intent();
    expect(page.intentState()).toBe('shown');
    // After the frame that answers the reader (issue 41 › 2).
    expect(page.added()).toEqual([]);
    page.frame();
    expect(page.added()).toEqual(all);
    // Once.
    page.intent();
    page.paint();
    page.frame();
    page.elapse();
    expect(page.added()).toEqual(all);
    // No paint reported (a compositor that gives no paint timing): a few seconds after the
    // document is parsed, with intent, the scripts start all the same.
    const unreported = run(code, { preload: '/assets/a.js /_chunks/site.json' });
    unreported.intent();
    unreported.frame();
    expect(unreported.added()).toEqual([]);
    unreported.parsed();
    expect(unreported.added()).toEqual([]);
    unreported.elapse();
    unreported.frame();
    expect(unreported.added()).toEqual(all);
    // Intent before the paint: at the paint.
    const early = run(code, { preload: '/assets/a.js /_chunks/site.json' });
    early.key({ key: 'ArrowDown' });
    early.frame();
    expect(early.added()).toEqual([]);
    early.paint();
    expect(early.added()).toEqual(all);
    // A press with no pointer, key or focus before it (assistive technology) is intent too.
    const pressed = run(code);
    pressed.paint();
    pressed.press();
    pressed.frame();
    expect(pressed.added()).toEqual(['script module /assets/entry.js']);
    const old = run(code, { paint: false });
    old.intent();
    old.load();
    expect(old.added()).toEqual(['script module /assets/entry.js']);
    // Focus the page gave itself (the search page's `autofocus` box) is not intent.
    const focused = run(code);
    focused.paint();
    focused.event('focusin', { hasAttribute: (name: string) => name === 'autofocus' });
    expect(focused.intentState()).toBe('waiting');
    focused.event('focusin', { hasAttribute: () => false });
    expect(focused.intentState()).toBe('shown');
    // A tab that paints no frame starts anyway, a moment later.
    const hidden = run(code);
    hidden.paint();
    hidden.intent();
    hidden.elapse();
    expect(hidden.added()).toEqual(['script module /assets/entry.js']);
  });

  it('starts hydration after the frame that follows the click of a first press, not while it is held nor between its release and its click (issue 41 › 2)', () => {
    const { code } = createHeadScript(config({}), { entry: '/assets/entry.js' });
    for (const [down, ...ups] of [['pointerdown', 'pointerup', 'click'], ['touchstart', 'touchend', 'click'], ['pointerdown', 'pointercancel'], ['pointerdown', 'contextmenu']]) {
      const page = run(code);
      page.paint();
      page.event(down!);
      expect(page.intentState()).toBe('shown');
      page.frame();
      expect(page.added()).toEqual([]);
      // A tap's click comes after the frame that follows its touchend: that frame starts nothing.
      for (const up of ups.slice(0, -1)) {
        page.event(up);
        page.frame();
        expect(page.added(), up).toEqual([]);
      }
      page.event(ups.at(-1)!);
      expect(page.added()).toEqual([]);
      page.frame();
      expect(page.added()).toEqual(['script module /assets/entry.js']);
    }
    // A long press does not hold the scripts back: after a second.
    const long = run(code);
    long.paint();
    long.event('pointerdown');
    long.elapse();
    long.frame();
    expect(long.added()).toEqual(['script module /assets/entry.js']);
  });

  it('does not wait for intent on a page marked `data-hydrate="now"`, nor in `sitegen dev`', () => {
    const { code } = createHeadScript(config({}), { entry: '/assets/entry.js' });
    const search = run(code, { hydrateNow: true });
    search.paint();
    expect(search.added()).toEqual(['script module /assets/entry.js']);
    expect(search.intentState()).toBe('waiting');
    const dev = run(code);
    dev.eager();
    expect(dev.added()).toEqual([]);
    dev.paint();
    expect(dev.added()).toEqual(['script module /assets/entry.js']);
    const devLate = run(code);
    devLate.paint();
    devLate.eager();
    expect(devLate.added()).toEqual(['script module /assets/entry.js']);
  });

  // Issue 41 › 2: the switch answers from the first paint: one press, one step, stored.
  it('steps the colour mode on each press of the switch: light, dark, and the system\'s where the site follows it', () => {
    const follows = run(createHeadScript(config({ respectPrefersColorScheme: true }), { entry: '/e.js' }).code, { dark: true });
    expect([follows.choice(), follows.mode(), follows.stored()]).toEqual(['system', 'dark', null]);
    follows.toggle();
    expect([follows.choice(), follows.mode(), follows.stored()]).toEqual(['light', 'light', 'light']);
    follows.toggle();
    expect([follows.choice(), follows.mode(), follows.stored()]).toEqual(['dark', 'dark', 'dark']);
    follows.toggle();
    expect([follows.choice(), follows.mode(), follows.stored()]).toEqual(['system', 'dark', null]);
    const fixed = run(createHeadScript(config({}), { entry: '/e.js' }).code, { dark: true });
    expect(fixed.choice()).toBe('light');
    fixed.toggle();
    fixed.toggle();
    expect([fixed.choice(), fixed.stored()]).toEqual(['light', 'light']);
  });

  it('follows a choice made in another tab and, while the choice is the system\'s, the system', () => {
    const page = run(createHeadScript(config({ respectPrefersColorScheme: true }), { entry: '/e.js' }).code, { dark: false });
    expect([page.choice(), page.mode()]).toEqual(['system', 'light']);
    page.system(true);
    expect([page.choice(), page.mode()]).toEqual(['system', 'dark']);
    page.otherTab('light');
    expect([page.choice(), page.mode()]).toEqual(['light', 'light']);
    // A chosen mode stays when the system changes; another key changes nothing.
    page.system(false);
    page.system(true);
    page.otherTab('x', 'search-recent');
    expect([page.choice(), page.mode()]).toEqual(['light', 'light']);
    page.otherTab(null);
    expect([page.choice(), page.mode()]).toEqual(['system', 'dark']);
    page.otherTab('dark');
    page.otherTab(null, null);
    expect([page.choice(), page.mode()]).toEqual(['system', 'dark']);
    // A site that does not follow the system goes back to its default mode.
    const fixed = run(createHeadScript(config({ defaultMode: 'dark' }), { entry: '/e.js' }).code, { storage: { theme: 'light' } });
    expect(fixed.mode()).toBe('light');
    fixed.otherTab(null);
    expect([fixed.choice(), fixed.mode()]).toEqual(['dark', 'dark']);
    fixed.system(false);
    expect(fixed.mode()).toBe('dark');
  });

  it('marks Apple\'s systems, whose keyboards say ⌘', () => {
    const { code } = createHeadScript(config({}), { entry: '/e.js' });
    expect(run(code, { platform: 'MacIntel' }).classes).toEqual(['js', 'mac']);
    expect(run(code, { platform: 'Win32' }).classes).toEqual(['js']);
  });

  it('skips the page\'s far parts in the first layout and draws them a slice at a time once the document is parsed (issue 41 › 1)', () => {
    const { code } = createHeadScript(config({}), { entry: '/e.js' });
    // 40 blocks of 300 characters: the first slice takes one block, later ones as many as fit in
    // 3 ms by the last one's time (a layout here takes 1 ms), at most twice the last one's.
    const blocks = Array.from({ length: 40 }, () => Object.assign(element('p'), { textContent: 'x'.repeat(300) }));
    const page = run(code, { blocks });
    expect(page.drawing()).toBe(true);
    page.parsed();
    expect(blocks.filter((b) => 'data-drawn' in b.attrs)).toHaveLength(0);
    // From the first frame after the document is parsed, each slice in a task of its own.
    page.frame();
    expect(blocks.every((b) => 'data-drawn' in b.attrs)).toBe(true);
    expect(page.drawing()).toBe(false);
    // 1 block in the first slice, then 2, 4, 8, 16 and the last 9: 6 slices.
    expect(page.layouts()).toBe(6);
  });

  it('draws every part left at once, without a layout of its own, before a far move: a link, End, a new hash, Back', () => {
    const { code } = createHeadScript(config({}), { entry: '/e.js' });
    const moves: [string, (page: ReturnType<typeof run>) => void][] = [
      ['a link', (page) => page.event('click', { closest: (s: string) => (s === 'a[href]' ? {} : null) })],
      ['End', (page) => page.key({ key: 'End' })],
      ['a new hash', (page) => page.event('hashchange')],
      ['Back', (page) => page.event('popstate')],
      ['a scroll', (page) => page.event('scroll')],
    ];
    for (const [name, move] of moves) {
      const blocks = Array.from({ length: 10 }, () => Object.assign(element('p'), { textContent: 'text' }));
      const page = run(code, { blocks });
      page.parsed();
      move(page);
      expect(blocks.every((b) => 'data-drawn' in b.attrs), name).toBe(true);
      expect(page.drawing(), name).toBe(false);
      expect(page.layouts(), name).toBe(0);
    }
    // A key that moves nothing far, or a click on no link, does not.
    const page = run(code, { blocks: [element('p')] });
    page.key({ key: 'a' });
    page.event('click', { closest: () => null });
    expect(page.drawing()).toBe(true);
  });

  it('defers nothing where the browser puts the reader at an offset: a #hash, a reload, Back or Forward to a page loaded anew', () => {
    const { code } = createHeadScript(config({}), { entry: '/e.js' });
    expect(run(code, { hash: '#health' }).drawing()).toBe(false);
    expect(run(code, { navigation: 'reload' }).drawing()).toBe(false);
    expect(run(code, { navigation: 'back_forward' }).drawing()).toBe(false);
    expect(run(code, { navigation: 'navigate' }).drawing()).toBe(true);
  });
});
