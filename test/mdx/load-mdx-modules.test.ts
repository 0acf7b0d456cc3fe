import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMdxModules } from '../../src/mdx/load-mdx-modules.ts';
import { DEFAULT_THEME_DIR } from '../../src/render/theme-plugin.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The table of Docusaurus module names MDX may import, read from the theme at run time.
const dir = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `mdx-modules-${process.pid}`);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function theme(source: string): string {
  mkdirSync(path.join(dir, 'mdx'), { recursive: true });
  writeFileSync(path.join(dir, 'mdx', 'modules.ts'), source);
  return dir;
}

describe('loadMdxModules', () => {
  it('reads the default theme\'s table: each module name to a file of theme/mdx', async () => {
    const modules = await loadMdxModules();
    expect(modules['@theme/Tabs']).toBe('tabs.tsx');
    expect(modules['@docusaurus/Link']).toBe('link.tsx');
    expect(modules['@mdx-js/react']).toBe('mdx-provider.tsx');
    expect(Object.keys(modules).filter((name) => !/^@(?:theme|docusaurus)\//.test(name))).toEqual(['@mdx-js/react']);
    expect(DEFAULT_THEME_DIR).toBe(path.join(repoRoot, 'theme'));
  });

  it('reads another theme\'s table, TypeScript included', async () => {
    const modules = await loadMdxModules(theme("export const mdxModules: Record<string, string> = { '@theme/Card': 'card.tsx' };\n"));
    expect(modules).toEqual({ '@theme/Card': 'card.tsx' });
  });

  it('says it is an internal error when the file exports no table', async () => {
    await expect(loadMdxModules(theme('export const other = {};\n'))).rejects.toThrow(/^Internal error: `.*modules\.ts` exports no `mdxModules`$/);
  });
});
