import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * The file to start a `Worker` with for one of sitegen's own worker entries (a `*-worker.ts`
 * file under `src/`, e.g. `src/markdown/highlighter-worker.ts`): plain Node cannot run our
 * TypeScript. The bundled CLI (bin/sitegen.js) bundles every such entry beside itself, so a
 * build starts its workers without running esbuild; from the sources (tests, tsx), the entry
 * is bundled into the cache folder.
 */
export async function bundleWorkerEntry(entry: string): Promise<string> {
  const name = path.basename(entry, '.ts');
  const prebuilt = fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
  if (existsSync(prebuilt)) return prebuilt;
  return writeCachedModule(name, await bundleForNode({ entry: path.join(PACKAGE_ROOT, entry) }));
}
