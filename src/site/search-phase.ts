import type { SiteConfig } from '../config/schema.ts';
import type { PageData } from '../model.ts';
import { createSearchIndexer } from '../search/create-search-indexer.ts';

/**
 * The search phase of build and dev alike: pages go in with their HTML (a build hands each over
 * as it is rendered, so no page's HTML is kept; dev reads the served pages after a rebuild), and
 * `write` makes the index files. Only docs, categories and posts are indexed (see the indexer).
 */
export interface SearchPhase {
  add(page: PageData, html: string | undefined): void;
  /** Writes the index files through `write`, one by one; returns how many. */
  write(write: (file: string, contents: string | Uint8Array) => Promise<void>): Promise<number>;
}

export function createSearchPhase(config: Pick<SiteConfig, 'locale' | 'search'>): SearchPhase {
  const indexer = createSearchIndexer({ config });
  return {
    add(page, html) {
      if (html !== undefined) indexer.add({ page, html });
    },
    async write(write) {
      let count = 0;
      for (const f of await indexer.finish()) {
        await write(f.path, f.contents);
        count += 1;
      }
      return count;
    },
  };
}
