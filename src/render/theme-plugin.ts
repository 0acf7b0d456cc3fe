import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PACKAGE_ROOT } from '../util/package-root.ts';

/** The default theme shipped with sitegen. */
export const DEFAULT_THEME_DIR = path.join(PACKAGE_ROOT, 'theme');

/**
 * A file of the theme as every bundle resolves it: the site's override (`<root>/theme/<file>`)
 * when it has one, else the default theme's. Entries a bundler writes itself import theme files
 * through this, so that they get the same module as the components they wrap.
 *
 * @example
 * themeFile(root, 'mdx/context.tsx') // '<root>/theme/mdx/context.tsx' if the site overrides it
 */
export function themeFile(root: string, file: string): string {
  const own = path.join(root, 'theme', file);
  return existsSync(own) ? own : path.join(DEFAULT_THEME_DIR, file);
}

/**
 * esbuild plugin that lets a site override any default theme file by placing a file with the
 * same relative path in its own `theme/` folder (like Docusaurus swizzling). An override can
 * still import the original through `@theme-original/<path>`; its relative imports resolve as if
 * it stood in the default theme.
 */
export function themeOverridesPlugin(siteThemeDir: string): Plugin {
  const active = path.resolve(siteThemeDir) !== DEFAULT_THEME_DIR && existsSync(siteThemeDir);
  return {
    name: 'sitegen-theme-overrides',
    setup(build) {
      // `@theme-original/<file of theme/>`; Docusaurus's `@theme-original/<Component>` is the
      // site imports' (src/bundle/site-imports.ts).
      build.onResolve({ filter: /^@theme-original\// }, (args) => {
        const file = path.join(DEFAULT_THEME_DIR, args.path.slice('@theme-original/'.length));
        return existsSync(file) ? { path: file } : undefined;
      });
      if (!active) return;
      const siteDir = path.resolve(siteThemeDir);
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData === 'sitegen-mapped') return undefined;
        // A stylesheet's `url(../icons/icons.svg#menu)`: the file is the path without its query
        // or fragment, which the bundle keeps (esbuild's `suffix`).
        const [, file, suffix] = /^([^?#]*)(.*)$/.exec(args.path)!;
        if (args.resolveDir.startsWith(siteDir + path.sep) || args.resolveDir === siteDir) {
          // Inside an override, relative imports mean what they would mean in the default theme:
          // `./breadcrumbs.tsx` is the default (or overridden) breadcrumbs, `../../src/…` is sitegen.
          const own = path.resolve(args.resolveDir, file!);
          if (existsSync(own)) return { path: own, suffix };
          const resolveDir = path.join(DEFAULT_THEME_DIR, path.relative(siteDir, args.resolveDir));
          const result = await build.resolve(args.path, { resolveDir, kind: args.kind, importer: args.importer, pluginData: undefined });
          return result.errors.length ? undefined : { path: result.path, external: result.external, suffix: result.suffix };
        }
        const resolved = path.resolve(args.resolveDir, file!);
        if (!resolved.startsWith(DEFAULT_THEME_DIR + path.sep)) return undefined;
        // A default-theme file importing a file the site overrides gets the override.
        const override = path.join(siteDir, path.relative(DEFAULT_THEME_DIR, resolved));
        return existsSync(override) ? { path: override, suffix } : undefined;
      });
    },
  };
}
