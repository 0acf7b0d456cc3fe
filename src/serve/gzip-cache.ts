import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/**
 * How much compressed output a server keeps, in bytes. The text of a docs site compresses to a
 * few MB; the limit only matters for sites with very large feeds or data files, whose least
 * recently used entries are then dropped (and compressed again when asked for).
 */
export const GZIP_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Text files larger than this are sent as they are: compressing one would take a large share of
 * the cache and seconds of a worker thread, for a file no page fetches in the normal course.
 */
export const MAX_GZIP_SOURCE_BYTES = 16 * 1024 * 1024;

/** How often a cache compressed and served from memory (tests and `npm run bench` read them). */
export interface GzipCacheStats { compressions: number; hits: number }

/** The gzip bytes of files, compressed once per version instead of once per request. */
export interface GzipCache {
  /**
   * The gzip bytes of `file` as it is at `version` (size and mtime on disk, a generation in
   * dev): compressed on first request with `read`'s bytes; concurrent requests for a version
   * being compressed wait for that one compression.
   */
  get(options: { file: string; version: string; read: () => Promise<Buffer> }): Promise<Buffer>;
  readonly stats: GzipCacheStats;
}

/**
 * A bounded in-memory cache of compressed files, one per server. Gzip runs on libuv's shared
 * thread pool, which also serves every file read: compressing a large file on each request let
 * a few hundred requests for it starve all other requests (issue 37). Compressing each version
 * once, and sending the same bytes to every client after that, keeps the pool free.
 */
export function createGzipCache(options: { maxBytes?: number } = {}): GzipCache {
  const stats: GzipCacheStats = { compressions: 0, hits: 0 };
  const cache = new LRUCache<string, Buffer, () => Promise<Buffer>>({
    maxSize: options.maxBytes ?? GZIP_CACHE_BYTES,
    sizeCalculation: (bytes) => bytes.length,
    fetchMethod: async (_key, _stale, { context: read }) => {
      stats.compressions++;
      // Each version is compressed once and sent many times: the smallest gzip is worth its time.
      return gzipAsync(await read(), { level: 9 });
    },
  });
  return {
    stats,
    async get({ file, version, read }) {
      // An older version of the file (before a rebuild) is never asked for again and ages out.
      const key = `${version}\0${file}`;
      if (cache.has(key)) stats.hits++;
      const bytes = await cache.fetch(key, { context: read });
      // fetch resolves undefined only when the fetch method does, which it never does.
      if (!bytes) throw new Error(`Internal error: no gzip bytes for ${file}`);
      return bytes;
    },
  };
}
