import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

// Issue 16: a page lists every script it needs at start (the head script preloads them all at
// once); React is one file of its own; each family of pages has its own module.

let out: MemoryWriter;

beforeAll(async () => {
  ({ out } = await buildInMemory(fixture('core-site')));
});

const preloads = (file: string) => /<script data-preload="([^"]*)"[^>]*>/.exec(out.text(file)!)![1].split(' ');
const script = (url: string) => out.text(url.slice(1))!;
const imports = (url: string, kind: 'static' | 'dynamic') => {
  const re = kind === 'static' ? /(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g : /\bimport\(\s*"(\.\/[^"]+\.js)"\s*\)/g;
  return [...script(url).matchAll(re)].map((m) => path.posix.join(path.posix.dirname(url), m[1]));
};
const named = (list: string[], name: string) => list.filter((u) => new RegExp(`/${name}\\.[A-Z0-9]+\\.js$`).test(u));

describe('client scripts', () => {
  it('lists, on every page, each script it needs at start with all their static imports', () => {
    for (const file of ['index.html', 'basics/guide.html', 'blog.html', 'blog/2021/01/10/post-1.html', 'search.html', '404.html']) {
      const list = preloads(file);
      const entry = /"(\/assets\/js\/entry\.[A-Z0-9]+\.js)"/.exec(out.text(file)!)![1];
      // The entry imports React, then the runtime (theme/client/entry.tsx).
      expect(list).toEqual(expect.arrayContaining([entry, ...imports(entry, 'dynamic')]));
      for (const url of list) expect(list, `${file}: imports of ${url}`).toEqual(expect.arrayContaining(imports(url, 'static')));
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('gives each family of pages its own module, listed at start where the page\'s body needs script at once', () => {
    const views = ['docs', 'blog', 'search', 'not-found'];
    const pages: Record<string, string> = { docs: 'basics/guide.html', blog: 'blog/2021/01/10/post-1.html', search: 'search.html', 'not-found': '404.html' };
    // Docs and blog pages are read, not used: their module comes later (theme/layout/later-parts.tsx).
    const atStart = new Set(['search', 'not-found']);
    for (const [view, file] of Object.entries(pages)) {
      const list = preloads(file);
      for (const other of views) expect(named(list, other), `${file} lists the ${other} module`).toHaveLength(other === view && atStart.has(view) ? 1 : 0);
    }
    expect(named(preloads('blog.html'), 'blog')).toHaveLength(0);
    // Each family's module is a file of its own all the same.
    for (const view of views) expect([...out.files.keys()].some((f) => new RegExp(`^assets/js/${view}\\.[A-Z0-9]+\\.js$`).test(f)), view).toBe(true);
  });

  it('puts the runtime and all it imports into one chunk, which every module loaded on demand imports', () => {
    const list = preloads('basics/guide.html');
    const entry = /"(\/assets\/js\/entry\.[A-Z0-9]+\.js)"/.exec(out.text('basics/guide.html')!)![1];
    const [runtime] = named(imports(entry, 'dynamic'), 'runtime');
    const shared = imports(runtime, 'static');
    expect(shared).toHaveLength(1);
    const onDemand = imports(shared[0], 'dynamic');
    expect(onDemand.length).toBeGreaterThan(4);
    for (const url of onDemand) expect(imports(url, 'static'), `${url} imports the runtime chunk`).toContain(shared[0]);
    // Whatever else a docs page starts with is the docs module and code it shares only with
    // other modules loaded on demand (the sidebar with the mobile menu…), not with the runtime.
    const docs = named(list, 'docs')[0];
    const rest = list.filter((u) => ![entry, runtime, shared[0], docs].includes(u) && !/\/react\./.test(u) && !u.endsWith('.json'));
    for (const url of rest) {
      expect(imports(docs, 'static'), url).toContain(url);
      expect(onDemand.filter((m) => m !== docs && imports(m, 'static').includes(url)), `${url} is shared with another module`).not.toEqual([]);
    }
  });

  it('keeps React in one file, which holds nothing of ours', () => {
    const scripts = [...out.files.keys()].filter((f) => f.startsWith('assets/js/'));
    const react = scripts.filter((f) => /\/react\.[A-Z0-9]+\.js$/.test(f));
    expect(react).toHaveLength(1);
    // React's element type appears in React's file only.
    expect(scripts.filter((f) => out.text(f)!.includes('react.transitional.element'))).toEqual(react);
    // Nothing of ours but the one export MDX islands read React's entry points from (src/mdx/bundle-islands.ts).
    expect(out.text(react[0])!.replaceAll('__sitegenReact', '')).not.toMatch(/sitegen|data-preload|__sitegen/);
  });

  it('exports from the React file exactly the names our scripts import from it', () => {
    const scripts = [...out.files.keys()].filter((f) => f.startsWith('assets/js/') && f.endsWith('.js'));
    const react = scripts.find((f) => /\/react\.[A-Z0-9]+\.js$/.test(f))!;
    const exported = /export\{([^}]*)\}/.exec(out.text(react)!)![1].split(',').map((e) => e.split(' as ')[1]);
    // `__sitegenReact`: every entry point whole, for the islands of MDX pages.
    const imported = new Set<string>(['default', '__sitegenReact']);
    for (const f of scripts.filter((f) => f !== react)) {
      for (const m of out.text(f)!.matchAll(/import\{([^}]*)\}from"\.\/react\.[A-Z0-9]+\.js"/g)) {
        for (const part of m[1].split(',')) imported.add(part.split(' as ')[0]);
      }
    }
    expect(new Set(exported)).toEqual(imported);
    expect(exported).toContain('hydrateRoot');
    expect(exported).not.toContain('createPortal');
  });

  it('builds the tabs script alone, without React, and names it on no page without tabs (issue 30)', () => {
    const tabs = [...out.files.keys()].filter((f) => /^assets\/js\/tabs\.[A-Z0-9]+\.js$/.test(f));
    expect(tabs).toHaveLength(1);
    const code = out.text(tabs[0])!;
    expect(code).toContain('docusaurus.tab.');
    expect(code).not.toMatch(/\bimport\b|react/);
    expect(code.length).toBeLessThan(4000);
    const pages = [...out.files.keys()].filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((f) => out.text(f)!.includes(tabs[0]))).toEqual([]);
  });
});
