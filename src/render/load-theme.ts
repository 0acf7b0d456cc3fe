import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { toThemeError } from './esbuild-errors.ts';
import type { PageData, SiteData } from '../model.ts';
import { bundleForNode, writeCachedModule } from '../util/bundle-for-node.ts';
import { DEFAULT_THEME_DIR, themeOverridesPlugin } from './theme-plugin.ts';

/** Renders one page's body markup. */
export type RenderApp = (site: SiteData, page: PageData) => string;

/** The server side of the theme. */
export interface Theme {
  renderApp: RenderApp;
  /** The theme file (relative to the theme folder) whose bundle shows pages of `type` in the browser. */
  pageModuleFile: (type: PageData['type']) => string;
}

/**
 * Bundles the theme's server entry with the site's overrides and imports it. Bundling (rather
 * than importing the .tsx directly) applies overrides and gives `sitegen dev` a fresh module
 * after every theme edit.
 */
export async function loadTheme(options: { siteRoot: string }): Promise<Theme> {
  const code = await bundleForNode({
    entry: path.join(DEFAULT_THEME_DIR, 'server.tsx'),
    // Error locations relative to the site root, like every other diagnostic.
    absWorkingDir: path.resolve(options.siteRoot),
    plugins: [themeOverridesPlugin(path.join(options.siteRoot, 'theme'))],
  }).catch((error: unknown) => {
    throw toThemeError(error, 'server theme');
  });
  const file = await writeCachedModule('server', code);
  const mod = (await import(pathToFileURL(file).href)) as Theme;
  return { renderApp: mod.renderApp, pageModuleFile: mod.pageModuleFile };
}
