import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleError } from '../bundle/esbuild-diagnostics.ts';
import type { PageData, SiteData } from '../model.ts';
import { bundleForNodeWithMap, writeAtomically, writeCachedModule } from '../util/bundle-for-node.ts';
import { withThemeSources } from './theme-source-map.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from './theme-plugin.ts';
import { themeKey, themeSourcesKey, themeWorkingDir } from './theme-key.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import { recentPromises } from '../util/recent-promises.ts';

/** Renders one page's body markup. */
export type RenderApp = (site: SiteData, page: PageData) => string;

/** The server side of the theme. */
export interface Theme {
  renderApp: RenderApp;
  /** What the theme is made from, hashed (`themeSourcesKey`): the same theme in any folder, the same id. */
  id: string;
  /**
   * The theme file (relative to the theme folder) whose bundle shows pages of `type` in the
   * browser, when it is needed at start (preloaded); undefined when it comes later.
   */
  pageModuleFile: (type: PageData['type']) => string | undefined;
}

/**
 * Bundles the theme's server entry with the site's overrides and imports it. Bundling (rather
 * than importing the .tsx directly) applies overrides and gives `sitegen dev` a fresh module
 * after every theme edit.
 */
export async function loadTheme(options: { siteRoot: string; cache?: boolean }): Promise<Theme> {
  // With `cache` (a build that keeps its caches), a bundle made from the same theme is reused.
  const id = themeSourcesKey(options.siteRoot);
  const cached = options.cache ? path.join(CACHE_DIR, `server-theme-${themeKey(options.siteRoot, id)}.mjs`) : undefined;
  const file = cached && existsSync(cached) ? cached : await recentThemes(themeKey(options.siteRoot, id), () => bundleTheme(options.siteRoot, cached));
  const mod = (await import(pathToFileURL(file).href)) as Omit<Theme, 'id'>;
  // A component that throws is reported at its own line (render-pages.ts reads themeSourceOf).
  const renderApp = withThemeSources(mod.renderApp, { bundle: file, siteRoot: path.resolve(options.siteRoot) });
  return { renderApp, pageModuleFile: mod.pageModuleFile, id };
}

/**
 * The server bundles this process made lately, by `themeKey`: a second site with the same theme
 * and no overrides imports the module already made (and already loaded: the same file).
 */
const recentThemes = recentPromises<string>(4);

/** Bundles the theme's server entry into `file`, or into a file named by its content. */
async function bundleTheme(siteRoot: string, file: string | undefined): Promise<string> {
  const workingDir = themeWorkingDir(siteRoot);
  const { code, map } = await bundleForNodeWithMap({
    entry: path.join(DEFAULT_THEME_DIR, 'server.tsx'),
    absWorkingDir: workingDir,
    plugins: [themeOverridesPlugin(path.join(siteRoot, 'theme'))],
  }).catch((error: unknown) => {
    // Error locations relative to the site root, like every other diagnostic.
    throw bundleError(error, { what: 'the server theme', ruleId: 'theme/bundle', root: siteRoot, workingDir, fallbackFile: 'theme' });
  });
  if (!file) return writeCachedModule('server', code, map);
  await mkdir(path.dirname(file), { recursive: true });
  await writeAtomically(file, code, map);
  return file;
}
