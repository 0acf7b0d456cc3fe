import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNRESOLVED_IMPORT, unresolvedImport } from '../../src/bundle/unresolved-import.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// Issue 38 › 3: the one diagnostic of an import no bundle of site code can resolve.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `unresolved-import-${process.pid}`);
const importer = path.join(root, 'src/components/Uses.tsx');

beforeAll(() => {
  mkdirSync(path.dirname(importer), { recursive: true });
  writeFileSync(importer, "import React from 'react';\n\nimport Gauge from './Gauge';\nexport default Gauge;\n");
  for (const name of ['gauge.tsx', 'Gage.css', 'Range.tsx', 'Unrelated.tsx']) writeFileSync(path.join(root, 'src/components', name), '');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('unresolvedImport', () => {
  it('is at the import as the syntax tree places it, with close files written as the import was (no extension)', () => {
    const d = unresolvedImport({ root, importer, spec: './Gauge', problem: { kind: 'path', spec: './Gauge', resolveDir: path.dirname(importer) } });
    expect(d).toMatchObject({ file: 'src/components/Uses.tsx', line: 3, column: 19, severity: 'error', ruleId: UNRESOLVED_IMPORT });
    expect(d.message).toBe('Cannot resolve `./Gauge`; did you mean `./gauge` or `./Gage` or `./Range`?');
  });

  it('takes the place MDX\'s parser recorded over the file\'s text, and the file\'s start when the import is not among them', () => {
    const places = new Map([[importer, [{ spec: './Gauge', line: 9, column: 4 }]]]);
    expect(unresolvedImport({ root, importer, spec: './Gauge', problem: { kind: 'package' }, places })).toMatchObject({ line: 9, column: 4 });
    expect(unresolvedImport({ root, importer, spec: 'other', problem: { kind: 'package' }, places })).toMatchObject({ line: 1, column: 1 });
  });

  it('names the package to install, and the theme file a module name lacks', () => {
    expect(unresolvedImport({ root, importer, spec: '@scope/pkg/deep', problem: { kind: 'package' } }).hint).toContain('`npm install @scope/pkg`');
    expect(unresolvedImport({ root, importer, spec: '@theme/X', problem: { kind: 'theme-file-missing', file: 'x.tsx' } }).message)
      .toBe('Cannot resolve `@theme/X`: its component file `theme/mdx/x.tsx` does not exist');
  });
});
