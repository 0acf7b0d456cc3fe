import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/** The default theme shipped with sitegen. */
export const DEFAULT_THEME_DIR = path.resolve(import.meta.dirname, '../../theme');

/**
 * esbuild plugin that lets a site override any default theme file by placing a file with the
 * same relative path in its own `theme/` folder (like Docusaurus swizzling). An override can
 * still import the original through `@theme-original/<path>`.
 */
export function themeOverridesPlugin(siteThemeDir: string): Plugin {
  const active = path.resolve(siteThemeDir) !== DEFAULT_THEME_DIR && existsSync(siteThemeDir);
  return {
    name: 'sitegen-theme-overrides',
    setup(build) {
      build.onResolve({ filter: /^@theme-original\// }, (args) => ({
        path: path.join(DEFAULT_THEME_DIR, args.path.slice('@theme-original/'.length)),
      }));
      if (!active) return;
      build.onResolve({ filter: /^\./ }, (args) => {
        const resolved = path.resolve(args.resolveDir, args.path);
        if (!resolved.startsWith(DEFAULT_THEME_DIR + path.sep)) return undefined;
        // Imports from inside an override keep resolving against the default theme.
        const override = path.join(siteThemeDir, path.relative(DEFAULT_THEME_DIR, resolved));
        return existsSync(override) ? { path: override } : undefined;
      });
    },
  };
}
