import type { SiteConfig } from '../config/schema.ts';
import type { PageData } from '../model.ts';
import { createSearchIndexer } from '../search/create-search-indexer.ts';
import { INDEX_DIR, indexPaths, type SearchManifest } from '../search/index-format.ts';
import type { CurrentOutput, EarlierOutput } from './site-output.ts';

/**
 * The search phase of build and dev alike: pages go in with their HTML (a build hands each over
 * as it is rendered, so no page's HTML is kept; dev reads the served pages after a rebuild), and
 * `write` makes the index files. Only docs, categories and posts are indexed (see the indexer).
 */
export interface SearchPhase {
  /** Indexes a page by its HTML (undefined: nothing to index); returns its digest, null when it adds nothing. */
  add(page: PageData, html: string | undefined): string | null;
  /** A page kept from an earlier build whose digest is known (see `SearchIndexer.addKnown`). */
  addKnown(page: PageData, digest: string | null, read: () => Promise<string>): void;
  /**
   * Writes the index files through `write`, one by one; returns how many. When the output
   * folder already holds an earlier build's index with this index's hash (`earlier`; see
   * SearchIndexer.hash), that index is kept as it is and nothing is made; otherwise the earlier
   * index's files are given up for reuse (every name but the manifest's carries the hash, so
   * none of them is written again), and the index of the folder this build replaces is copied
   * when it has the hash, else made.
   */
  write(write: (file: string, contents: string | Uint8Array) => Promise<void>, earlier?: EarlierOutput): Promise<number>;
}

export function createSearchPhase(config: Pick<SiteConfig, 'locale' | 'search'>): SearchPhase {
  const indexer = createSearchIndexer({ config });
  return {
    add: (page, html) => (html === undefined ? null : indexer.add({ page, html })),
    addKnown: (page, digest, read) => indexer.addKnown({ page, digest, read }),
    async write(write, earlier) {
      const hash = indexer.hash();
      const kept = earlier && await keepEarlierIndex(earlier, hash);
      if (kept !== undefined) return kept;
      earlier?.recycle((file) => file.startsWith(`${INDEX_DIR}/`) && file !== MANIFEST);
      const copied = earlier?.current && await copyCurrentIndex(earlier.current, hash);
      if (copied !== undefined) return copied;
      let count = 0;
      for (const f of await indexer.finish()) {
        await write(f.path, f.contents);
        count += 1;
      }
      return count;
    },
  };
}

const MANIFEST = `${INDEX_DIR}/${indexPaths.manifest}`;

/**
 * Keeps the index an earlier build left in the output when it is the index of `hash`, complete
 * (its manifest and every shard it names); returns how many files were kept.
 */
async function keepEarlierIndex(earlier: EarlierOutput, hash: string): Promise<number | undefined> {
  const files = indexFiles(await earlier.read(MANIFEST), earlier.files(), hash);
  if (!files) return undefined;
  earlier.keep([MANIFEST, ...files]);
  return files.length + 1;
}

/** Copies the index of the folder this build replaces when it is the index of `hash`, complete; the manifest last. */
async function copyCurrentIndex(current: CurrentOutput, hash: string): Promise<number | undefined> {
  const files = indexFiles(await current.read(MANIFEST), await current.files(INDEX_DIR), hash);
  if (!files) return undefined;
  await current.copy(files);
  await current.copy([MANIFEST]);
  return files.length + 1;
}

/** The files of the index of `hash` among `files`, given its manifest's text; undefined unless the manifest has that hash and every shard it names is there. */
function indexFiles(manifestText: string | undefined, files: string[], hash: string): string[] | undefined {
  let manifest: SearchManifest;
  try {
    manifest = JSON.parse(manifestText ?? '') as SearchManifest;
  } catch {
    return undefined;
  }
  if (manifest.hash !== hash) return undefined;
  const own = files.filter((file) => file.startsWith(`${INDEX_DIR}/`) && file.includes(`.${hash}.`));
  const shards = new Set(manifest.shards.map((_, n) => `${INDEX_DIR}/${indexPaths.shard(n, hash)}`));
  return own.filter((file) => shards.has(file)).length === shards.size ? own : undefined;
}
