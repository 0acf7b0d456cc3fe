import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '../../src/model.ts';
import { sidebarTrail } from '../../src/routes/build-sidebar.ts';
import { pruneSidebar, splitSidebar } from '../../src/routes/prune-sidebar.ts';

const link = (href: string): SidebarItem => ({ type: 'link', label: href.split('/').pop()!, href });
const category = (label: string, items: SidebarItem[], options: { href?: string; collapsed?: boolean; collapsible?: boolean } = {}): SidebarItem => ({
  type: 'category', label, href: options.href, collapsed: options.collapsed ?? true, collapsible: options.collapsible ?? true, items,
});

// 13 links: Guides (own page) › Advanced › Deep; Reference (open) › Objects, Flat (not collapsible).
const sidebar: SidebarItem[] = [
  link('/intro'),
  category('Guides', [
    link('/guides/start'),
    category('Advanced', [link('/guides/advanced/tuning'), category('Deep', [link('/guides/advanced/deep/one')])]),
  ], { href: '/guides' }),
  category('Reference', [
    link('/reference/api'),
    category('Objects', [link('/reference/objects/board'), link('/reference/objects/game')]),
  ], { collapsed: false }),
  category('Flat', [link('/flat/a'), link('/flat/b')], { collapsible: false }),
  category('Empty', [], { href: '/empty' }),
  category('Later', [category('Inner', [link('/later/inner/x')], { collapsed: false }), link('/later/y')]),
];

/** The split of `sidebar`, which must happen. */
function split(items = sidebar) {
  const result = splitSidebar({ sidebar: items, limit: 3 });
  if (!result) throw new Error('expected the sidebar to be split');
  return result;
}

/** Labels of a pruned tree, with `…` marking a lazy category and its fallback link. */
function shape(items: SidebarItem[]): unknown {
  return items.map((i) => (i.type !== 'category'
    ? i.label
    : { [i.lazy ? `${i.label}… ${i.href ?? i.firstHref}` : i.label]: shape(i.items) }));
}

describe('splitSidebar', () => {
  it('leaves sidebars up to the limit alone (category pages count as links)', () => {
    expect(splitSidebar({ sidebar, limit: 14 })).toBeUndefined();
    expect(splitSidebar({ sidebar, limit: 13 })).toBeUndefined();
    // One over the limit: split, with the whole sidebar in its file.
    const over = splitSidebar({ sidebar, limit: 12 });
    expect(over?.file.contents).toBe(JSON.stringify(sidebar));
    expect(over?.skeleton.length).toBe(sidebar.length);
    expect(splitSidebar({ sidebar: [], limit: 0 })).toBeUndefined();
  });

  it('empties collapsed categories in the skeleton and keeps open ones, pruned below', () => {
    expect(shape(split().skeleton)).toEqual([
      'intro',
      { 'Guides… /guides': [] },
      { Reference: ['api', { 'Objects… /reference/objects/board': [] }] },
      // Not collapsible: always open, so its children are needed on every page.
      { Flat: ['a', 'b'] },
      // Nothing to leave out: stays as it is.
      { Empty: [] },
      // No page of its own: the fallback is its first page, here inside an open subcategory.
      { 'Later… /later/inner/x': [] },
    ]);
    const guides = split().skeleton[1];
    expect(guides).toEqual({ type: 'category', label: 'Guides', href: '/guides', collapsed: true, collapsible: true, items: [], lazy: true });
  });

  it('does not touch the sidebar it prunes', () => {
    const before = JSON.stringify(sidebar);
    pruneSidebar(sidebar);
    split().branchesFor(sidebarTrail(sidebar, '/guides/advanced/deep/one'));
    expect(JSON.stringify(sidebar)).toBe(before);
  });

  it('gives a page the children of every lazy category on its path, keyed by label path, pruned alike', () => {
    const branches = split().branchesFor(sidebarTrail(sidebar, '/guides/advanced/deep/one'))!;
    expect(Object.keys(branches)).toEqual(['/Guides', '/Guides/Advanced', '/Guides/Advanced/Deep']);
    expect(shape(branches['/Guides'])).toEqual(['start', { 'Advanced… /guides/advanced/tuning': [] }]);
    expect(shape(branches['/Guides/Advanced'])).toEqual(['tuning', { 'Deep… /guides/advanced/deep/one': [] }]);
    expect(shape(branches['/Guides/Advanced/Deep'])).toEqual(['one']);
  });

  it('skips open categories on the path but keys the lazy ones below them by the full path', () => {
    const branches = split().branchesFor(sidebarTrail(sidebar, '/reference/objects/game'))!;
    expect(Object.keys(branches)).toEqual(['/Reference/Objects']);
    expect(shape(branches['/Reference/Objects'])).toEqual(['board', 'game']);
    // A lazy category's open child is sent whole, with the lazy one's branch.
    expect(shape(split().branchesFor(sidebarTrail(sidebar, '/later/inner/x'))!['/Later'])).toEqual([{ Inner: ['x'] }, 'y']);
  });

  it('gives a category page its own children', () => {
    const branches = split().branchesFor(sidebarTrail(sidebar, '/guides'))!;
    expect(Object.keys(branches)).toEqual(['/Guides']);
  });

  it('gives nothing to pages outside lazy categories or outside the sidebar', () => {
    const { branchesFor } = split();
    expect(branchesFor(sidebarTrail(sidebar, '/intro'))).toBeUndefined();
    expect(branchesFor(sidebarTrail(sidebar, '/reference/api'))).toBeUndefined();
    expect(branchesFor(sidebarTrail(sidebar, '/flat/b'))).toBeUndefined();
    expect(branchesFor(undefined)).toBeUndefined();
  });

  it('shares one pruned branch between the pages of a category', () => {
    const { branchesFor } = split();
    const one = branchesFor(sidebarTrail(sidebar, '/reference/objects/board'))!;
    const two = branchesFor(sidebarTrail(sidebar, '/reference/objects/game'))!;
    expect(two['/Reference/Objects']).toBe(one['/Reference/Objects']);
  });

  it('writes the full sidebar to a file named by its content', () => {
    const { file } = split();
    expect(file.path).toMatch(/^_chunks\/sidebar\.[0-9a-f]{10}\.json$/);
    expect(file.url).toBe(`/${file.path}`);
    expect(JSON.parse(file.contents)).toEqual(sidebar);
    const renamed = structuredClone(sidebar);
    (renamed[0] as { label: string }).label = 'Introduction';
    expect(split(renamed).file.path).not.toBe(file.path);
    expect(split(structuredClone(sidebar)).file.path).toBe(file.path);
  });
});
