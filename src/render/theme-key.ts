import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME_DIR } from './theme-plugin.ts';
import { generatorVersion } from '../util/generator-version.ts';

/**
 * Hash of everything the theme's bundles (client and server) are made from: the generator
 * (sitegen's sources and pinned packages, see `generatorVersion`), the theme's files, the site's
 * overrides of them and the site's folder.
 */
export function themeKey(siteRoot: string): string {
  const h = createHash('sha256').update(`${generatorVersion()}\n${path.resolve(siteRoot)}\n`);
  for (const dir of [DEFAULT_THEME_DIR, path.join(siteRoot, 'theme')]) {
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
    for (const f of files) h.update(`${path.relative(dir, f)}\n`).update(readFileSync(f));
    h.update('\n--\n');
  }
  return h.digest('hex').slice(0, 32);
}
