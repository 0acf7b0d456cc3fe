import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The sitegen package folder (holding `package.json`, `src/` and `theme/`). Found by walking up
 * rather than by a fixed `../..`, because the CLI also runs bundled from
 * `node_modules/.cache/sitegen/` (see bin/sitegen.js).
 */
export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);

function findPackageRoot(from: string): string {
  let dir = from;
  while (!(existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'theme')) && existsSync(path.join(dir, 'src')))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`Internal error: cannot find the sitegen package above \`${from}\``);
    dir = up;
  }
  return dir;
}

/** Where sitegen keeps generated modules (bundled theme, config, workers, CLI). */
export const CACHE_DIR = path.join(PACKAGE_ROOT, 'node_modules/.cache/sitegen');
