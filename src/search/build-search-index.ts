import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { INDEX_DIR, indexPaths, type SearchManifest, type SearchShard } from './index-format.ts';
import type { ChunkLimits } from './chunk-sections.ts';
import { collectPostings, type IndexedPage } from './collect-postings.ts';

/** A file of the index, relative to the output root (`search-index/manifest.json`); shards and fragments are gzipped. */
export interface SearchIndexFile { path: string; contents: string | Uint8Array }

/**
 * For files of a few KB: a 4 KB window and less memory make each call about twice as fast (most
 * of gzipSync's time on small files is setting up its state) for 0.1 % more bytes.
 */
const GZIP = { level: 6, windowBits: 12, memLevel: 6 };

/** Options of {@link buildSearchIndex}. */
export interface BuildSearchIndexOptions {
  pages: IndexedPage[];
  /** The site's language, for pages without one. */
  language: string;
  /** Output folder of the index, relative to the output root. @default INDEX_DIR (`search-index`) */
  dir?: string;
  /**
   * Target shard size in characters. Smaller shards mean less unused data per query but a
   * longer manifest; ~8 KB (≈3 KB gzip) balances both from 50 to 10,000+ pages. @default 8000
   */
  shardSize?: number;
  limits?: ChunkLimits;
  /**
   * The index's hash, when the caller has one made from everything the index is made of (see
   * createSearchIndexer); otherwise it is made from the index files themselves.
   */
  hash?: string;
  /**
   * Records per fragment file. One record per file means the fewest bytes per hit but many
   * small files to write; four keeps a first query near 20 KB gzip with 4× fewer files.
   * @default 4
   */
  perFragment?: number;
}

/**
 * Builds the index files: pages are grouped by (language, tag) so each group is an id range,
 * postings are encoded and cut into shards of contiguous terms, and every record gets a
 * fragment. All names but the manifest's carry the index's content hash.
 */
export function buildSearchIndex(options: BuildSearchIndexOptions): SearchIndexFile[] {
  return [...searchIndexFiles(options)];
}

/**
 * {@link buildSearchIndex} as a generator, for builds: each file is made when the caller asks
 * for the next one, and fragments are serialised as they are written (twice when the hash
 * must be made from them) rather than all held at once — on 10,000 pages they are the whole site's text.
 */
export function* searchIndexFiles(options: BuildSearchIndexOptions): Generator<SearchIndexFile> {
  const dir = options.dir ?? INDEX_DIR;
  const perFragment = options.perFragment ?? 4;
  // Drop every hold on the caller's page list: collecting frees each page once its records are
  // made (`release` empties groupPages' own array as it goes).
  let input: IndexedPage[] | undefined = options.pages;
  options = { ...options, pages: [] };
  const { pages, groups } = groupPages(input);
  input = undefined;
  const { postings, fragments, records } = collectPostings({ pages, limits: options.limits, perFragment, release: true });

  const terms = [...postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = terms.map((term): [string, string] => {
    const encoded = postings.get(term)!;
    postings.delete(term);
    return [term, encoded];
  });
  const { separators, shards } = cutShards({ entries, size: options.shardSize ?? 8000 });
  entries.length = 0;
  const shardJson = shards.map((shard) => JSON.stringify(shard));

  const hash = options.hash ?? outputHash({ shardJson, fragments, groups });

  const manifest: SearchManifest = {
    version: 2, hash, records, perFragment, language: options.language, shards: separators, groups,
  };
  for (let n = 0; n < shardJson.length; n++) {
    yield { path: `${dir}/${indexPaths.shard(n, hash)}`, contents: gzipSync(shardJson[n], GZIP) };
    shardJson[n] = '';
  }
  for (let i = 0; i < fragments.length; i++) {
    const { page, n, fragment } = fragments[i];
    yield { path: `${dir}/${indexPaths.fragment(page, n, hash)}`, contents: gzipSync(JSON.stringify(fragment), GZIP) };
    fragment.records = [];
  }
  // Last: a manifest in an output folder means every file it leads to was handed over before it.
  yield { path: `${dir}/${indexPaths.manifest}`, contents: JSON.stringify(manifest) };
}

/** A hash of the index files' contents (10 hex digits). */
function outputHash(options: { shardJson: string[]; fragments: { fragment: unknown }[]; groups: SearchManifest['groups'] }): string {
  const hasher = createHash('sha256');
  for (const text of options.shardJson) hasher.update(text).update('\n');
  for (const f of options.fragments) hasher.update(JSON.stringify(f.fragment)).update('\n');
  hasher.update(JSON.stringify(options.groups));
  return hasher.digest('hex').slice(0, 10);
}

/** Sorts pages by (language, tag), keeping their order within a group, and lists the groups. */
function groupPages(input: IndexedPage[]): { pages: IndexedPage[]; groups: SearchManifest['groups'] } {
  const key = (p: IndexedPage) => `${p.language}\u0000${p.tag}`;
  const order = new Map<string, number>();
  for (const page of input) if (!order.has(key(page))) order.set(key(page), order.size);
  const pages = input
    .map((page, i) => ({ page, i }))
    .sort((a, b) => order.get(key(a.page))! - order.get(key(b.page))! || a.i - b.i)
    .map(({ page }) => page);
  const groups: SearchManifest['groups'] = [];
  pages.forEach((page, id) => {
    const last = groups.at(-1);
    if (last && last[0] === page.language && last[1] === page.tag) last[3] = id + 1;
    else groups.push([page.language, page.tag, id, id + 1]);
  });
  return { pages, groups };
}

/**
 * Cuts sorted `[term, postings]` entries into shards of about `size` characters. A very
 * common term may fill a shard alone. Each separator is the shortest prefix of the shard's
 * first term that still sorts after the previous shard's last term, to keep the manifest short.
 */
function cutShards(options: { entries: [string, string][]; size: number }): { separators: string[]; shards: SearchShard[] } {
  const separators: string[] = [];
  const shards: SearchShard[] = [];
  let shard: SearchShard = {};
  let filled = options.size;
  let previous = '';
  for (const [term, encoded] of options.entries) {
    if (filled >= options.size) {
      let separator = '';
      for (let k = 1; k <= term.length && !(separator > previous); k++) separator = term.slice(0, k);
      separators.push(shards.length === 0 ? '' : separator);
      shards.push((shard = {}));
      filled = 0;
    }
    shard[term] = encoded;
    filled += term.length + encoded.length + 6;
    previous = term;
  }
  return { separators, shards };
}
