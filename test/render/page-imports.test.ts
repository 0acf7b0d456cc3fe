import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Message } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importErrorDiagnostic } from '../../src/render/page-import-errors.ts';
import { pageImportsPlugin } from '../../src/render/page-imports-plugin.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The resolver of what React pages import (`@site/`, the theme's Docusaurus modules) and the
// diagnostics of what it cannot resolve.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `page-imports-${process.pid}`);
const modulesDir = path.join(root, 'provided');
const modules = { '@theme/Layout': 'layout.tsx', '@theme/Tabs': 'tabs.tsx', '@docusaurus/Link': 'link.tsx', '@theme/Gone': 'gone.tsx' };
const files: Record<string, string> = {
  'provided/layout.tsx': 'export default "provided layout";\n',
  'provided/tabs.tsx': 'export default "provided tabs";\n',
  'provided/link.tsx': 'export default "provided link";\n',
  'theme/provided/tabs.tsx': 'export default "the site\'s own tabs";\n',
  'src/components/card.tsx': 'export default "card";\n',
  'src/components/cart.tsx': 'export default "cart";\n',
  'src/components/cord.tsx': 'export default "cord";\n',
};

beforeAll(() => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Bundles `source` (a page in src/pages) with the plugin; the output, or esbuild's messages. */
async function bundle(source: string): Promise<{ code?: string; errors: Message[] }> {
  try {
    const result = await build({
      stdin: { contents: source, resolveDir: path.join(root, 'src/pages'), sourcefile: 'src/pages/page.js', loader: 'js' },
      bundle: true, write: false, format: 'esm', logLevel: 'silent', absWorkingDir: root,
      plugins: [pageImportsPlugin({ siteRoot: root, modules, modulesDir })],
    });
    return { code: result.outputFiles[0].text, errors: [] };
  } catch (error) {
    return { errors: (error as { errors: Message[] }).errors };
  }
}

describe('pageImportsPlugin', () => {
  it('resolves @site/ from the site folder, and a module name to the site\'s override or else the provided file', async () => {
    const { code } = await bundle("import card from '@site/src/components/card';\nimport Layout from '@theme/Layout';\nimport Tabs from '@theme/Tabs';\nexport default [card, Layout, Tabs];");
    expect(code).toContain('"card"');
    expect(code).toContain('"provided layout"');
    expect(code).toContain('"the site\'s own tabs"');
    expect(code).not.toContain('"provided tabs"');
  });

  it('refuses a name the table lacks, naming the closest and the others of its kind, and a listed file that is missing', async () => {
    const { errors } = await bundle("import a from '@theme/Layot';\nimport b from '@theme/Gone';\nexport default [a, b];");
    expect(errors.map((e) => [e.location?.line, e.text])).toEqual([
      [1, 'Cannot import `@theme/Layot`: sitegen provides no such module; did you mean `@theme/Layout`? (it provides `@theme/Layout`, `@theme/Tabs`, `@theme/Gone`)'],
      [2, 'Cannot import `@theme/Gone`: the theme has no `gone.tsx` for it'],
    ]);
  });

  it('says which @site/ path it could not resolve', async () => {
    const { errors } = await bundle("import x from '@site/src/components/nope';\nexport default x;");
    expect(errors.map((e) => e.text)).toEqual(['Could not resolve "@site/src/components/nope"']);
  });
});

describe('importErrorDiagnostic', () => {
  const message = (text: string, line = 3): Message => ({
    id: '', pluginName: '', text, notes: [], detail: undefined,
    location: { file: 'src/pages/page.js', namespace: 'file', line, column: 14, length: 1, lineText: '', suggestion: '' },
  });

  it('names up to three close files for a local path, from the site folder for @site/', () => {
    expect(importErrorDiagnostic(message('Could not resolve "@site/src/components/cord.js"'), { siteRoot: root })).toEqual({
      file: 'src/pages/page.js', line: 3, column: 15, severity: 'error', ruleId: 'pages/unresolved-import',
      message: 'Cannot resolve `@site/src/components/cord.js`; did you mean `@site/src/components/cord.tsx` or `@site/src/components/card.tsx` or `@site/src/components/cart.tsx`?',
      hint: 'Fix the path: relative imports start from the importing file, `@site/…` from the site folder.',
    });
    expect(importErrorDiagnostic(message('Could not resolve "../components/zzzzzz"'), { siteRoot: root }).message).toBe('Cannot resolve `../components/zzzzzz`');
  });

  it('says what to install for a package, keeps the plugin\'s own message, and wraps any other esbuild error', () => {
    expect(importErrorDiagnostic(message('Could not resolve "@scope/pkg/deep/file"'), { siteRoot: root }).hint)
      .toBe('Install the package in the site folder (`npm install @scope/pkg`): sitegen bundles what pages import, except React.');
    expect(importErrorDiagnostic(message('Cannot import `@theme/X`: …'), { siteRoot: root })).toMatchObject({ ruleId: 'pages/unresolved-import', message: 'Cannot import `@theme/X`: …' });
    expect(importErrorDiagnostic({ ...message('Unexpected "}"'), location: null }, { siteRoot: root })).toEqual({
      file: 'src/pages', severity: 'error', ruleId: 'pages/bundle', message: 'Cannot bundle the page: Unexpected "}"',
    });
  });
});
