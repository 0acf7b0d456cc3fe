import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CACHE_DIR } from '../util/package-root.ts';

/**
 * What a build reads out of a page's HTML besides keeping the file: its links and ids (for the
 * link check) and its search digest (`SearchPhase.add`; null when the page is not indexed,
 * absent when the build that rendered it had no local search). A pure function of the page's
 * key (`pageKey`: the HTML is), so a later build that keeps the file takes them from here
 * instead of reading the file again: on 10,000 unchanged pages that reading was most of a
 * warm build's 35 s, and on this site 0.2 of its 0.5 s.
 */
export interface PageFacts {
  hrefs: string[];
  ids: string[];
  search?: string | null;
}

/** The facts of the pages of one output folder's last build (see `openPageFacts`). */
export interface PageFactsStore {
  get(key: string): PageFacts | undefined;
  /** Records the facts of a page of this build; `save` keeps only those. */
  set(key: string, facts: PageFacts): void;
  /** Writes this build's facts for the next build; a failure only costs that build time. */
  save(): Promise<void>;
}

/** Bumped when `PageFacts` changes shape. */
const FORMAT = 1;

/** Output folders whose facts are kept; the least recently built go first (tests build many). */
const KEPT = 8;

/**
 * Opens the facts stored for the build of `outDir` (in the cache folder, like the spare output
 * folder it goes with). Anything unreadable counts as nothing stored.
 */
export function openPageFacts(outDir: string, dir = path.join(CACHE_DIR, 'page-facts')): PageFactsStore {
  const file = path.join(dir, `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16)}.v8`);
  const before = readStored(file);
  const next = new Map<string, PageFacts>();
  return {
    get: (key) => next.get(key) ?? before.get(key),
    set: (key, facts) => void next.set(key, facts),
    async save() {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(tmp, serialize({ format: FORMAT, pages: next }));
        await rename(tmp, file);
        await pruneOthers(dir, file);
      } catch {
        // The next build reads the pages' HTML instead.
      }
    },
  };
}

function readStored(file: string): Map<string, PageFacts> {
  try {
    const stored = deserialize(readFileSync(file)) as { format?: number; pages?: unknown };
    if (stored.format === FORMAT && stored.pages instanceof Map) return stored.pages as Map<string, PageFacts>;
  } catch {
    // Missing or unreadable.
  }
  return new Map();
}

/** Deletes all but the `KEPT` most recently written facts files of `dir` (`current` among them). */
async function pruneOthers(dir: string, current: string): Promise<void> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.v8')).map((name) => path.join(dir, name));
  const dated = await Promise.all(files.map(async (f) => ({ f, time: f === current ? Infinity : (await stat(f).catch(() => undefined))?.mtimeMs ?? 0 })));
  for (const { f } of dated.sort((a, b) => b.time - a.time).slice(KEPT)) await rm(f, { force: true });
}
