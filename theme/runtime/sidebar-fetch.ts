import type { SidebarItem } from '../../src/model.ts';
import { withBase } from './base-url.tsx';

/*
 * Fetching the sidebar files of big sites (theme/runtime/sidebar-data.tsx): the full sidebar
 * and the skeleton, each once. A module of its own: small sites never load it.
 */

/** One request per URL, shared by every category that asks; a failed one is forgotten so a retry refetches. */
const requests = new Map<string, Promise<unknown>>();

/** The JSON file at `url` (site-relative), fetched once. */
export function fetchJson<T>(url: string): Promise<T> {
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

/** The full sidebar at `url`, each category's children by key, fetched once. */
export function fetchSidebar(url: string): Promise<Map<string, SidebarItem[]>> {
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
