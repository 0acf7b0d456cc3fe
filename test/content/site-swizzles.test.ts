import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedSwizzles } from '../../src/content/site-swizzles.ts';
import { mdxModules } from '../../theme/mdx/modules.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// Issue 39 › 2: nothing is ignored silently: a swizzle of what sitegen's layout draws itself is named.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `swizzles-${process.pid}`);
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('unusedSwizzles', () => {
  it('names the layout components a site swizzles, not the ones sitegen provides to its code', () => {
    for (const file of ['Footer/index.tsx', 'Footer/footer.css', 'NotFound.js', 'MDXComponents.js', 'Tabs.jsx', 'prism/dark.js', 'notes.md']) {
      mkdirSync(path.dirname(path.join(root, 'src/theme', file)), { recursive: true });
      writeFileSync(path.join(root, 'src/theme', file), '');
    }
    expect(unusedSwizzles(root, mdxModules).map((d) => `${d.file} ${d.ruleId} ${d.message}`)).toEqual([
      'src/theme/Footer theme/swizzle `src/theme/Footer` replaces Docusaurus\'s `@theme/Footer`, which sitegen\'s layout does not use: it draws its own',
      'src/theme/NotFound.js theme/swizzle `src/theme/NotFound.js` replaces Docusaurus\'s `@theme/NotFound`, which sitegen\'s layout does not use: it draws its own',
    ]);
    expect(unusedSwizzles(path.join(root, 'nowhere'), mdxModules)).toEqual([]);
  });
});
