import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';
import { DEFAULT_THEME_DIR } from './theme-plugin.ts';

/** The theme folder that provides the Docusaurus module names (`@theme/Layout`, `@docusaurus/Link`). */
export const THEME_MODULES_DIR = path.join(DEFAULT_THEME_DIR, 'mdx');

/**
 * The table of Docusaurus module names the theme provides (theme/mdx/modules.ts: name → file of
 * theme/mdx). Read from the theme's file, not imported (src never imports the theme), through
 * esbuild's TypeScript transform: the module is a plain object literal without imports.
 */
export async function loadThemeModules(): Promise<Readonly<Record<string, string>>> {
  const source = await readFile(path.join(THEME_MODULES_DIR, 'modules.ts'), 'utf8');
  const { code } = await transform(source, { loader: 'ts', format: 'esm' });
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { mdxModules: Record<string, string> };
  return module.mdxModules;
}
