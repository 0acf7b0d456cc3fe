import { mkdir, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { toThemeError } from './esbuild-errors.ts';
import type { PageData, SiteData } from '../model.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from './theme-plugin.ts';

/** Renders one page's body markup. */
export type RenderApp = (site: SiteData, page: PageData) => string;

/**
 * Bundles the theme's server entry with the site's overrides and imports it. Bundling (rather
 * than importing the .tsx directly) applies overrides and gives `sitegen dev` a fresh module
 * after every theme edit.
 */
export async function loadTheme(options: { siteRoot: string }): Promise<RenderApp> {
  const result = await build({
    entryPoints: [path.join(DEFAULT_THEME_DIR, 'server.tsx')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    packages: 'external',
    logLevel: 'silent',
    // Error locations relative to the site root, like every other diagnostic.
    absWorkingDir: path.resolve(options.siteRoot),
    plugins: [themeOverridesPlugin(path.join(options.siteRoot, 'theme'))],
  }).catch((error: unknown) => {
    throw toThemeError(error, 'server theme');
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
  // Written inside this package so bare imports (`react`) resolve to our node_modules.
  await mkdir(CACHE_DIR, { recursive: true });
  const file = path.join(CACHE_DIR, `server-${hash}.mjs`);
  await writeFile(file, code);
  const mod = (await import(pathToFileURL(file).href)) as { renderApp: RenderApp };
  return mod.renderApp;
}
