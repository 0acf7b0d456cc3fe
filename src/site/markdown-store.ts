import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deserialize, serialize } from 'node:v8';
import { gunzipSync, gzip } from 'node:zlib';
import type { SiteConfig } from '../config/schema.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import { generatorVersion } from '../util/generator-version.ts';
import type { MarkdownCacheEntry } from '../markdown/render-markdown.ts';
import type { MdxCacheEntry } from '../markdown/markdown-cache.ts';
import { hasSitePlugins, sitePluginsKey, sitePluginsOf } from '../markdown/content-preset.ts';

const gzipAsync = promisify(gzip);

/**
 * Rendered Markdown kept on disk between builds (`node_modules/.cache/sitegen/markdown/`), one
 * gzipped file per source file in V8's serialisation format (unlike JSON, no big string on the
 * heap of a 10,000-page build). An entry is reused only when it was made by the same
 * generator (sources, installed packages, Node major) with the same TOC settings, from the same
 * body; `renderAllMarkdown` then asks the link and image resolvers again, exactly as it does with
 * the in-memory cache of `sitegen dev`, so a renamed page or a changed image still re-renders the
 * files that point at it. Anything unreadable is a miss: the cache only ever saves time.
 */
export interface MarkdownStore {
  /** The stored entry for `file`, if it was made from `input` by this generator. */
  get(file: string, input: MarkdownCacheEntry['input']): MarkdownCacheEntry | MdxCacheEntry | undefined;
  /** Queues `entry` to be written (serialised now, compressed and written off this thread). */
  set(file: string, entry: MarkdownCacheEntry | MdxCacheEntry): void;
  /**
   * Waits for queued writes. With `keep`, also deletes the entries of every other file (sources
   * removed or renamed since), so the cache holds one entry per source file of the site.
   */
  flush(options?: { keep?: Iterable<string> }): Promise<void>;
  /** Entries read (hits) and written so far. */
  readonly stats: { hits: number; writes: number; failures: number };
}

/** What is written per file. `input.source` is replaced by its hash. */
interface StoredEntry {
  version: string;
  file: string;
  inputHash: string;
  links: [string, string | undefined][];
  assets: [string, string | undefined][];
  /** Data files the page showed → their hash (content-data.ts). */
  data: [string, string | undefined][];
  /** A Markdown file's rendered result, or an MDX page's compiled program. */
  result?: MarkdownCacheEntry['result'];
  compiled?: MdxCacheEntry['compiled'];
}

/** The parts of the config that change how any Markdown file renders. */
export type MarkdownConfig = Pick<SiteConfig, 'toc' | 'markdown' | 'baseUrl'>;

/**
 * The site settings that change how any Markdown file renders: a change re-renders every file
 * (in memory, and in the store, whose key includes them).
 */
export function markdownSettings(config: MarkdownConfig & { root?: string }): unknown {
  const plugins = sitePluginsOf(config);
  // Plugins are functions, which JSON leaves out: their sources and the site's lock file stand for them.
  const pluginsKey = hasSitePlugins(plugins) ? { plugins: sitePluginsKey(plugins), lock: config.root ? lockFileHash(config.root) : null } : {};
  return { toc: config.toc, markdown: config.markdown, baseUrl: config.baseUrl, ...pluginsKey };
}

/** A hash of the site's `package-lock.json` (its plugins' versions), `null` without one. */
function lockFileHash(root: string): string | null {
  try {
    return hash(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).slice(0, 16);
  } catch {
    return null;
  }
}

/**
 * Opens the store of the site at `root` for its config's Markdown settings (`markdownSettings`:
 * every entry depends on them). The folder is created on the first write.
 */
export function createMarkdownStore(options: {
  root: string; config: MarkdownConfig; dir?: string;
  /** `false`: every `get` misses, and what is rendered is written anew (`--no-cache` rewrites the store). @default true */
  read?: boolean;
}): MarkdownStore {
  const dir = options.dir ?? markdownStoreDir(options.root);
  const version = hash(`${generatorVersion()}\n${JSON.stringify(markdownSettings({ ...options.config, root: options.root }))}`);
  const pending = new Set<Promise<void>>();
  const stats = { hits: 0, writes: 0, failures: 0 };
  const fileOf = (file: string) => path.join(dir, `${hash(file).slice(0, 24)}.v8.gz`);

  const write = async (file: string, serialized: Buffer) => {
    try {
      const data = await gzipAsync(serialized, { level: 1 });
      await mkdir(dir, { recursive: true });
      // A second build reading now must never see half a file.
      const tmp = `${fileOf(file)}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, fileOf(file)).catch(async (error: NodeJS.ErrnoException) => {
        // A folder where the entry goes (made by hand, or by a tool gone wrong) would make this
        // entry a miss on every build: it is not ours to keep.
        if (!['EISDIR', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR'].includes(error.code ?? '')) throw error;
        await rm(fileOf(file), { recursive: true, force: true });
        await rename(tmp, fileOf(file));
      });
      stats.writes++;
    } catch {
      // Read-only or full disk: the next build renders this file again, nothing else is lost.
      stats.failures++;
    }
  };

  return {
    stats,
    get(file, input) {
      if (options.read === false) return undefined;
      let stored: unknown;
      try {
        stored = deserialize(gunzipSync(readFileSync(fileOf(file))));
      } catch {
        return undefined;
      }
      // Anything but an entry of this generator for this input is a miss, and is written over.
      if (!isStoredEntry(stored) || stored.version !== version || stored.file !== file || stored.inputHash !== inputHash(input)) return undefined;
      stats.hits++;
      const dependencies = { input, links: new Map(stored.links), assets: new Map(stored.assets), ...(stored.data?.length ? { data: new Map(stored.data) } : {}) };
      return stored.compiled ? { ...dependencies, compiled: stored.compiled } : { ...dependencies, result: stored.result! };
    },
    set(file, entry) {
      const stored: StoredEntry = {
        version, file, inputHash: inputHash(entry.input), links: [...entry.links], assets: [...entry.assets], data: [...(entry.data ?? [])],
        ...('compiled' in entry ? { compiled: entry.compiled } : { result: entry.result }),
      };
      // Serialised now, into a buffer outside the JS heap: the entry may change after this call.
      const job = write(file, serialize(stored));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async flush(flushOptions = {}) {
      await Promise.all(pending);
      if (!flushOptions.keep) return;
      const wanted = new Set([...flushOptions.keep].map((file) => path.basename(fileOf(file))));
      try {
        // Leftover `.tmp` files (a build killed mid-write) go too.
        for (const name of await readdir(dir)) if (!wanted.has(name)) await rm(path.join(dir, name), { force: true });
      } catch {
        // No folder yet, not a folder, or not ours to clean: stale entries only cost disk.
      }
    },
  };
}

/** Whether `value` has the shape of a `StoredEntry` (what V8 decodes may be anything: `null`, a string, an old shape). */
function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const pairs = (v: unknown) => Array.isArray(v) && v.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string');
  return typeof entry.version === 'string' && typeof entry.file === 'string' && typeof entry.inputHash === 'string'
    && pairs(entry.links) && pairs(entry.assets) && pairs(entry.data)
    && (isResult(entry.result) !== isCompiledPage(entry.compiled));
}

/** Whether `value` has the shape of a Markdown file's result. */
function isResult(value: unknown): boolean {
  const result = value as Record<string, unknown> | null | undefined;
  return typeof result === 'object' && result !== null && typeof result.html === 'string' && Array.isArray(result.toc)
    && Array.isArray(result.anchors) && Array.isArray(result.links) && typeof result.wordCount === 'number' && Array.isArray(result.diagnostics);
}

/** Whether `value` has the shape of a compiled MDX page (and excerpt). */
function isCompiledPage(value: unknown): boolean {
  const isCompiled = (c: unknown) => {
    const compiled = c as Record<string, unknown> | null | undefined;
    return typeof compiled === 'object' && compiled !== null && (compiled.code === undefined || typeof compiled.code === 'string')
      && typeof compiled.preprocessed === 'string' && Array.isArray(compiled.toc) && Array.isArray(compiled.links)
      && Array.isArray(compiled.elements) && Array.isArray(compiled.jsxLinks) && Array.isArray(compiled.diagnostics)
      && typeof compiled.statics === 'object' && compiled.statics !== null;
  };
  const page = value as { page?: unknown; excerpt?: unknown } | null | undefined;
  return typeof page === 'object' && page !== null && isCompiled(page.page) && (page.excerpt === undefined || isCompiled(page.excerpt));
}

/** Where the store of the site at `root` lives. */
export function markdownStoreDir(root: string): string {
  return path.join(CACHE_DIR, 'markdown', hash(path.resolve(root)).slice(0, 16));
}

function inputHash(input: MarkdownCacheEntry['input']): string {
  return hash(JSON.stringify([input.lineOffset, input.tocMinLevel ?? null, input.tocMaxLevel ?? null, input.source]));
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
