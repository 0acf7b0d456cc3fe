import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

let cachedVersion: string | undefined;

/**
 * Identifies the generator (what renders Markdown and bundles the client): the contents of every source file under
 * `src/`, the lock file (or package.json) pinning the plugins, shiki and its grammars, and the
 * Node major version. Any change there invalidates every stored entry. If user remark/rehype
 * plugins ever become configurable, they must join this key or turn the store off.
 */
export function generatorVersion(): string {
  if (cachedVersion) return cachedVersion;
  const h = createHash('sha256');
  const src = path.join(PACKAGE_ROOT, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|json)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) h.update(`${path.relative(src, file)}\n`).update(readFileSync(file));
  const lock = ['package-lock.json', 'package.json'].map((f) => path.join(PACKAGE_ROOT, f)).find(existsSync);
  if (lock) h.update(readFileSync(lock));
  h.update(`node ${process.versions.node.split('.')[0]}`);
  cachedVersion = h.digest('hex');
  return cachedVersion;
}
