import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_THEME_DIR } from './theme-plugin.ts';
import { generatorVersion, sourcesVersion } from '../util/generator-version.ts';
import { PACKAGE_ROOT } from '../util/package-root.ts';

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

/** Whether the site has files of its own under `theme/`: overrides of the default theme's. */
export function hasThemeOverrides(siteRoot: string): boolean {
  const dir = path.join(siteRoot, 'theme');
  return existsSync(dir) && readdirSync(dir, { recursive: true, withFileTypes: true }).some((e) => e.isFile());
}

/**
 * The folder the theme's bundles (client and server) are made from, esbuild's `absWorkingDir`:
 * the names of files in a bundle, and so the hashes in its file names, are relative to it. A
 * site that overrides theme files gets its own folder (its files are part of the bundle); one
 * that does not gets sitegen's, so that its bundles are the same from any folder and one made
 * for one such site serves them all. Diagnostics name files relative to the site either way
 * (esbuild-diagnostics.ts › `workingDir`).
 */
export function themeWorkingDir(siteRoot: string): string {
  return hasThemeOverrides(siteRoot) ? path.resolve(siteRoot) : PACKAGE_ROOT;
}

/**
 * Hash of everything the theme's bundles (client and server) are made from: the generator
 * (sitegen's sources and pinned packages, and the Node version, see `generatorVersion`), the
 * theme's files, the site's overrides of them and the folder they are bundled from
 * (`themeWorkingDir`: the same for every site without overrides). `sourcesKey` is
 * `themeSourcesKey(siteRoot)`, when the caller has it already.
 */
export function themeKey(siteRoot: string, sourcesKey = themeSourcesKey(siteRoot)): string {
  return createHash('sha256').update(`${generatorVersion()}\n${themeWorkingDir(siteRoot)}\n${sourcesKey}`).digest('hex').slice(0, 32);
}
