import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync, type Program } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

// Issue 38 › 6: tests where the code is. A src file that no test file (`*.test.ts`) imports
// directly is reached only through whole builds or helpers, or not at all; at most 10% of src
// may be. Imports are read from each file's syntax tree (oxc-parser, already used for config
// positions), not a pattern: `import type` and imports of types only run nothing and do not
// count, re-exports and `await import('…')` of a literal do. Files that hold only types (no
// code to run, so nothing a build could reach either) are left out of the figure.

const repo = path.resolve(import.meta.dirname, '../..');
/** The most of src, in percent of its files with code, that no test may import. */
const LIMIT = 10;

const listed = (dir: string) => (readdirSync(path.join(repo, dir), { recursive: true }) as string[]).map((rel) => `${dir}/${rel.split(path.sep).join('/')}`);
const parse = (file: string, text = readFileSync(path.join(repo, file), 'utf8')) => {
  const result = parseSync(file, text, { sourceType: 'module' });
  if (result.errors.length) throw new Error(`${file}: ${result.errors[0].message}`);
  return { text, program: result.program, module: result.module };
};

/** Statements that run nothing: types, interfaces, type-only imports and exports, ambient declarations. */
function typesOnly(program: Program): boolean {
  return program.body.every((statement) => {
    const s = statement as { type: string; importKind?: string; exportKind?: string; declare?: boolean; declaration?: { type: string; declare?: boolean } | null };
    if (/^TS(?:Interface|TypeAlias)Declaration$/.test(s.type) || (s.type === 'TSModuleDeclaration' && s.declare)) return true;
    if (s.type === 'ImportDeclaration' || s.type === 'ExportAllDeclaration') return s.importKind === 'type' || s.exportKind === 'type';
    if (s.type === 'ExportNamedDeclaration') return s.exportKind === 'type' || (s.declaration != null && /^TS(?:Interface|TypeAlias)Declaration$/.test(s.declaration.type));
    return false;
  });
}

/** The specifiers a file imports for their values: static imports (not of types only), re-exports, literal dynamic imports. */
function valueImports(file: string, source?: string): string[] {
  const { text, module } = parse(file, source);
  const statics = module.staticImports
    .filter((i) => i.entries.length === 0 || i.entries.some((e) => !e.isType))
    .map((i) => i.moduleRequest.value);
  const reexports = module.staticExports.flatMap((e) => e.entries.filter((entry) => !entry.isType && entry.moduleRequest).map((entry) => entry.moduleRequest!.value));
  const dynamic = module.dynamicImports
    .map((d) => text.slice(d.moduleRequest.start, d.moduleRequest.end))
    .flatMap((literal) => (/^(['"`])[^'"`$]*\1$/.test(literal) ? [literal.slice(1, -1)] : []));
  return [...statics, ...reexports, ...dynamic];
}

const sources = listed('src').filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).sort();
/** Test files, not their helpers (test/dev/dev-helpers.ts…) nor the fixture sites. */
const testFiles = listed('test').filter((f) => /\.test\.tsx?$/.test(f) && !f.startsWith('test/fixtures/'));

/** Each src file imported by some test file, with the test files that import it. */
function importedByTests(): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const test of testFiles) {
    for (const spec of valueImports(test)) {
      if (!spec.startsWith('.')) continue;
      const target = path.relative(repo, path.resolve(repo, path.dirname(test), spec)).split(path.sep).join('/');
      importers.set(target, [...(importers.get(target) ?? []), test]);
    }
  }
  return importers;
}

describe('coverage map', () => {
  it(`has at most ${LIMIT}% of src files with code imported by no test file`, () => {
    const imported = importedByTests();
    const withCode = sources.filter((file) => !typesOnly(parse(file).program));
    const untested = withCode.filter((file) => !imported.has(file));
    const share = (100 * untested.length) / withCode.length;
    // Printed on every run: what to test next.
    console.log([
      `${untested.length} of ${withCode.length} src files with code (${share.toFixed(1)}%) are imported by no test file (limit ${LIMIT}%)`,
      ...untested.map((file) => `  ${file}`),
      `not counted, types only: ${sources.filter((file) => !withCode.includes(file)).join(', ')}`,
    ].join('\n'));
    expect(share, `untested:\n${untested.join('\n')}`).toBeLessThanOrEqual(LIMIT);
  });

  it('reads imports from the syntax tree: type-only ones do not count, re-exports and literal dynamic imports do', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B } from './b.ts';",
      "import { type C, c } from './c.ts';",
      "import './side-effect.ts';",
      "export { e } from './e.ts';",
      "export type { F } from './f.ts';",
      "export * from './g.ts';",
      "const h = await import('./h.ts');",
      'const i = await import(name);',
      'const j = await import(`./j-${name}.ts`);',
      "// import { k } from './k.ts';",
      "const text = \"import { l } from './l.ts'\";",
    ].join('\n');
    expect(valueImports('test/x.test.ts', source).sort()).toEqual(['./c.ts', './e.ts', './g.ts', './h.ts', './side-effect.ts']);
    expect(typesOnly(parse('x.ts', "import type { A } from './a.ts';\nexport interface B { a: A }\nexport type C = B;\ndeclare module 'vfile' { interface DataMap { x: 1 } }\n").program)).toBe(true);
    expect(typesOnly(parse('x.ts', "export interface B { a: 1 }\nexport const LIMIT = 1;\n").program)).toBe(false);
    // Helpers and fixture sites are not test files.
    expect(testFiles).not.toContain('test/markdown/render-for.ts');
    expect(testFiles).toContain('test/util/coverage-map.test.ts');
    expect(testFiles.filter((f) => f.startsWith('test/fixtures/'))).toEqual([]);
  });
});
