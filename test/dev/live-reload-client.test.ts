import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EVENTS_PATH, injectLiveReload } from '../../src/dev/live-reload.ts';

// Issue 28 › 4: the live-reload client is live-reload.browser.ts compiled and minified by
// esbuild. Here it runs against a small fake of the browser APIs it uses.

interface Fake { tag: string; children: Fake[]; textContent?: string; attrs: Record<string, string>; remove(): void; [k: string]: unknown }

function page() {
  const body: Fake = { tag: 'body', children: [], attrs: {}, remove() {} };
  const byId = new Map<string, Fake>();
  const create = (tag: string): Fake => {
    const el: Fake = {
      tag, children: [], attrs: {}, style: {},
      setAttribute(k: string, v: string) { el.attrs[k] = v; },
      appendChild(c: Fake) { el.children.push(c); if (el === body || byId.has(el.id as string)) register(c); },
      remove() { body.children = body.children.filter((c) => c !== el); byId.delete(el.id as string); },
    };
    return el;
  };
  const register = (el: Fake) => { if (el.id) byId.set(el.id as string, el); };
  body.appendChild = (c: Fake) => { body.children.push(c); register(c); };
  const listeners: Record<string, (e: { data?: string }) => void> = {};
  let reloads = 0;
  let cancel = false;
  const window: Record<string, unknown> = {
    document: { body, createElement: create, getElementById: (id: string) => byId.get(id) ?? null },
    location: { reload: () => { reloads++; } },
    EventSource: function (this: unknown, url: string) {
      window.url = url;
      return { addEventListener: (type: string, fn: (e: { data?: string }) => void) => { listeners[type] = fn; } };
    },
    CustomEvent: function (this: unknown, type: string) { return { type }; },
    dispatchEvent: () => !cancel,
  };
  window.window = window;
  return {
    window, body, send: (type: string, data?: unknown) => listeners[type]({ data: JSON.stringify(data) }),
    reloads: () => reloads, cancelUpdates: () => { cancel = true; },
  };
}

describe('the live-reload client', () => {
  const html = injectLiveReload('<html><body><p>Hi</p></body></html>');
  const code = /<script data-sitegen-dev>([\s\S]*?)<\/script><\/body>/.exec(html)![1];

  it('is inserted before </body> as one minified script', () => {
    expect(html.startsWith('<html><body><p>Hi</p><script data-sitegen-dev>(()=>{')).toBe(true);
    expect(code).not.toContain('\n');
    expect(code).toContain(JSON.stringify({ events: EVENTS_PATH }));
  });

  it('listens to the events stream: reload, update (unless the runtime takes it), problems', () => {
    const p = page();
    runInNewContext(code, p.window);
    expect(p.window.url).toBe(EVENTS_PATH);
    p.send('reload', {});
    expect(p.reloads()).toBe(1);
    p.send('update', {});
    expect(p.reloads()).toBe(2);
    p.cancelUpdates();
    p.send('update', {});
    expect(p.reloads()).toBe(2);

    p.send('problems', ['a.md:1:1  error  <b>x</b>  rule', 'b.md  error  y  rule']);
    const overlay = p.body.children[0];
    expect(overlay.attrs).toEqual({ role: 'alertdialog', 'aria-label': 'Build errors' });
    // Text, never markup: a message quoting HTML stays text.
    expect(overlay.children.map((c) => `${c.tag}: ${c.textContent}`)).toEqual([
      'h2: sitegen: the site cannot be built (2 problems)',
      'pre: a.md:1:1  error  <b>x</b>  rule',
      'pre: b.md  error  y  rule',
      'p: Fix the file and save: the page reloads. The terminal shows the same list.',
      'button: Dismiss',
    ]);
    p.send('problems', []);
    expect(p.body.children).toEqual([]);
  });
});
