import path from 'node:path';
import { DEFAULT_THEME_DIR } from './theme-plugin.ts';

/**
 * The theme folder that provides the Docusaurus module names (`@theme/Layout`, `@docusaurus/Link`);
 * its `modules.ts` is the table of them, read by `loadMdxModules` (src/mdx/load-mdx-modules.ts)
 * for MDX pages and React pages alike.
 */
export const THEME_MODULES_DIR = path.join(DEFAULT_THEME_DIR, 'mdx');
