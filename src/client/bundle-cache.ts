import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ClientAssets } from './bundle-client.ts';
import { bundleClientOnThread } from './bundle-thread.ts';
import { themeKey } from '../render/theme-key.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import { recentPromises } from '../util/recent-promises.ts';

/**
 * The client bundles this process made or read lately, by `themeKey`. A process that builds
 * several sites with the same theme and no overrides (a test suite, a script that builds sites
 * one after another) bundles it once: such bundles are the same from any folder (`themeWorkingDir`).
 */
const recent = recentPromises<ClientAssets>(4);

/**
 * The client bundle of the site at `siteRoot`: made once per theme in this process, and with
 * `onDisk` kept between builds too (`cachedBundleClient`).
 */
export function clientBundle(options: { siteRoot: string }, onDisk: boolean): Promise<ClientAssets> {
  return recent(themeKey(options.siteRoot), () => (onDisk ? cachedBundleClient : bundleClientOnThread)(options));
}

/**
 * `bundleClient`, remembered on disk between builds (`node_modules/.cache/sitegen/client/`):
 * the bundle depends only on what `themeKey` hashes, so a build that changed none of it takes
 * the stored files (about 100 ms saved per build).
 * Anything unreadable is a miss, and a failed write only costs the next build the bundling.
 */
export async function cachedBundleClient(options: { siteRoot: string }): Promise<ClientAssets> {
  const file = path.join(CACHE_DIR, 'client', `${themeKey(options.siteRoot)}.v8`);
  try {
    if (existsSync(file)) return deserialize(readFileSync(file)) as ClientAssets;
  } catch {
    // Unreadable: bundle again below.
  }
  const assets = await bundleClientOnThread(options);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, serialize(assets));
    await rename(tmp, file);
    await prune(path.dirname(file));
  } catch {
    // Read-only or full disk: the next build bundles again.
  }
  return assets;
}

/** Bundles kept: the most recent ones (each theme edit or sitegen update makes a new one). */
const KEEP = 16;

async function prune(dir: string): Promise<void> {
  const entries = await Promise.all((await readdir(dir)).filter((n) => n.endsWith('.v8')).map(async (name) => ({ name, mtime: (await stat(path.join(dir, name))).mtimeMs })));
  for (const { name } of entries.sort((a, b) => b.mtime - a.mtime).slice(KEEP)) await rm(path.join(dir, name), { force: true });
}
