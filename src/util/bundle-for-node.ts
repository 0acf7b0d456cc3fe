import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { CACHE_DIR, PACKAGE_ROOT } from './package-root.ts';

/**
 * Bundles a TypeScript entry into one ES module for Node with esbuild: relative imports are
 * inlined, packages are left for Node to resolve. Returns the code; esbuild failures are thrown
 * as esbuild reports them (`error.errors` carries file, line and column).
 */
export async function bundleForNode(options: { entry: string; absWorkingDir?: string; plugins?: Plugin[] }): Promise<string> {
  const result = await build({
    entryPoints: [options.entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    logLevel: 'silent',
    absWorkingDir: options.absWorkingDir,
    plugins: options.plugins,
  });
  return result.outputFiles[0].text;
}

/**
 * Writes bundled code to `CACHE_DIR/<name>-<hash>.mjs` (inside this package, so its bare imports
 * resolve to our node_modules) and returns the path. A file of that hash already holds the same
 * code; a new one is written under a temporary name first, so a second build starting now never
 * reads half a file.
 */
export async function writeCachedModule(name: string, code: string): Promise<string> {
  const file = path.join(CACHE_DIR, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`);
  if (existsSync(file)) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, code);
  await rename(tmp, file);
  return file;
}

/**
 * Bundles one of sitegen's own worker entries (`src/markdown/highlighter-worker.ts`) into the
 * cache folder and returns the file to start a `Worker` with (plain Node cannot run our TypeScript).
 */
export async function bundleWorkerEntry(options: { entry: string; name: string }): Promise<string> {
  return writeCachedModule(options.name, await bundleForNode({ entry: path.join(PACKAGE_ROOT, options.entry) }));
}
