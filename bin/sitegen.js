#!/usr/bin/env node
// Entry of the `sitegen` command. The CLI and the generator are TypeScript: they are bundled
// once with esbuild into node_modules/.cache/sitegen/ (packages left external) and the bundle is
// reused until a file under bin/ or src/ changes. Plain Node then runs it, which starts about
// half a second faster than a TypeScript loader hook compiling ~80 modules on every run.
// If the cache cannot be written, tsx runs the sources directly instead.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React's development build renders several times slower; pages are always production output.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(import.meta.dirname, '..');
const cacheDir = path.join(root, 'node_modules/.cache/sitegen/cli');

/** A key that changes whenever any source file of the CLI changes (path, size, mtime). */
function sourceKey() {
  const hash = createHash('sha256');
  for (const dir of ['bin', 'src']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|js|json)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const stat = statSync(file);
      hash.update(`${path.relative(root, file)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Packages Node loads itself; every other one is bundled into the CLI. The build imports about
 * a thousand files of small ES modules (micromark alone is hundreds), and loading them one by
 * one took ~0.3 s of every run. These stay out: React (the theme bundle must share its copy),
 * esbuild (a native binary), shiki (loads its grammars on demand), KaTeX (one file already),
 * what only `dev`/`check-links` load, and oxc-parser (a native binary, loaded only to place a
 * problem in site.config.ts or a sidebars file). Measured: 8 alternating cold builds of this site, 3.67 s
 * wall median against 3.98 s with every package external.
 */
const EXTERNAL_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'scheduler', 'esbuild', 'shiki', 'shiki/*', '@shikijs/*', 'katex', 'katex/*', 'linkinator', 'chokidar', 'tsx', 'tsx/*', 'fsevents', 'oxc-parser', '@oxc-parser/*'];

async function bundledCli() {
  const dir = path.join(cacheDir, sourceKey());
  const file = path.join(dir, 'cli.mjs');
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  // Split at dynamic imports so `sitegen serve` never loads unified, shiki or React.
  // Worker entries (`src/**/*-worker.ts`) are bundled beside the CLI, so that a build starts
  // its worker threads without running esbuild (see bundleWorkerEntry).
  const workers = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('-worker.ts'))
    .map((e) => [path.basename(e.name, '.ts'), path.join(e.parentPath, e.name)]);
  const result = await build({
    entryPoints: { cli: path.join(root, 'bin/cli.ts'), ...Object.fromEntries(workers) },
    bundle: true,
    splitting: true,
    write: false,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    // CommonJS packages bundled into ES modules call require() for Node's built-ins.
    banner: { js: "import { createRequire as __sitegenCreateRequire } from 'node:module'; const require = __sitegenCreateRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  const tmp = `${dir}.${process.pid}.tmp`;
  mkdirSync(tmp, { recursive: true });
  for (const out of result.outputFiles) writeFileSync(path.join(tmp, path.relative(dir, out.path)), out.contents);
  // Older bundles are dead once the sources changed.
  for (const old of existsSync(cacheDir) ? readdirSync(cacheDir) : []) {
    if (!old.endsWith('.tmp')) rmSync(path.join(cacheDir, old), { recursive: true, force: true });
  }
  try {
    renameSync(tmp, dir);
  } catch {
    // Another process finished the same bundle first.
    rmSync(tmp, { recursive: true, force: true });
  }
  return file;
}

let entry;
try {
  entry = pathToFileURL(await bundledCli()).href;
} catch (error) {
  if (process.env.SITEGEN_DEBUG) console.error('Cannot bundle the CLI, running it through tsx:', error);
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('./cli.ts', import.meta.url).href;
}
const cli = await import(entry);
const args = process.argv.slice(2);
// `sitegen build` runs with a 1.5 GB old-generation heap unless NODE_OPTIONS or the node command
// line sets one. Rendering 10,000 pages makes gigabytes of short-lived strings, and with the
// default limit (a quarter of RAM) V8 let the heap grow to 2.7 GB before collecting; the live
// data stays well below the limit. The build re-runs itself once with the flag (~50 ms).
// The same run also gets 32 MB semi-spaces (V8's default here is 16): rendering allocates
// millions of short-lived tree nodes, and fewer scavenges made the real site's cold build ~8 %
// faster (4 alternating runs each: 16, 32 and 64 MB; 64 was slower than the default).
// Whether the arguments run `build` is commander's answer (`commandToRun`, bin/program.ts): the
// program definition is the only list of commands and of options that take a value.
// It is asked once the CLI is loaded (a few ms: commands import their work when they run).
const HEAP_MB = 1536;
const SEMI_SPACE_MB = 32;
const nodeFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''];
const heapSet = nodeFlags.some((a) => a.includes('--max-old-space-size'));
if (!heapSet && cli.commandToRun(args) === 'build') {
  const { spawn } = await import('node:child_process');
  const semiSpace = nodeFlags.some((a) => a.includes('--max-semi-space-size')) ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`];
  const child = spawn(process.execPath, [...process.execArgv, `--max-old-space-size=${HEAP_MB}`, ...semiSpace, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))));
  process.exit(code);
}
await cli.main(args);
