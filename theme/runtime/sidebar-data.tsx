import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SidebarBranches, SidebarItem } from '../../src/model.ts';
import { loadLater } from './later.tsx';

/**
 * Where the children of lazy sidebar categories come from. Only big sites have lazy categories
 * (`docs.sidebarInlineLimit`): their pages inline a skeleton of the sidebar plus their own branch,
 * and the whole sidebar is one file, fetched when a reader opens a category nothing else filled
 * (by sidebar-fetch.ts, a module of its own: small sites never need it).
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
    import('./sidebar-fetch.ts').then((m) => m.fetchSidebar(url)).then(
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
    const items = import('./sidebar-fetch.ts').then((m) => m.fetchJson<SidebarItem[]>(url));
    Promise.all([items, loadLater()]).then(([loaded]) => live && setSkeleton({ url, items: loaded }), () => undefined);
    return () => {
      live = false;
    };
  }, [url, skeleton]);
  return url && skeleton?.url === url ? skeleton.items : undefined;
}
