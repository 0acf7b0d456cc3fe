import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

let cachedSources: string | undefined;
let cachedVersion: string | undefined;

/**
 * Identifies what sitegen is made of: the contents of every source file under `src/` and the
 * lock file (or package.json) pinning the plugins, React, shiki and its grammars. The same on
 * every machine and in every folder (it goes into page keys, see render-pages.ts).
 */
export function sourcesVersion(): string {
  if (cachedSources) return cachedSources;
  const h = createHash('sha256');
  const src = path.join(PACKAGE_ROOT, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|json)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) h.update(`${path.relative(src, file)}\n`).update(readFileSync(file));
  const lock = ['package-lock.json', 'package.json'].map((f) => path.join(PACKAGE_ROOT, f)).find(existsSync);
  if (lock) h.update(readFileSync(lock));
  cachedSources = h.digest('hex');
  return cachedSources;
}

/**
 * Identifies the generator (what renders Markdown and bundles the client): `sourcesVersion` and
 * the Node major version. Any change there invalidates every stored entry. If user remark/rehype
 * plugins ever become configurable, they must join this key or turn the store off.
 */
export function generatorVersion(): string {
  cachedVersion ??= createHash('sha256').update(`${sourcesVersion()}\nnode ${process.versions.node.split('.')[0]}`).digest('hex');
  return cachedVersion;
}
