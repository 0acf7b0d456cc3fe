import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPoppedPage, restoreOnLoad } from '../../src/render/scroll-position.browser.ts';

// The head script's part of Back, Forward and reload (src/render/scroll-position.browser.ts),
// against a stand-in window; in Chromium: test/browser/landing.test.ts.

type Listener = (event?: unknown) => void;

function fakeWindow(options: { pathname?: string; navigation?: string; state?: unknown; restoration?: string; scrollTo?: (x: number, y: number) => void }) {
  const listeners: Record<string, Listener[]> = {};
  const attrs: Record<string, string> = {};
  const location = { pathname: options.pathname ?? '/rules', search: '', hash: '', reload: vi.fn() };
  const window = {
    location,
    history: { state: options.state ?? null, scrollRestoration: options.restoration ?? 'auto' },
    document: { readyState: 'complete', documentElement: { getAttribute: (n: string) => attrs[n] ?? null }, querySelector: () => null },
    addEventListener: (type: string, fn: Listener) => { (listeners[type] ??= []).push(fn); },
    removeEventListener: () => {},
    scrollTo: options.scrollTo ?? (() => {}),
    scrollY: 0,
  };
  return { window, location, attrs, fire: (type: string) => (listeners[type] ?? []).forEach((fn) => fn()) };
}

afterEach(() => vi.unstubAllGlobals());

function install(fake: ReturnType<typeof fakeWindow>): void {
  vi.stubGlobal('window', fake.window);
  vi.stubGlobal('location', fake.window.location);
  vi.stubGlobal('history', fake.window.history);
  vi.stubGlobal('document', fake.window.document);
  vi.stubGlobal('addEventListener', fake.window.addEventListener);
}

describe('loadPoppedPage', () => {
  it('loads the page a popstate names while client navigation is not up, not a change of hash, not once it is up', () => {
    const fake = fakeWindow({});
    install(fake);
    loadPoppedPage(fake.window.document.documentElement as unknown as HTMLElement);
    // A #hash entry of the same page: the browser's.
    fake.location.hash = '#health';
    fake.fire('popstate');
    expect(fake.location.reload).not.toHaveBeenCalled();
    // The same page under its .html name: still this page.
    fake.location.pathname = '/rules.html';
    fake.fire('popstate');
    expect(fake.location.reload).not.toHaveBeenCalled();
    // Another page's entry, client navigation not up: loaded.
    fake.location.pathname = '/api/webhooks';
    fake.fire('popstate');
    expect(fake.location.reload).toHaveBeenCalledTimes(1);
    // Client navigation up: it shows the page itself.
    fake.attrs['data-navigation'] = 'ready';
    fake.fire('popstate');
    expect(fake.location.reload).toHaveBeenCalledTimes(1);
  });
});

describe('restoreOnLoad', () => {
  it('scrolls to the position the entry kept when its scroll restoration is manual, and leaves the browser\'s alone', () => {
    const scrolled: number[] = [];
    const manual = fakeWindow({ restoration: 'manual', state: { key: 'k', scroll: 900 }, scrollTo: (_x, y) => scrolled.push(y) });
    install(manual);
    restoreOnLoad();
    expect(scrolled).toEqual([900]);
    vi.unstubAllGlobals();
    for (const other of [{ restoration: 'auto', state: { scroll: 900 } }, { restoration: 'manual', state: { key: 'k' } }, { restoration: 'manual', state: null }]) {
      install(fakeWindow({ ...other, scrollTo: (_x, y) => scrolled.push(y) }));
      restoreOnLoad();
      vi.unstubAllGlobals();
    }
    expect(scrolled).toEqual([900]);
  });
});
