import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/util/list-files.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('listFiles', () => {
  it('lists every file below a folder, relative with `/`, sorted, without the folders', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-list-'));
    mkdirSync(path.join(dir, 'b/c'), { recursive: true });
    mkdirSync(path.join(dir, 'empty'));
    for (const file of ['z.md', 'b/c/d.md', 'a.md', 'b/x.json']) writeFileSync(path.join(dir, file), '');
    expect(await listFiles(dir)).toEqual(['a.md', 'b/c/d.md', 'b/x.json', 'z.md']);
  });

  it('counts symbolic links only when asked, broken ones included', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-list-'));
    writeFileSync(path.join(dir, 'real.md'), '');
    symlinkSync(path.join(dir, 'real.md'), path.join(dir, 'linked.md'));
    symlinkSync(path.join(dir, 'gone.md'), path.join(dir, 'broken.md'));
    expect(await listFiles(dir)).toEqual(['real.md']);
    expect(await listFiles(dir, { symlinks: true })).toEqual(['broken.md', 'linked.md', 'real.md']);
  });

  it('has no files for a missing folder, and throws on other errors', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-list-'));
    expect(await listFiles(path.join(dir, 'missing'))).toEqual([]);
    writeFileSync(path.join(dir, 'file'), '');
    await expect(listFiles(path.join(dir, 'file'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});
