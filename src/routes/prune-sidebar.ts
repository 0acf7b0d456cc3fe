import type { SidebarBranches, SidebarItem } from '../model.ts';
import { chunkFile, type ChunkFile } from '../util/chunk-file.ts';
import { flattenSidebar } from './build-sidebar.ts';

/** A sidebar too big to put in every page, cut into what each page needs. */
export interface SidebarSplit {
  /**
   * What every page inlines: the sidebar with each collapsed (collapsible, non-empty) category
   * emptied and marked `lazy`. Open categories keep their children, pruned the same way.
   */
  skeleton: SidebarItem[];
  /** The full sidebar as one content-hashed file, fetched by the client when needed. */
  file: ChunkFile;
  /**
   * Very big sites only: the skeleton itself has more entries than the limit (hundreds of
   * top-level categories), so it is one content-hashed file too, fetched by the client after the
   * page shows, and each page inlines only its own view of it (see `viewFor`).
   */
  skeletonFile?: ChunkFile;
  /**
   * With a `skeletonFile`: the part of the skeleton a page on `trail` inlines, the top-level
   * item it sits in (pruned like the skeleton); undefined otherwise, or off the sidebar.
   */
  viewFor(trail: SidebarItem[] | undefined): SidebarItem[] | undefined;
  /**
   * The pruned children of every lazy category on `trail` (the full sidebar's items from the
   * root to a page, as `indexSidebar` gives them), by category key; undefined when there are none.
   */
  branchesFor(trail: SidebarItem[] | undefined): SidebarBranches | undefined;
  /**
   * What a page on `trail` needs of the sidebar besides the skeleton (`branchesFor` and
   * `viewFor`), as one content-hashed file shared by every page with the same needs (the pages
   * of one category): its HTML refers to the file instead of carrying the data, so pages do not
   * grow with the site. The same object for the same needs; undefined when there are none.
   */
  stateFor(trail: SidebarItem[] | undefined): SidebarState | undefined;
  /** Every state `stateFor` gave so far. */
  states(): Iterable<SidebarState>;
}

/** See `SidebarSplit.stateFor`: `{ branches, items }`, and as a file (its `contents` are them as JSON). */
export interface SidebarState extends ChunkFile {
  branches?: SidebarBranches;
  items?: SidebarItem[];
}

/**
 * Splits the sidebar when it has more than `limit` links (`docs.sidebarInlineLimit`, category
 * pages count), so that each page carries the skeleton plus the branch it sits in instead of the
 * whole site. What remains grows only with what is always shown (top-level items and
 * `collapsed: false` categories) and with the size of the page's own categories.
 * Undefined at or below the limit: every page keeps the whole sidebar.
 */
export function splitSidebar(options: { sidebar: SidebarItem[]; limit: number }): SidebarSplit | undefined {
  const { sidebar, limit } = options;
  if (flattenSidebar(sidebar).length <= limit) return undefined;
  // Pages of one category share its pruned children: one copy in memory, not one per page.
  const pruned = new Map<SidebarItem, SidebarItem[]>();
  const childrenOf = (category: Extract<SidebarItem, { type: 'category' }>) => {
    let items = pruned.get(category);
    if (!items) pruned.set(category, items = pruneSidebar(category.items));
    return items;
  };
  const skeleton = pruneSidebar(sidebar);
  const views = new Map<number, SidebarItem[]>();
  const skeletonContents = countItems(skeleton) > limit ? JSON.stringify(skeleton) : undefined;
  // By the deepest lazy category on the trail (which decides the branches), then the top-level
  // item (which decides the view).
  const states = new Map<SidebarItem | undefined, Map<SidebarItem[] | undefined, SidebarState>>();
  return {
    skeleton,
    file: chunkFile('sidebar', JSON.stringify(sidebar)),
    ...(skeletonContents ? { skeletonFile: chunkFile('sidebar', skeletonContents, 'skeleton') } : {}),
    viewFor(trail) {
      // pruneSidebar keeps the top level item for item: the page's top-level item has its index.
      const index = skeletonContents && trail?.length ? sidebar.indexOf(trail[0]) : -1;
      if (index < 0) return undefined;
      // One array per section, shared by its pages (and across dev rebuilds, like the branches).
      let view = views.get(index);
      if (!view) views.set(index, view = [skeleton[index]]);
      return view;
    },
    branchesFor(trail) {
      const branches: SidebarBranches = {};
      let key = '';
      let found = false;
      for (const item of trail ?? []) {
        if (item.type !== 'category') break;
        // The key the theme's sidebar uses for the category's open/closed state.
        key = `${key}/${item.label}`;
        if (!isLazy(item)) continue;
        branches[key] = childrenOf(item);
        found = true;
      }
      return found ? branches : undefined;
    },
    stateFor(trail) {
      const items = this.viewFor(trail);
      const deepest = [...trail ?? []].reverse().find((item) => item.type === 'category' && isLazy(item));
      if (!items && !deepest) return undefined;
      let byView = states.get(deepest);
      if (!byView) states.set(deepest, byView = new Map());
      let state = byView.get(items);
      if (!state) {
        const branches = this.branchesFor(trail);
        state = { branches, items, ...chunkFile('sidebar', JSON.stringify({ branches, items }), 'page') };
        byView.set(items, state);
      }
      return state;
    },
    *states() {
      for (const byView of states.values()) yield* byView.values();
    },
  };
}

/**
 * The sidebar with every lazy category's children left out (see `SidebarSplit.skeleton`). A lazy
 * category without a page of its own gets `firstHref`, so readers without JavaScript can go on.
 */
export function pruneSidebar(items: SidebarItem[]): SidebarItem[] {
  return items.map((item): SidebarItem => {
    if (item.type !== 'category') return item;
    if (!isLazy(item)) return { ...item, items: pruneSidebar(item.items) };
    const lazy = { ...item, items: [], lazy: true };
    return item.href === undefined ? { ...lazy, firstHref: firstHref(item.items) } : lazy;
  });
}

/** Entries of a sidebar at every level: links, categories (with or without a page) and HTML items. */
function countItems(items: SidebarItem[]): number {
  return items.reduce((sum, item) => sum + 1 + (item.type === 'category' ? countItems(item.items) : 0), 0);
}

/** Collapsed categories start closed, so their children can wait; empty ones have nothing to wait for. */
function isLazy(item: Extract<SidebarItem, { type: 'category' }>): boolean {
  return item.collapsible && item.collapsed && item.items.length > 0;
}

/** The first page in reading order below `items` (a category exists only for a folder with docs). */
function firstHref(items: SidebarItem[]): string | undefined {
  for (const item of items) {
    if (item.href !== undefined) return item.href;
    const inner = item.type === 'category' ? firstHref(item.items) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}
