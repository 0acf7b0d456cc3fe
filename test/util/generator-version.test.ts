import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generatorVersion, sourcesVersion } from '../../src/util/generator-version.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// What sitegen is made of, as a key of caches and page keys: its sources and its lock file, the
// same in any folder and on any machine. Measured on copies of a tiny package, in a new process:
// each copy is a module of its own, with its own once-computed value.

const scratch = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `generator-version-${process.pid}`);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A package folder with this module, a source file and a lock file. */
function fakePackage(name: string, other: string, lock = '{"lockfileVersion":3}'): string {
  const dir = path.join(scratch, name);
  mkdirSync(path.join(dir, 'src/util'), { recursive: true });
  mkdirSync(path.join(dir, 'theme'), { recursive: true });
  for (const file of ['generator-version.ts', 'package-root.ts']) cpSync(path.join(repoRoot, 'src/util', file), path.join(dir, 'src/util', file));
  writeFileSync(path.join(dir, 'src/other.ts'), other);
  writeFileSync(path.join(dir, 'package.json'), '{"name":"fake","type":"module"}');
  writeFileSync(path.join(dir, 'package-lock.json'), lock);
  return dir;
}

/** `sourcesVersion()` of each package folder. */
function versionsOf(dirs: string[]): string[] {
  const urls = dirs.map((dir) => pathToFileURL(path.join(dir, 'src/util/generator-version.ts')).href);
  const code = `const out = []; for (const url of ${JSON.stringify(urls)}) out.push((await import(url)).sourcesVersion()); console.log(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: repoRoot, encoding: 'utf8' })) as string[];
}

describe('sourcesVersion and generatorVersion', () => {
  it('are SHA-256 hex digests, the generator\'s differing from the sources\' (it adds the Node major)', () => {
    expect(sourcesVersion()).toMatch(/^[0-9a-f]{64}$/);
    expect(generatorVersion()).toMatch(/^[0-9a-f]{64}$/);
    expect(generatorVersion()).not.toBe(sourcesVersion());
  });

  it('are the same for the same sources in another folder, and change with any source or the lock file', () => {
    const [a, elsewhere, edited, relocked] = versionsOf([
      fakePackage('a', 'export const x = 1;\n'),
      fakePackage('b/deeper', 'export const x = 1;\n'),
      fakePackage('c', 'export const x = 2;\n'),
      fakePackage('d', 'export const x = 1;\n', '{"lockfileVersion":3,"packages":{}}'),
    ]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(elsewhere).toBe(a);
    expect(edited).not.toBe(a);
    expect(relocked).not.toBe(a);
  });
});
