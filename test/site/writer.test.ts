import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FsWriter } from '../../src/site/writer.ts';

const dir = path.join(tmpdir(), `sitegen-writer-${process.pid}`);
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('FsWriter', () => {
  it('has every file on disk once flushed, however many were started at once', async () => {
    const writer = new FsWriter(dir);
    const names = Array.from({ length: 300 }, (_, i) => `pages/${i % 7}/p${i}.html`);
    for (const name of names) await writer.write(name, `<p>${name}</p>`);
    await writer.flush();
    for (const name of names) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(`<p>${name}</p>`);
  });

  it('reports a failed write at flush, and refuses further writes', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'taken'), 'a file, not a folder');
    const writer = new FsWriter(dir);
    await writer.write('taken/page.html', '<p>x</p>');
    await expect(writer.flush()).rejects.toThrow(/ENOTDIR|EEXIST/);
    await expect(writer.write('other.html', '<p>y</p>')).rejects.toThrow();
  });
});
