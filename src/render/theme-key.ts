import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME_DIR } from './theme-plugin.ts';
import { generatorVersion, sourcesVersion } from '../util/generator-version.ts';

/**
 * Hash of what the theme's code is made from: sitegen's sources (`sourcesVersion`), the theme's
 * files and the site's overrides of them, by path relative to their folder. The same for the
 * same theme in any folder and on any machine: it goes into page keys (render-pages.ts).
 */
export function themeSourcesKey(siteRoot: string): string {
  const h = createHash('sha256').update(`${sourcesVersion()}\n`);
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

/**
 * Hash of everything the theme's bundles (client and server) are made from: the generator
 * (sitegen's sources and pinned packages, and the Node version, see `generatorVersion`), the
 * theme's files, the site's overrides of them and the site's folder. `sourcesKey` is
 * `themeSourcesKey(siteRoot)`, when the caller has it already.
 */
export function themeKey(siteRoot: string, sourcesKey = themeSourcesKey(siteRoot)): string {
  return createHash('sha256').update(`${generatorVersion()}\n${path.resolve(siteRoot)}\n${sourcesKey}`).digest('hex').slice(0, 32);
}
