import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSidebars, sidebarsFile } from '../../src/content/load-sidebars.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'sitegen-sidebars-'));
  writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const load = (name: string, text?: string) => {
  if (text !== undefined) writeFileSync(path.join(root, name), text);
  return loadSidebars({ root, sidebarPath: name, fence: createSiteFence({ root }) });
};

describe('loadSidebars', () => {
  it('parses JSON, keeping the text for positions', async () => {
    const text = '{ "main": ["intro"] }\n';
    expect(await load('sidebars.json', text)).toEqual({ source: { file: 'sidebars.json', text, value: { main: ['intro'] } }, diagnostics: [] });
  });

  it('loads CommonJS `.js` under "type": "module", as Docusaurus does, and leaves no copy behind', async () => {
    const { source, diagnostics } = await load('sidebars.js', "module.exports = { main: ['intro', { type: 'doc', id: 'setup' }] };\n");
    expect(diagnostics).toEqual([]);
    expect(source?.value).toEqual({ main: ['intro', { type: 'doc', id: 'setup' }] });
    expect(readdirSync(root).sort()).toEqual(['package.json', 'sidebars.js']);
  });

  it('loads ES modules and TypeScript', async () => {
    expect((await load('sidebars.mjs', "export default { main: ['a'] };\n")).source?.value).toEqual({ main: ['a'] });
    expect((await load('sidebars.ts', "const s: Record<string, string[]> = { main: ['b'] };\nexport default s;\n")).source?.value).toEqual({ main: ['b'] });
  });

  it('reports a file that does not parse at its line', async () => {
    // (Node 20 gives a position for this error, not for every one: see jsonErrorLocation.)
    const json = await load('sidebars.json', '{\n  "main": ["a"\n  "b"]\n}\n');
    expect(json.source).toBeUndefined();
    expect(json.diagnostics).toHaveLength(1);
    expect(json.diagnostics[0]).toMatchObject({ file: 'sidebars.json', line: 3, severity: 'error', ruleId: 'sidebars/load', hint: 'The file must be valid JSON.' });
    const js = await load('sidebars.ts', "export default {\n  main: ['a',\n};\n");
    expect(js.diagnostics).toHaveLength(1);
    expect(js.diagnostics[0]).toMatchObject({ file: 'sidebars.ts', line: 3, column: 1, ruleId: 'sidebars/load' });
    expect(js.diagnostics[0].message).toMatch(/^Cannot load `sidebars\.ts`: /);
  });

  it('reports a missing file and one whose extension is not a sidebars file', async () => {
    expect((await load('sidebars.js')).diagnostics).toEqual([{
      file: 'sidebars.js', line: undefined, column: undefined, severity: 'error', ruleId: 'sidebars/missing',
      message: 'Cannot find the sidebars file `sidebars.js`', hint: 'Create it, or fix `docs.sidebarPath` in `site.config.ts` (a path from the site root).',
    }]);
    expect((await load('sidebars.yaml', 'main: []\n')).diagnostics[0]).toMatchObject({ ruleId: 'sidebars/load', message: 'Cannot use `sidebars.yaml` as a sidebars file: expected one of .js, .cjs, .mjs, .ts, .cts, .mts, .json' });
  });
});

describe('sidebarsFile', () => {
  it('names the file from the site root with `/`', () => {
    expect(sidebarsFile('/site', './src/sidebars.js')).toBe('src/sidebars.js');
    expect(sidebarsFile('/site', '/site/sidebars.ts')).toBe('sidebars.ts');
  });
});
