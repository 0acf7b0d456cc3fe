/**
 * localStorage that never throws: disabled storage, quota errors and private modes make reads
 * return null and writes do nothing (seed spec §8: "silently not persisted").
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Storage unavailable: nothing was stored.
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the preference lasts for this page view only.
    }
  },
};

/** Storage keys, shared with the inline head script. */
export const keys = {
  theme: 'theme',
  announcement: 'announcement-dismissed',
  docsVersion: 'docs-preferred-version',
  recentSearches: 'search-recent',
  sidebar: 'sidebar-state',
} as const;
