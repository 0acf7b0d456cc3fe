import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { transform } from 'esbuild';
import { DEFAULT_THEME_DIR } from '../render/theme-plugin.ts';

/**
 * Reads the table of Docusaurus module names MDX may import (`theme/mdx/modules.ts`, the
 * contract between this bundler and the theme's MDX components) when a build needs it. Read at
 * run time, not imported: src/ never imports theme/ (STYLE 17), and the bundled CLI, which is
 * rebuilt only when bin/ or src/ change, must never keep a stale copy of the table.
 */
export async function loadMdxModules(themeDir: string = DEFAULT_THEME_DIR): Promise<Readonly<Record<string, string>>> {
  const file = path.join(themeDir, 'mdx', 'modules.ts');
  const { code } = await transform(await readFile(file, 'utf8'), { loader: 'ts', format: 'esm', sourcefile: file });
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { mdxModules?: Record<string, string> };
  if (!mod.mdxModules) throw new Error(`Internal error: \`${file}\` exports no \`mdxModules\``);
  return mod.mdxModules;
}
