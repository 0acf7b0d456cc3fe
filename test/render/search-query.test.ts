import { afterEach, describe, expect, it, vi } from 'vitest';
import { showQuery } from '../../src/render/search-query.browser.ts';

// Issue 41: the search page loaded with `?q=` shows the query in its box before hydration. Here
// against a small fake of the parser inserting the page and of the mutation observer that sees it
// (test/browser/search-page.test.ts checks the same in Chromium, at the first frame).

/** A page being parsed: `insert()` adds the search box, as the parser would. */
function page(search: string) {
  const attrs: Record<string, string> = {};
  const root = { setAttribute: (k: string, v: string) => { attrs[k] = v; } } as unknown as HTMLElement;
  let box: { value: string } | null = null;
  const observers: { callback: () => void; connected: boolean }[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  vi.stubGlobal('location', { search });
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'search-page-input' ? box : null) });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => (listeners[type] ??= []).push(listener));
  vi.stubGlobal('window', { MutationObserver: true });
  vi.stubGlobal('MutationObserver', class {
    record: { callback: () => void; connected: boolean };
    constructor(callback: () => void) {
      this.record = { callback, connected: false };
      observers.push(this.record);
    }
    observe() { this.record.connected = true; }
    disconnect() { this.record.connected = false; }
  });
  /** The parser inserts nodes; each connected observer gets its records. */
  const mutate = () => observers.filter((o) => o.connected).forEach((o) => o.callback());
  return {
    root, attrs, observers,
    insert(value = '') {
      box = { value };
      mutate();
      return box;
    },
    mutate,
    parsed: () => (listeners.DOMContentLoaded ?? []).forEach((l) => l()),
  };
}

describe('the search page\'s query before hydration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fills the box with q as the parser inserts it, marks the page, and stops watching', () => {
    const p = page('?q=hazard%20damage');
    showQuery(p.root);
    p.mutate();
    expect(p.attrs).toEqual({});
    const box = p.insert();
    expect(box.value).toBe('hazard damage');
    expect(p.attrs).toEqual({ 'data-search-query': '' });
    expect(p.observers.map((o) => o.connected)).toEqual([false]);
  });

  it('keeps what is in the box already', () => {
    const p = page('?q=hazard');
    showQuery(p.root);
    expect(p.insert('typed').value).toBe('typed');
  });

  it('does nothing without q, or with an empty one', () => {
    for (const search of ['', '?q=', '?other=1']) {
      const p = page(search);
      showQuery(p.root);
      expect(p.observers).toEqual([]);
      expect(p.insert().value).toBe('');
      expect(p.attrs).toEqual({});
    }
  });

  it('stops watching when the document is parsed without a box', () => {
    const p = page('?q=hazard');
    showQuery(p.root);
    p.parsed();
    expect(p.observers.map((o) => o.connected)).toEqual([false]);
  });
});
