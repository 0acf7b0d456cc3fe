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
 * folder by a hash of the source and the esbuild version, so a build compiles it only after the
 * script changed (~30 ms) and otherwise reads one small file.
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

function compileCached(entry: string): string {
  const file = path.join(PACKAGE_ROOT, entry);
  const source = readFileSync(file);
  const key = createHash('sha256').update(esbuildVersion).update('\n').update(JSON.stringify(OPTIONS)).update('\n').update(source).digest('hex').slice(0, 16);
  const cached = path.join(CACHE_DIR, 'browser-scripts', `${path.basename(entry, '.ts')}-${key}.js`);
  if (existsSync(cached)) return readFileSync(cached, 'utf8');
  // Synchronous: the head script is made while the page shell is put together, which is sync.
  const result = buildSync({ ...OPTIONS, entryPoints: [file] });
  // esbuild ends the code with a newline; the script is inlined, so it has none.
  const code = result.outputFiles[0].text.trimEnd();
  mkdirSync(path.dirname(cached), { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, cached);
  return code;
}
