import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SidebarBranches, SidebarItem } from '../../src/model.ts';
import { withBase } from './base-url.tsx';
import { loadLater } from './later.tsx';

/**
 * Where the children of lazy sidebar categories come from. Only big sites have lazy categories
 * (`docs.sidebarInlineLimit`): their pages inline a skeleton of the sidebar plus their own branch,
 * and the whole sidebar is one file, fetched when a reader opens a category nothing else filled.
 */
export interface SidebarData {
  /** The current page's branches (lazy categories on its path). */
  branches?: SidebarBranches;
  /** Children of every category of the full sidebar by key, once it has loaded. */
  loaded?: Map<string, SidebarItem[]>;
  /** `loading` while the full sidebar is fetched; `error` after a failed fetch, until `load` again. */
  status: 'idle' | 'loading' | 'error';
  /** Fetches the full sidebar; one request however many categories ask. */
  load: () => void;
}

export const SidebarDataContext = createContext<SidebarData>({ status: 'idle', load: () => {} });

/** Lazy sidebar data for the sidebar component. */
export function useSidebarData(): SidebarData {
  return useContext(SidebarDataContext);
}

/**
 * The children of `category` (whose key is `key`): its own items unless it is lazy; then the
 * page's branch, else the loaded full sidebar, else undefined (not known yet).
 */
export function categoryChildren(category: Extract<SidebarItem, { type: 'category' }>, key: string, data: SidebarData): SidebarItem[] | undefined {
  if (!category.lazy) return category.items;
  return data.branches?.[key] ?? data.loaded?.get(key);
}

/**
 * State of the full sidebar for the app root. It lives above the pages, so it survives client
 * navigations; `branches` is the current page's. Without `url` (small sites) nothing loads.
 */
export function useSidebarLoader(options: { url?: string; branches?: SidebarBranches }): SidebarData {
  const { url, branches } = options;
  const [state, setState] = useState<{ status: SidebarData['status']; loaded?: Map<string, SidebarItem[]> }>({ status: 'idle' });
  const load = useCallback(() => {
    if (!url) return;
    setState((s) => (s.loaded ? s : { status: 'loading' }));
    fetchSidebar(url).then(
      (loaded) => setState({ status: 'idle', loaded }),
      () => setState((s) => (s.loaded ? s : { status: 'error' })),
    );
  }, [url]);
  return useMemo(() => ({ branches, loaded: state.loaded, status: state.status, load }), [branches, state, load]);
}

/**
 * The skeleton of a sidebar too big to inline (`SiteData.sidebarSkeletonUrls`), fetched once the
 * page is on screen: until then (and in the server markup) the page shows its own part,
 * `fallback`. Without `url` it is `undefined` and nothing loads. A failed fetch leaves the page's
 * part and is tried again on the next page.
 */
export function useSidebarSkeleton(url: string | undefined): SidebarItem[] | undefined {
  const [skeleton, setSkeleton] = useState<{ url: string; items: SidebarItem[] }>();
  useEffect(() => {
    if (!url || skeleton?.url === url) return;
    let live = true;
    // Shown once the sidebar's own code is here too: new items before then would blank it (theme/runtime/later.tsx).
    Promise.all([fetchJson<SidebarItem[]>(url), loadLater()]).then(([items]) => live && setSkeleton({ url, items }), () => undefined);
    return () => {
      live = false;
    };
  }, [url, skeleton]);
  return url && skeleton?.url === url ? skeleton.items : undefined;
}

/** One request per URL, shared by every category that asks; a failed one is forgotten so a retry refetches. */
const requests = new Map<string, Promise<unknown>>();

function fetchJson<T>(url: string): Promise<T> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(withBase(url)).then((res) => {
      if (!res.ok) throw new Error(`Cannot load the sidebar: HTTP ${res.status}`);
      return res.json();
    });
    request.catch(() => requests.delete(url));
    requests.set(url, request);
  }
  return request as Promise<T>;
}

const indexed = new Map<string, Promise<Map<string, SidebarItem[]>>>();

function fetchSidebar(url: string): Promise<Map<string, SidebarItem[]>> {
  let request = indexed.get(url);
  if (!request) {
    request = fetchJson<SidebarItem[]>(url).then((items) => indexCategories(items));
    request.catch(() => indexed.delete(url));
    indexed.set(url, request);
  }
  return request;
}

/** Every category's children by the key the sidebar gives it (`/Guides/Advanced`). */
function indexCategories(items: SidebarItem[], parentKey = '', index = new Map<string, SidebarItem[]>()): Map<string, SidebarItem[]> {
  for (const item of items) {
    if (item.type !== 'category') continue;
    const key = `${parentKey}/${item.label}`;
    // The first of two same-labelled siblings wins, as their shared open/closed state already does.
    if (!index.has(key)) index.set(key, item.items);
    indexCategories(item.items, key, index);
  }
  return index;
}
