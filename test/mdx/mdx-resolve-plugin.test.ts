import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { loadMdxModules } from '../../src/mdx/load-mdx-modules.ts';
import { MISSING_NS, mdxResolvePlugin, themeModuleFile } from '../../src/mdx/mdx-resolve-plugin.ts';
import { DEFAULT_THEME_DIR } from '../../src/render/theme-plugin.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The resolver table of what MDX pages import (`@theme/`, `@docusaurus/`, `@site/`, relative,
// packages of the site, partials, YAML), run by esbuild against a tiny site folder.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `mdx-resolve-${process.pid}`);
const page = path.join(root, 'content/docs/page.mdx');
const imports = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  "import Counter from '@site/src/components/Counter';",
  "import limits from '@site/src/data/limits.yaml';",
  "import Part from './_part.mdx';",
  "import pad from 'left-pad';",
  "import { useState } from 'react';",
  "import Tab from '@theme/Tab';",
  "import Prat from './_prat.mdx';",
  "import Nothing from 'no-such-package';",
  "import Broken from '@site/src/components/Broken';",
];
/** Where MDX's parser read the page's imports (create-mdx-compiler.ts gives them, front matter counted). */
const importPlaces = new Map([[page, [
  { spec: '@theme/Tab', line: 12, column: 17 },
  { spec: './_prat.mdx', line: 13, column: 18 },
  { spec: 'no-such-package', line: 14, column: 21 },
]]]);
const files: Record<string, string> = {
  // The page on disk: positions of unresolved imports are read from it, front matter included.
  'content/docs/page.mdx': `---\ntitle: Page\n---\n\n${imports.join('\n')}\n\n<Tabs />\n`,
  'content/docs/_part.mdx': 'Shared.\n',
  'theme/mdx/tabs.tsx': 'export default function Tabs() { return "the site\'s own tabs"; }\n',
  'src/components/Counter.jsx': 'export default function Counter() { return 1; }\n',
  // A component's imports are placed from its syntax tree: the comment's './gone' is no import.
  'src/components/Broken.jsx': "// This imports './gone', which does not exist.\nimport Gone from './gone';\nexport default Gone;\n",
  'src/data/limits.yaml': 'timeout: 500\nwidth: 11\n',
  'node_modules/left-pad/package.json': '{ "name": "left-pad", "main": "index.js" }\n',
  'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
};

let inputs: string[] = [];
let output = '';
const diagnostics: Diagnostic[] = [];
const partials: string[] = [];

beforeAll(async () => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const code = `${imports.join('\n')}\nexport default [Tabs, TabItem, Counter, limits, Part, pad, useState, Tab, Prat, Nothing, Broken];\n`;
  const result = await build({
    stdin: { contents: `export { default } from ${JSON.stringify(`sitegen-mdx-page:${page}`)};`, resolveDir: root, loader: 'js' },
    bundle: true, write: false, metafile: true, format: 'esm', platform: 'node', jsx: 'automatic', logLevel: 'silent', absWorkingDir: root,
    plugins: [mdxResolvePlugin({
      root, pages: new Map([[page, code]]), excerpts: new Map(), modules: await loadMdxModules(), importPlaces,
      loadPartial: async (abs) => {
        partials.push(abs);
        return { code: 'export default function Part() { return "partial"; }', diagnostics: [{ file: 'content/docs/_part.mdx', line: 1, column: 1, severity: 'warning', ruleId: 'markdown/x', message: 'From the partial' }] };
      },
      report: (d) => diagnostics.push(d),
    })],
  });
  inputs = Object.keys(result.metafile.inputs);
  output = result.outputFiles[0].text;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');

describe('mdxResolvePlugin', () => {
  it('resolves @theme/ to the site\'s override or else ours, @site/ from the root, and packages from the site', () => {
    expect(inputs).toContain('theme/mdx/tabs.tsx');
    expect(inputs).toContain(rel(path.join(DEFAULT_THEME_DIR, 'mdx/tab-item.tsx')));
    expect(inputs).not.toContain(rel(path.join(DEFAULT_THEME_DIR, 'mdx/tabs.tsx')));
    expect(inputs).toContain('src/components/Counter.jsx');
    expect(inputs).toContain('node_modules/left-pad/index.js');
    // React stays external: the theme's React renders every page.
    expect(inputs.some((key) => key.includes('node_modules/react/'))).toBe(false);
    expect(output).toMatch(/from "react"/);
  });

  it('loads YAML as data and partials through the compiler, reporting their diagnostics', () => {
    expect(output).toContain(`{ "timeout": 500, "width": 11 }`);
    expect(partials).toEqual([path.join(root, 'content/docs/_part.mdx')]);
    expect(output).toContain('"partial"');
    expect(diagnostics.filter((d) => d.ruleId === 'markdown/x')).toHaveLength(1);
  });

  it('reports each import it cannot resolve where a parser read it (the page\'s by MDX, a component\'s by oxc), with the closest name and what to do', () => {
    expect(inputs.filter((key) => key.startsWith(`${MISSING_NS}:`)).sort()).toEqual([`${MISSING_NS}:./_prat.mdx`, `${MISSING_NS}:./gone`, `${MISSING_NS}:@theme/Tab`, `${MISSING_NS}:no-such-package`]);
    const unresolved = diagnostics.filter((d) => d.ruleId === 'import/unresolved');
    expect(unresolved.map(({ hint, ...d }) => d)).toEqual([
      { file: 'content/docs/page.mdx', line: 12, column: 17, severity: 'error', ruleId: 'import/unresolved', message: 'Cannot resolve `@theme/Tab`: it is not a module sitegen provides; did you mean `@theme/Tabs`?' },
      { file: 'content/docs/page.mdx', line: 13, column: 18, severity: 'error', ruleId: 'import/unresolved', message: 'Cannot resolve `./_prat.mdx`; did you mean `./_part.mdx`?' },
      { file: 'content/docs/page.mdx', line: 14, column: 21, severity: 'error', ruleId: 'import/unresolved', message: 'Cannot resolve `no-such-package`' },
      { file: 'src/components/Broken.jsx', line: 2, column: 18, severity: 'error', ruleId: 'import/unresolved', message: 'Cannot resolve `./gone`' },
    ]);
    expect(unresolved[0].hint).toMatch(/^Modules site code may import: `@theme\/Tabs`, `@theme\/TabItem`, /);
    expect(unresolved[1].hint).toBe('`@site/` is the site folder, `./` and `../` the importing file\'s folder, `@theme/…` and `@docusaurus/…` the components sitegen provides.');
    expect(unresolved[2].hint).toBe('A package is resolved from the site\'s `node_modules`: install it there (`npm install no-such-package`). sitegen bundles what site code imports, except React.');
  });
});

describe('themeModuleFile', () => {
  it('is the site\'s own theme/mdx file when it exists, else ours', () => {
    expect(themeModuleFile(root, 'tabs.tsx')).toBe(path.join(root, 'theme/mdx/tabs.tsx'));
    expect(themeModuleFile(root, 'tab-item.tsx')).toBe(path.join(DEFAULT_THEME_DIR, 'mdx/tab-item.tsx'));
  });
});
