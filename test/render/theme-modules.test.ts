import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMdxModules } from '../../src/mdx/load-mdx-modules.ts';
import { THEME_MODULES_DIR } from '../../src/render/theme-modules.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The folder of the Docusaurus module names: its table names only files it has.
describe('THEME_MODULES_DIR', () => {
  it('is theme/mdx, and every module its table names is a file of it', async () => {
    expect(THEME_MODULES_DIR).toBe(path.join(repoRoot, 'theme', 'mdx'));
    const modules = await loadMdxModules(path.dirname(THEME_MODULES_DIR));
    const missing = Object.entries(modules).filter(([, file]) => !existsSync(path.join(THEME_MODULES_DIR, file)));
    expect(missing).toEqual([]);
    expect(Object.keys(modules)).toContain('@theme/Layout');
  });
});
