import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { SiteName } from './env.ts';
import { inlineData } from '../helpers/helpers.ts';

/** What the global setup provided; null when Chromium is missing outside CI. */
export const env = inject('browserEnv');

/** True when the browser suites must skip (the setup printed why). Use with `describe.skipIf`. */
export const noBrowser = env === null;

/** Origin of a built site. */
export function site(name: SiteName = 'real'): string {
  return env!.sites[name];
}

/** An open page with the uncaught errors it raised. */
export interface Tab { page: Page; context: BrowserContext; errors: Error[] }

/** Options of {@link Tabs.open}. */
export interface OpenOptions extends BrowserContextOptions {
  /** Route to load; omit to get a blank page. */
  path?: string;
  site?: SiteName;
  width?: number;
  height?: number;
  /** Stored colour mode, written to localStorage before every load of the context. */
  theme?: 'light' | 'dark';
  /** Uncaught page errors are expected (crash tests); otherwise they fail the test. */
  allowErrors?: boolean;
  /**
   * Wait for hydration after the load (default). False for a test of what the server rendered and
   * the stylesheet lays out (hydration changes neither): it saves seconds a page on a busy machine.
   */
  hydrate?: boolean;
}

/** Opens pages in fresh contexts of the shared browser and closes them after each test. */
export interface Tabs {
  open(options?: OpenOptions): Promise<Tab>;
  /** A second page in an existing context (shares storage, like a second tab). */
  another(tab: Tab, path: string): Promise<Tab>;
  /**
   * A page kept open across tests that only read it: `open(options)` at the first call, the same
   * tab at every later one, closed after the file's last test. For tests of the same route, width,
   * colour mode and JavaScript that write no storage, intercept nothing and leave the page as they
   * found it (or move it on with `goto`, when they need no fresh storage): they save a context and
   * a load each. Its uncaught errors fail the test that was running.
   */
  shared(options?: Omit<OpenOptions, 'allowErrors'>): () => Promise<Tab>;
}

/**
 * Connects the test file to the one Chromium of the global setup. Every test gets fresh
 * contexts (clean storage); each fails on uncaught page errors unless it allows them.
 */
export function useBrowser(): Tabs {
  let browser: Browser | undefined;
  let open: { tab: Tab; allowErrors: boolean }[] = [];
  const kept: Tab[] = [];
  beforeAll(async () => {
    if (env) browser = await chromium.connect(env.wsEndpoint);
  });
  afterAll(async () => {
    await Promise.all(kept.map((tab) => tab.context.close()));
    await browser?.close();
  });
  afterEach(async () => {
    const tabs = open;
    open = [];
    await Promise.all([...new Set(tabs.map((t) => t.tab.context))].map((c) => c.close()));
    // A kept page's errors belong to the test that just ran: reported once, then forgotten.
    const errors = [...tabs.filter((t) => !t.allowErrors).map((t) => t.tab), ...kept].flatMap((tab) => tab.errors.splice(0));
    if (errors.length) throw new Error(`Uncaught page errors:\n${errors.map((e) => e.stack ?? e.message).join('\n')}`);
  });

  const track = (page: Page, context: BrowserContext, allowErrors: boolean): Tab => {
    const tab: Tab = { page, context, errors: [] };
    page.on('pageerror', (error) => tab.errors.push(error));
    open.push({ tab, allowErrors });
    return tab;
  };

  const api: Tabs = {
    async open(options = {}) {
      const { path, site: name = 'real', width = 1280, height = 800, theme, allowErrors = false, hydrate = true, ...contextOptions } = options;
      const context = await browser!.newContext({
        baseURL: site(name), viewport: { width, height }, reducedMotion: 'reduce', ...contextOptions,
      });
      // Generous: another browser or build beside the suite makes a test slower, never red
      // (a CI rehearsal under extra load waited over 60 s for a throttled page to hydrate).
      context.setDefaultTimeout(120_000);
      context.setDefaultNavigationTimeout(120_000);
      if (theme) await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      const tab = track(await context.newPage(), context, allowErrors);
      if (path) await goto(tab.page, path, { hydrate: hydrate && contextOptions.javaScriptEnabled !== false });
      return tab;
    },
    async another(tab, path) {
      const other = track(await tab.context.newPage(), tab.context, false);
      await goto(other.page, path);
      return other;
    },
    shared(options = {}) {
      let tab: Promise<Tab> | undefined;
      return () => {
        tab ??= api.open(options).then((opened) => {
          // Out of the list closed after each test, into the one closed after the file.
          open = open.filter((t) => t.tab !== opened);
          kept.push(opened);
          return opened;
        });
        return tab;
      };
    },
  };
  return api;
}

/**
 * Loads a route and waits for `load` (stylesheets applied), then until React has hydrated it
 * unless `hydrate` is false. A test that holds one of the runtime's downloads passes
 * `waitUntil: 'domcontentloaded'`: the head script adds that module at first paint, which can be
 * before `load`, so waiting for `load` would wait for ever.
 */
export async function goto(
  page: Page, path: string, options: { hydrate?: boolean; waitUntil?: 'load' | 'domcontentloaded' } = {},
): Promise<void> {
  await page.goto(path, { waitUntil: options.waitUntil ?? 'load' });
  if (options.hydrate !== false) await hydrated(page);
}

/**
 * Waits for hydration: React has hydrated the page, the reader has shown intent (a pointer
 * moving, dispatched here unless it already happened; theme/client/first-intent.ts), then
 * pointed at a link and scrolled (dispatched here too: client navigation and the parts hydrated
 * with it come at the first, the parts for reading at the second; theme/layout/later-parts.tsx),
 * every later part has React's props, client navigation is up and the effects scheduled by the
 * commit have run (two frames later). On 2g or with the data saver on, the later parts and
 * navigation come only at the first click on a link (theme/client/navigation-on-demand.ts): the
 * navbar's hydration is then all.
 */
export async function hydrated(page: Page): Promise<void> {
  // Polled on a timer: a page whose rendering is still blocked (the navbar not yet parsed) runs no
  // animation frames, Playwright's default. A timeout says what the page had, so it can be told apart.
  const poll = { polling: 100 } as const;
  // A page loaded up to `commit` may have no <html> yet: no root, not run yet (a throw would end the wait).
  await explained(page, 'the head script to run', page.waitForFunction(() => document.documentElement?.dataset.intent !== undefined, undefined, poll));
  await page.evaluate(() => {
    if (document.documentElement.dataset.intent === 'waiting') window.dispatchEvent(new PointerEvent('pointermove'));
  });
  await explained(page, 'hydration and client navigation', page.waitForFunction(() => {
    const root = document.documentElement;
    const hydrated = (part: Element) => Object.keys(part).some((k) => k.startsWith('__reactProps'));
    if (root.dataset.navigation === 'on-demand') {
      const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
      if (connection && (connection.saveData || /(^|-)2g$/.test(connection.effectiveType ?? ''))) return hydrated(document.querySelector('.navbar-inner')!);
      // The reader points at a link and scrolls (once each: repeating them changes nothing).
      if (!root.dataset.testIntents) {
        root.dataset.testIntents = '';
        document.querySelector('a[href^="/"]')?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
        window.dispatchEvent(new Event('scroll'));
      }
    }
    const parts = [...document.querySelectorAll('.navbar-inner, footer, nav.sidebar, nav.toc, .toc-mobile, .pagination-nav')];
    return parts.length > 0 && parts.every(hydrated) && root.dataset.navigation === 'ready';
  }, undefined, poll));
  await afterFrames(page);
}

/**
 * A wait for the page that timed out, with the page's state. `stalled` when its own bytes had not
 * all arrived: the document's response or a stylesheet (the first paint waits for it) still pending.
 */
export class PageWaitError extends Error {
  constructor(message: string, readonly stalled: boolean) {
    super(message);
  }
}

/** `wait`, or on failure a PageWaitError that adds the page's state: how far it loaded and what it fetched. */
async function explained(page: Page, what: string, wait: Promise<unknown>): Promise<void> {
  try {
    await wait;
  } catch (error) {
    const state = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((r) => `${r.name.replace(location.origin, '')} ${Math.round(r.responseEnd)} ms`);
      // The site's own sheets only: a CDN's that failed (the suite resolves no outside host) has none either.
      const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
        .filter((link) => link.href.startsWith(location.origin) && !link.sheet).map((link) => link.href.replace(location.origin, ''));
      const root = document.documentElement;
      const ended = navigation ? navigation.responseEnd : 0;
      return {
        stalled: ended === 0 || sheets.length > 0,
        text: [
          `readyState ${document.readyState}, ${root.outerHTML.length} characters parsed`,
          `html class "${root.className}", data-intent ${root.dataset.intent ?? 'unset'}, data-navigation ${root.dataset.navigation ?? 'unset'}`,
          `response ${ended ? `ended at ${Math.round(ended)} ms` : 'not ended'}; now ${Math.round(performance.now())} ms`,
          `stylesheets not loaded: ${sheets.join(', ') || 'none'}`,
          `resources fetched: ${resources.join('; ') || 'none'}`,
        ].join('\n  '),
      };
    }).catch((e: Error) => ({ stalled: false, text: `page state unreadable: ${e.message}` }));
    throw new PageWaitError(`waiting for ${what} on ${page.url()}: ${(error as Error).message}\n  ${state.text}`, state.stalled);
  }
}

/** Resolves after two animation frames and a task, so scroll handlers and effects have run. */
export async function afterFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }));
}

/**
 * Resolves once every request the page has started so far has been reported to the test: the
 * page starts one more (a barrier, answered 404 by the server) and the test waits for it, as
 * Chromium reports a page's requests in the order it starts them.
 */
export async function afterRequests(page: Page): Promise<void> {
  const marker = `/__sitegen/barrier-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => { void fetch(url).catch(() => {}); }, marker);
  await seen;
}

/**
 * Resolves when the page's browser is next idle (`requestIdleCallback`), as its idle-time work
 * waits for. A renderer starved of CPU (four browser files at once on two cores) can go minutes
 * without an idle period, and `page.evaluate` never times out: the callback is forced after 10 s,
 * twice the deadline the site gives its own idle-time work (theme/client/prefetch-later.ts), so
 * that work has run by then either way.
 */
export async function whenIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 10_000 })));
}

/** Waits until the client router shows `path` with an `<h1>` (a client navigation finished). */
export async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p && !!document.querySelector('main h1'), path);
  await afterFrames(page);
}

/** Reads a built page's data as client navigation does: the inline JSON of its HTML. */
export async function pageData(page: Page, route: string): Promise<{ title: string; head: { title: string; description: string }; toc?: { id: string; depth: number }[] }> {
  const response = await page.request.get(route);
  if (!response.ok()) throw new Error(`Cannot load ${route}: HTTP ${response.status()}`);
  return inlineData(await response.text()).page;
}

/**
 * Routes whose data files (`/_pages/<route>.json`, what client navigation and prefetching fetch)
 * the page fetched, in order, from now on. A page's own URL fetched by script counts too: client
 * navigation must not fetch pages' HTML.
 */
export function recordPageFetches(page: Page): string[] {
  const routes: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'fetch') return;
    const route = fetchedRoute(new URL(request.url()).pathname);
    if (route !== undefined) routes.push(route);
  });
  return routes;
}

/**
 * The route a fetched path is for: a data file's (`/_pages/a/b.json` → `/a/b`; under a base,
 * `/base/_pages/a.json` → `/base/a`), or a page's own path; undefined for other files.
 */
function fetchedRoute(pathname: string): string | undefined {
  const data = /^(.*?)\/_pages\/(.+)\.json$/.exec(pathname);
  if (data) return `${data[1]}/${data[2] === 'index' ? '' : data[2]}`;
  return /\.[a-z0-9]+$/i.test(pathname) || pathname.startsWith('/__sitegen/') ? undefined : pathname;
}

/**
 * Answers the client's fetches for `route` (its data file, by client navigation and prefetch)
 * with `handler`; page loads of the route go through. Returns the function that removes the handler.
 */
export async function routePageFetch(page: Page, route: string, handler: (r: Route) => Promise<void> | void): Promise<() => Promise<void>> {
  const matches = (url: URL) => fetchedRoute(url.pathname) === route;
  const onRoute = (r: Route) => (r.request().resourceType() === 'fetch' ? handler(r) : r.fallback());
  await page.route(matches, onRoute);
  return () => page.unroute(matches, onRoute);
}

/** React's file: held by the tests of what a page does before it hydrates (`hold`). */
export const REACT = /\/assets\/js\/react\.[A-Z0-9]+\.js$/;

/** Holds every request matching `pattern` until `release()`; `requested()` says whether one came. */
export async function hold(page: Page, pattern: RegExp): Promise<{ release: () => void; requested: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(pattern, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** Makes `navigator.connection` report a slow or data-saving connection (Chromium has no switch for it). */
export async function emulateConnection(context: BrowserContext, connection: { effectiveType: string; saveData: boolean }): Promise<void> {
  await context.addInitScript((c) => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ ...c, addEventListener() {}, removeEventListener() {} }),
    });
  }, connection);
}

/** The choice the colour mode switch shows (`light`, `dark` or `system`): its one visible choice. */
export function shownModeChoice(page: Page): Promise<string | null> {
  return page.locator('.navbar .color-mode-toggle').first().evaluate((toggle) => {
    const shown = [...toggle.querySelectorAll('[data-choice]')].filter((c) => c.checkVisibility());
    return shown.length === 1 ? shown[0]!.getAttribute('data-choice') : null;
  });
}

/** Presses the colour mode switch until it shows `choice` (one step a press: light, dark, system). */
export async function chooseMode(page: Page, choice: 'light' | 'dark' | 'system'): Promise<void> {
  for (let i = 0; i < 3 && await shownModeChoice(page) !== choice; i++) await page.locator('.navbar .color-mode-toggle').first().click();
  if (await shownModeChoice(page) !== choice) throw new Error(`Cannot reach colour mode ${choice}: the switch shows ${await shownModeChoice(page)}`);
}
