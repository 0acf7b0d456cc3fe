import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync, version as esbuildVersion, type BuildOptions } from 'esbuild';
import { CACHE_DIR, PACKAGE_ROOT } from './package-root.ts';

/**
 * How sitegen's small inline browser scripts are compiled: one self-contained, minified
 * function call for the browsers the client bundle targets (src/client/bundle-client.ts).
 */
const OPTIONS = {
  bundle: true, write: false, minify: true, format: 'iife', platform: 'browser',
  target: ['chrome100', 'firefox100', 'safari15'], logLevel: 'silent', legalComments: 'none',
  // Not the project's tsconfig: its `strict` would add a `"use strict";` to every page for nothing.
  tsconfigRaw: {},
} satisfies BuildOptions;

/** Compiled scripts by source file, for the life of the process. */
const compiled = new Map<string, string>();

/**
 * The minified JavaScript of one of sitegen's browser scripts, `entry` (a TypeScript module
 * under `src/`, relative to the package, e.g. `src/render/head-script.browser.ts`), compiled by
 * esbuild. The script reads its settings from one free name, `placeholder`, which this replaces
 * with `settings` as a JSON literal (with `<` escaped, so no value can close the inline
 * `<script>`). The compiled code is the same for every site and build: it is kept in the cache
 * folder with the hash of each file it was compiled from (the script and the modules it imports),
 * so a build compiles it only after one of them changed (~30 ms) and otherwise reads one small file.
 */
export function browserScript(options: { entry: string; placeholder: string; settings: unknown }): string {
  const { entry, placeholder, settings } = options;
  let code = compiled.get(entry);
  if (code === undefined) compiled.set(entry, code = compileCached(entry));
  const at = code.indexOf(placeholder);
  if (at < 0 || code.indexOf(placeholder, at + 1) >= 0) {
    throw new Error(`Internal error: \`${entry}\` must use \`${placeholder}\` exactly once`);
  }
  const literal = JSON.stringify(settings).replace(/</g, '\\u003c');
  return code.slice(0, at) + literal + code.slice(at + placeholder.length);
}

/**
 * The compiled script, from the cache folder when neither it nor any file it imports changed: the
 * cache entry records each input's hash (esbuild's metafile), and is checked against them.
 */
export function compileCached(entry: string): string {
  const file = path.join(PACKAGE_ROOT, entry);
  const key = createHash('sha256').update(esbuildVersion).update('\n').update(JSON.stringify(OPTIONS)).update('\n').update(entry).digest('hex').slice(0, 16);
  const cached = path.join(CACHE_DIR, 'browser-scripts', `${path.basename(entry, '.ts')}-${key}.json`);
  const hashOf = (input: string) => createHash('sha256').update(readFileSync(path.join(PACKAGE_ROOT, input))).digest('hex');
  if (existsSync(cached)) {
    const entryFile = JSON.parse(readFileSync(cached, 'utf8')) as { inputs: Record<string, string>; code: string };
    const fresh = Object.entries(entryFile.inputs).every(([input, hash]) => existsSync(path.join(PACKAGE_ROOT, input)) && hashOf(input) === hash);
    if (fresh) return entryFile.code;
  }
  // Synchronous: the head script is made while the page shell is put together, which is sync.
  const result = buildSync({ ...OPTIONS, entryPoints: [file], metafile: true, absWorkingDir: PACKAGE_ROOT });
  // esbuild ends the code with a newline; the script is inlined, so it has none.
  const code = result.outputFiles[0].text.trimEnd();
  const inputs = Object.fromEntries(Object.keys(result.metafile.inputs).map((input) => [input, hashOf(input)]));
  mkdirSync(path.dirname(cached), { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ inputs, code }));
  renameSync(tmp, cached);
  return code;
}
