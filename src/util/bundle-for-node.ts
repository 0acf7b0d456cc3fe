import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { CACHE_DIR, PACKAGE_ROOT } from './package-root.ts';

/**
 * Bundles a TypeScript entry into one ES module for Node with esbuild: relative imports are
 * inlined, packages are left for Node to resolve. Returns the code; esbuild failures are thrown
 * as esbuild reports them (`error.errors` carries file, line and column).
 */
export async function bundleForNode(options: NodeBundleOptions): Promise<string> {
  const result = await build(nodeBundleOptions(options));
  return result.outputFiles[0].text;
}

/**
 * `bundleForNode` with a source map (version 3, as JSON) whose `sources` are absolute paths, so
 * that positions in the code map back to the files it was made from wherever it is written.
 * The code is byte for byte what `bundleForNode` returns (the map is not linked from it).
 */
export async function bundleForNodeWithMap(options: NodeBundleOptions): Promise<{ code: string; map: string; css?: string; metafile: Metafile }> {
  // The output path is never written (write: false): esbuild names sources relative to it.
  const outfile = path.join(CACHE_DIR, 'bundle.mjs');
  const result = await build({ ...nodeBundleOptions(options), sourcemap: 'external', sourcesContent: false, outfile, metafile: true });
  const code = result.outputFiles.find((f) => f.path === outfile)!.text;
  const map = JSON.parse(result.outputFiles.find((f) => f.path === `${outfile}.map`)!.text) as { sources: string[] };
  map.sources = map.sources.map((source) => path.resolve(path.dirname(outfile), source));
  // The CSS the bundled modules import, when they import any (its own map is not kept).
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text;
  return { code, map: JSON.stringify(map), ...(css === undefined ? {} : { css }), metafile: result.metafile };
}

/** What to bundle for Node, and how. */
export interface NodeBundleOptions {
  entry: string; absWorkingDir?: string; plugins?: Plugin[];
  /**
   * The only imports left for Node to resolve. Without it every package is (`packages:
   * 'external'`); with it, every other package is bundled from where the importing file is.
   */
  external?: string[];
  /** Loaders by extension, beside esbuild's defaults (`{ '.png': 'dataurl' }`). */
  loader?: BuildOptions['loader'];
  /**
   * CommonJS's `__dirname` and `__filename` (a Docusaurus config's `path.resolve(__dirname, …)`),
   * for a bundle written beside its entry: they name the bundle's folder and the entry. Only
   * where the code does not declare them itself (esbuild replaces free names only).
   */
  commonJsGlobals?: boolean;
}

/** The first lines of a bundle with `commonJsGlobals`: the entry's folder and file, from the bundle's own URL. */
const COMMONJS_GLOBALS_BANNER = "import { fileURLToPath as __sitegenFileURLToPath } from 'node:url'; import { dirname as __sitegenDirnameOf } from 'node:path'; const __sitegenFilename = __sitegenFileURLToPath(import.meta.url); const __sitegenDirname = __sitegenDirnameOf(__sitegenFilename);";

/**
 * The first line of a bundle for Node: a `require` for the CommonJS packages bundled into it
 * (`require('react')` in a site's component library). Without it, esbuild's ES module output
 * throws "Dynamic require of "react" is not supported" when such a package runs.
 */
export const NODE_REQUIRE_BANNER = "import { createRequire as __sitegenCreateRequire } from 'node:module'; const require = __sitegenCreateRequire(import.meta.url);";

function nodeBundleOptions(options: NodeBundleOptions): BuildOptions & { write: false } {
  return {
    entryPoints: [options.entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    banner: { js: options.commonJsGlobals ? `${NODE_REQUIRE_BANNER} ${COMMONJS_GLOBALS_BANNER}` : NODE_REQUIRE_BANNER },
    ...(options.commonJsGlobals ? { define: { __dirname: '__sitegenDirname', __filename: '__sitegenFilename' } } : {}),
    ...(options.external ? { external: options.external } : { packages: 'external' as const }),
    ...(options.loader ? { loader: options.loader } : {}),
    logLevel: 'silent',
    absWorkingDir: options.absWorkingDir,
    plugins: options.plugins,
  };
}

/**
 * Writes bundled code to `CACHE_DIR/<name>-<hash>.mjs` (the hash of the code and of its map) (inside this package, so its bare imports
 * resolve to our node_modules) and returns the path. A file of that hash already holds the same
 * code; a new one is written under a temporary name first, so a second build starting now never
 * reads half a file. A source map (`map`) is written beside it first, as `<file>.map`.
 */
export async function writeCachedModule(name: string, code: string, map?: string): Promise<string> {
  // The map names its sources by absolute path, so it is part of the key: the same code bundled
  // from another copy of the site must not be mapped to the first copy's files.
  const hash = createHash('sha256').update(code);
  if (map !== undefined) hash.update('\0').update(map);
  const file = path.join(CACHE_DIR, `${name}-${hash.digest('hex').slice(0, 12)}.mjs`);
  // The same code may have been cached without its map (by a caller that did not ask for one).
  if (existsSync(file) && (map === undefined || existsSync(`${file}.map`))) return file;
  await mkdir(CACHE_DIR, { recursive: true });
  await writeAtomically(file, code, map);
  return file;
}

/** Writes `code` to `file` (and `map` to `file.map` before it) through temporary files. */
export async function writeAtomically(file: string, code: string, map?: string): Promise<void> {
  const tmp = `.${process.pid}.tmp`;
  if (map !== undefined) {
    await writeFile(`${file}.map${tmp}`, map);
    await rename(`${file}.map${tmp}`, `${file}.map`);
  }
  await writeFile(`${file}${tmp}`, code);
  await rename(`${file}${tmp}`, file);
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
