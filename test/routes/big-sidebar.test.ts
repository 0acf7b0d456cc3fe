import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build/build-site.ts';
import type { MemoryWriter } from '../../src/site/writer.ts';
import type { PageData, SidebarItem, SiteData } from '../../src/model.ts';
import { flattenSidebar } from '../../src/routes/build-sidebar.ts';
import { writeBigSidebarSite, type BigSidebarSite } from '../helpers/big-sidebar-site.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { inlineData } from '../helpers/helpers.ts';

// A sidebar of 266 links is above the inline limit (200): pages carry a skeleton plus their own
// branch, and the whole sidebar is one file.
let site: BigSidebarSite;
let out: MemoryWriter;
let result: BuildResult;

beforeAll(async () => {
  site = writeBigSidebarSite();
  ({ out, result } = await buildInMemory(site.root));
});
afterAll(() => rmSync(site.root, { recursive: true, force: true }));

function html(file: string): string {
  const text = out.text(file);
  if (text === undefined) throw new Error(`missing ${file}`);
  return text;
}

/** The page's inline JSON, as written. */
function inlineJson(file: string): string {
  return html(file).match(/<script type="application\/json" id="__sitegen">(.*?)<\/script>/)![1];
}

function inline(file: string): { site: SiteData; page: PageData } {
  return inlineData(html(file), out);
}

/** A page's data as the client has it: the inline data with its sidebar state file put back. */
function withState(page: PageData, files: MemoryWriter): PageData & { sidebarItems?: SidebarItem[] } {
  if ((page.type !== 'doc' && page.type !== 'category') || !page.sidebarState) return page;
  const { branches, items } = JSON.parse(files.text(page.sidebarState.slice(1))!);
  return { ...page, sidebarBranches: branches, sidebarItems: items };
}

/** The server-rendered desktop sidebar. */
function sidebarHtml(file: string): string {
  return html(file).match(/<nav class="sidebar" aria-label="Docs sidebar">.*?<\/nav>/)![0];
}

/** The `<details>` of the category labelled `label` (a summary label or a category link). */
function categoryDetails(file: string, label: string): string {
  const nav = sidebarHtml(file);
  const start = nav.search(new RegExp(`(>${label}</span></summary>|>${label}</a><details)`));
  if (start < 0) throw new Error(`no category ${label}`);
  // Up to the matching </details>.
  let depth = 0;
  const re = /<details|<\/details>/g;
  re.lastIndex = nav.lastIndexOf('<details', start + label.length + 20);
  for (let m = re.exec(nav); m; m = re.exec(nav)) {
    depth += m[0] === '<details' ? 1 : -1;
    if (depth === 0) return nav.slice(nav.lastIndexOf('<details', start + label.length + 20), m.index);
  }
  throw new Error('unbalanced');
}

const hrefs = (markup: string) => [...markup.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
const docPages = () => [...out.files.keys()].filter((f) => f.endsWith('.html') && !/^(404|search|blog)/.test(f));

describe('a site whose sidebar is above docs.sidebarInlineLimit', () => {
  it('builds, and every link in its HTML resolves (the fallback links included)', () => {
    expect(site.routes.length).toBeGreaterThan(250);
    expect(result.diagnostics).toEqual([]);
    expect(docPages().length).toBe(site.routes.length);
  });

  it('keeps the inline JSON and the sidebar markup of every docs page small', () => {
    const sizes = docPages().map((f) => ({ f, json: inlineJson(f).length, sidebar: sidebarHtml(f).length }));
    expect(sizes.filter((s) => s.json > 10_000 || s.sidebar > 10_000)).toEqual([]);
  });

  it('writes the whole sidebar once, to the content-hashed file named in the site data', () => {
    // Besides the pages' sidebar states (`.page.json`, below).
    const files = [...out.files.keys()].filter((f) => f.startsWith('_chunks/sidebar.') && !f.endsWith('.page.json'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^_chunks\/sidebar\.[0-9a-f]{10}\.json$/);
    for (const f of ['index.html', 'alpha/group-a/page-03.html', 'delta/delta-notes-1.html']) expect(inline(f).site.sidebarUrls).toEqual({ main: `/${files[0]}` });
    const full: SidebarItem[] = JSON.parse(html(files[0]));
    expect(flattenSidebar(full).map((l) => l.href).sort()).toEqual([...site.routes].sort());
  });

  it('inlines a skeleton: collapsed categories empty and lazy, open ones with their children', () => {
    const sidebar = inline('index.html').site.sidebars.main;
    const top = sidebar.map((i) => (i.type === 'category' ? `${i.label}${i.lazy ? ' (lazy)' : ''}: ${i.items.length}` : i.label));
    expect(top).toEqual(['Alpha (lazy): 0', 'Beta (lazy): 0', 'Gamma (lazy): 0', 'Delta: 5', 'Epsilon (lazy): 0', 'Home']);
    const delta = sidebar[3] as Extract<SidebarItem, { type: 'category' }>;
    const inner = delta.items.filter((i) => i.type === 'category');
    expect(inner.length).toBeGreaterThan(0);
    expect(inner.every((i) => i.lazy && i.items.length === 0)).toBe(true);
  });

  it('renders the branch of the current page open, with every page of its category', () => {
    const file = 'alpha/group-a/page-03.html';
    const alpha = categoryDetails(file, 'Alpha');
    expect(alpha).toMatch(/^<details open="">/);
    const group = categoryDetails(file, 'Alpha Group A');
    expect(group).toMatch(/^<details open="">/);
    expect(hrefs(group)).toEqual(Array.from({ length: 16 }, (_, i) => `/alpha/group-a/page-${String(i + 1).padStart(2, '0')}`));
    expect(sidebarHtml(file)).toContain('<li><a href="/alpha/group-a/page-03" aria-current="page">');
    // A sibling group stays closed, with its fallback link only.
    expect(hrefs(categoryDetails(file, 'Alpha Group B'))).toEqual(['/alpha/group-b/page-01']);
    const page = withState(inline(file).page, out);
    expect(page.type === 'doc' && Object.keys(page.sidebarBranches!)).toEqual(['/Alpha', '/Alpha/Alpha Group A']);
  });

  it('writes each sidebar state once, shared by the pages of a category, and preloads it', () => {
    const state = (file: string) => {
      const { page } = inline(file);
      expect(page, file).not.toHaveProperty('sidebarBranches');
      return page.type === 'doc' || page.type === 'category' ? page.sidebarState : undefined;
    };
    const url = state('alpha/group-a/page-03.html');
    expect(url).toMatch(/^\/_chunks\/sidebar\.[0-9a-f]{10}\.page\.json$/);
    expect(state('alpha/group-a/page-16.html')).toBe(url);
    expect(state('alpha/group-b/page-01.html')).not.toBe(url);
    expect(html('alpha/group-a/page-03.html')).toMatch(new RegExp(`<script data-preload="[^"]*${url!.replace(/\./g, '\\.')}"`));
    // One file per state: far fewer than pages.
    const files = [...out.files.keys()].filter((f) => /^_chunks\/sidebar\.[0-9a-f]{10}\.page\.json$/.test(f));
    const used = new Set(docPages().map((f) => state(f)).filter(Boolean));
    expect(files.sort()).toEqual([...used].map((u) => u!.slice(1)).sort());
    expect(files.length).toBeLessThan(docPages().length / 4);
  });

  it('links each lazy category to its page, or to its first page when it has none', () => {
    const lazyLinks = (file: string) => [...sidebarHtml(file).matchAll(/<ul class="sidebar-list sidebar-lazy"><li><a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => `${m[2]} → ${m[1]}`);
    expect(lazyLinks('index.html')).toEqual([
      'Show pages in Alpha → /alpha',
      'Show pages in Beta → /beta/group-a/deep/page-01',
      'Show pages in Gamma → /gamma',
      'Show pages in Delta Group A → /delta/group-a/page-01',
      'Show pages in Delta Group B → /delta/group-b/page-01',
      'Show pages in Delta Group C → /delta/group-c/page-01',
      'Show pages in Epsilon → /epsilon/group-a/page-01',
    ]);
  });

  it('gives a generated category page its own branch, open', () => {
    const page = withState(inline('alpha.html').page, out);
    expect(page.type === 'category' && Object.keys(page.sidebarBranches!)).toEqual(['/Alpha']);
    expect(categoryDetails('alpha.html', 'Alpha')).toMatch(/^<details open="">/);
    expect(hrefs(categoryDetails('alpha.html', 'Alpha Group C'))).toEqual(['/alpha/group-c/page-01']);
  });

  it('keeps breadcrumbs and previous/next on the full sidebar', () => {
    const { page } = inline('alpha/group-b/page-01.html');
    if (page.type !== 'doc') throw new Error('expected a doc');
    expect(page.breadcrumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'Alpha', href: '/alpha' }, { label: 'Alpha Group B' }, { label: 'Alpha Group B page 01' }]);
    expect([page.prev?.href, page.next?.href]).toEqual(['/alpha/group-a/page-16', '/alpha/group-b/page-02']);
  });
});

describe('the same site with docs.sidebarInlineLimit above its size', () => {
  let small: BigSidebarSite;
  let smallOut: MemoryWriter;
  beforeAll(async () => {
    small = writeBigSidebarSite({ config: { docs: { sidebarInlineLimit: 1000 } } });
    ({ out: smallOut } = await buildInMemory(small.root));
  });
  afterAll(() => rmSync(small.root, { recursive: true, force: true }));

  it('inlines the whole sidebar in every page, with no sidebar file and no branches', () => {
    const text = smallOut.text('alpha/group-a/page-03.html')!;
    const data: { site: SiteData; page: PageData } = inlineData(text, smallOut);
    expect(flattenSidebar(data.site.sidebars.main).length).toBe(small.routes.length);
    expect(data.site.sidebarUrls).toBeUndefined();
    expect(data.page).not.toHaveProperty('sidebarBranches');
    expect(text).not.toContain('sidebar-lazy');
    expect([...smallOut.files.keys()].filter((f) => f.startsWith('_chunks/sidebar.'))).toEqual([]);
  });
});

describe('the same site with a skeleton above docs.sidebarInlineLimit (hundreds of top-level categories on a real site)', () => {
  let huge: BigSidebarSite;
  let hugeOut: MemoryWriter;
  const sections = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];
  beforeAll(async () => {
    // The skeleton holds 9 entries (Home, five sections, Delta's three open groups): above 5.
    huge = writeBigSidebarSite({ config: { docs: { sidebarInlineLimit: 5 } } });
    ({ out: hugeOut } = await buildInMemory(huge.root));
  });
  afterAll(() => rmSync(huge.root, { recursive: true, force: true }));

  const data = (file: string): { site: SiteData; page: PageData & { sidebarItems?: SidebarItem[] } } => {
    const inlined: { site: SiteData; page: PageData } = inlineData(hugeOut.text(file)!, hugeOut);
    return { site: inlined.site, page: withState(inlined.page, hugeOut) };
  };
  const navHrefs = (file: string) => hrefs(hugeOut.text(file)!.match(/<nav class="sidebar" aria-label="Docs sidebar">.*?<\/nav>/)![0]);

  it('writes the skeleton to its own content-hashed file and leaves it out of the site data', () => {
    const { site } = data('alpha/group-a/page-03.html');
    expect(site.sidebars).toEqual({});
    const url = site.sidebarSkeletonUrls?.main;
    expect(url).toMatch(/^\/_chunks\/sidebar\.[0-9a-f]{10}\.skeleton\.json$/);
    const skeleton: SidebarItem[] = JSON.parse(hugeOut.text(url!.slice(1))!);
    expect(skeleton.map((item) => item.label).sort()).toEqual(['Home', ...sections].sort());
    // Collapsed categories stay empty in it, as in an inline skeleton; the whole sidebar is still its own file.
    expect(skeleton.find((item) => item.label === 'Alpha')).toMatchObject({ lazy: true, items: [] });
    expect(site.sidebarUrls?.main).toMatch(/^\/_chunks\/sidebar\.[0-9a-f]{10}\.json$/);
  });

  it('gives each page only its own section, in its data and in its markup', () => {
    for (const [file, section] of [['alpha/group-a/page-03.html', 'Alpha'], ['beta/group-a/deep/page-16.html', 'Beta'], ['epsilon/epsilon-notes-1.html', 'Epsilon']] as const) {
      const { page } = data(file);
      expect(page.sidebarItems?.map((item) => item.label), file).toEqual([section]);
      const slug = `/${section.toLowerCase()}`;
      expect(navHrefs(file).every((href) => href === slug || href.startsWith(`${slug}/`)), file).toBe(true);
      expect(navHrefs(file), file).toContain(`/${file.replace(/\.html$/, '')}`);
    }
  });

  it('keeps a page the same size whatever the other sections hold', () => {
    const size = (file: string) => hugeOut.text(file)!.length;
    // Alpha's pages carry nothing of Beta…Epsilon: its group pages differ only by their own names and neighbours.
    const alpha = ['alpha/group-a/page-03.html', 'alpha/group-b/page-03.html', 'alpha/group-c/page-03.html'].map(size);
    expect(Math.max(...alpha) - Math.min(...alpha)).toBeLessThan(2_000);
    // And each is smaller than the same page with the whole skeleton inline.
    expect(size('alpha/group-a/page-03.html')).toBeLessThan(out.text('alpha/group-a/page-03.html')!.length);
  });
});
