import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_NS, reachesMissing, siteImportsPlugin } from '../../src/bundle/site-imports.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { DEFAULT_THEME_DIR } from '../../src/render/theme-plugin.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// Issue 38 › 3: the one resolver of site code (MDX pages, React pages and their islands) and its
// one diagnostic for an import it cannot resolve.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `site-imports-${process.pid}`);
const modules = { '@theme/Tabs': 'tabs.tsx', '@theme/TabItem': 'tab-item.tsx', '@docusaurus/Link': 'link.tsx', '@theme/Gone': 'no-such-file.tsx' };
const files: Record<string, string> = {
  'theme/mdx/tab-item.tsx': 'export default "the site\'s own tab item";\n',
  'src/components/card.tsx': 'export default "card";\n',
  'src/components/cart.tsx': 'export default "cart";\n',
  'src/components/cord.tsx': 'export default "cord";\n',
  'src/components/cord.module.css': '.a { color: red }\n',
  // A package that leaves a Node-only file out of browser bundles, as object-inspect does.
  'node_modules/inspects/package.json': JSON.stringify({ name: 'inspects', main: 'index.js', browser: { './node-only.js': false } }),
  'node_modules/inspects/index.js': "var nodeOnly = require('./node-only');\nmodule.exports = typeof nodeOnly.inspect === 'function' ? 'node' : 'browser';\n",
  'node_modules/inspects/node-only.js': "module.exports = require('node:util');\n",
};

beforeAll(() => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The default theme's files load as their own path, so that a test sees which file was chosen. */
const stubTheme: Plugin = {
  name: 'stub-theme',
  setup(b) {
    b.onLoad({ filter: /.*/ }, (args) => (args.path.startsWith(DEFAULT_THEME_DIR + path.sep)
      ? { contents: `export default ${JSON.stringify(`default ${path.relative(DEFAULT_THEME_DIR, args.path)}`)};`, loader: 'js' } : undefined));
  },
};

/** Bundles `source` as `src/pages/page.js` of the test site with the plugin. */
async function bundle(source: string) {
  const diagnostics: Diagnostic[] = [];
  writeFileSync(path.join(root, 'src/pages/page.js'), source);
  const result = await build({
    entryPoints: [path.join(root, 'src/pages/page.js')], bundle: true, write: false, format: 'esm', logLevel: 'silent',
    absWorkingDir: root, metafile: true,
    plugins: [stubTheme, siteImportsPlugin({ root, modules, report: (d) => diagnostics.push(d) })],
  });
  return { code: result.outputFiles[0].text, diagnostics, metafile: result.metafile };
}

describe('siteImportsPlugin', () => {
  beforeAll(() => mkdirSync(path.join(root, 'src/pages'), { recursive: true }));

  it('resolves @site/ from the site folder, and a module name to the site\'s override or else the default theme\'s file', async () => {
    const { code, diagnostics } = await bundle("import card from '@site/src/components/card';\nimport Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport cord from '../components/cord';\nexport default [card, Tabs, TabItem, cord];");
    expect(diagnostics).toEqual([]);
    expect(code).toContain('"card"');
    expect(code).toContain('"default mdx/tabs.tsx"');
    expect(code).toContain('"the site\'s own tab item"');
    expect(code).not.toContain('default mdx/tab-item.tsx');
    expect(code).toContain('"cord"');
  });

  it('resolves a package imported by a file outside the site folder from the site\'s node_modules, as Docusaurus does (Redux\'s `../docs`)', async () => {
    const outside = `${root}-docs`;
    mkdirSync(outside, { recursive: true });
    try {
      writeFileSync(path.join(outside, 'page.js'), "import where from 'inspects';\nexport default where;\n");
      const diagnostics: Diagnostic[] = [];
      const result = await build({
        entryPoints: [path.join(outside, 'page.js')], bundle: true, write: false, format: 'esm', logLevel: 'silent', absWorkingDir: root,
        plugins: [stubTheme, siteImportsPlugin({ root, modules, report: (d) => diagnostics.push(d) })],
      });
      expect(diagnostics).toEqual([]);
      expect(result.outputFiles[0].text).toMatch(/["']browser["']/);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('loads a file that a package\'s `browser` field disables as an empty module, as esbuild does (found on Babel\'s site)', async () => {
    const { code, diagnostics, metafile } = await bundle("import where from 'inspects';\nexport default where;");
    expect(diagnostics).toEqual([]);
    expect(code).not.toContain('node:util');
    expect(reachesMissing(metafile, [path.relative(root, path.join(root, 'src/pages/page.js'))])).toEqual(new Set());
    // The bundle runs: the disabled file is `{}`.
    const run = new Function('exports', code.replace(/export\s*\{\s*(\w+) as default\s*\};?/, 'exports.value = $1;'));
    const out: { value?: string } = {};
    run(out);
    expect(out.value).toBe('browser');
  });

  it('reports each import it cannot resolve at its line, as the parser read it, with up to three close names, and goes on', async () => {
    const { diagnostics, metafile } = await bundle([
      "import x from '@site/src/components/cort.tsx';",
      "import a from '@theme/Tab';",
      "import b from '@theme/Gone';",
      "  import c from '../components/zzzzzz';",
      "import d from '@scope/pkg/deep/file';",
      "import e from './pag';",
      'export default [x, a, b, c, d, e];',
    ].join('\n'));
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      'src/pages/page.js:1:15 import/unresolved Cannot resolve `@site/src/components/cort.tsx`; did you mean `@site/src/components/cart.tsx` or `@site/src/components/cord.tsx` or `@site/src/components/card.tsx`?',
      'src/pages/page.js:2:15 import/unresolved Cannot resolve `@theme/Tab`: it is not a module sitegen provides; did you mean `@theme/Tabs`?',
      'src/pages/page.js:3:15 import/unresolved Cannot resolve `@theme/Gone`: its component file `theme/mdx/no-such-file.tsx` does not exist',
      'src/pages/page.js:4:17 import/unresolved Cannot resolve `../components/zzzzzz`',
      'src/pages/page.js:5:15 import/unresolved Cannot resolve `@scope/pkg/deep/file`',
      'src/pages/page.js:6:15 import/unresolved Cannot resolve `./pag`; did you mean `./page`?',
    ]);
    expect(diagnostics[4].hint).toContain('`npm install @scope/pkg`');
    // The page reaches the empty modules that stand for them; a bundle's caller leaves it unrendered.
    expect(Object.keys(metafile.inputs).filter((k) => k.startsWith(`${MISSING_NS}:`))).toHaveLength(6);
    expect(reachesMissing(metafile, ['src/pages/page.js'])).toEqual(new Set(['src/pages/page.js']));
  });
});
