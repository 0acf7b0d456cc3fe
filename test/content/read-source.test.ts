import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSource } from '../../src/content/read-source.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

let dir: string;
beforeEach(() => { dir = mkdtempSync(path.join(tmpdir(), 'sitegen-read-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (name: string, bytes?: string | Buffer) => {
  if (bytes !== undefined) writeFileSync(path.join(dir, name), bytes);
  return readSource(path.join(dir, name), `content/docs/${name}`, createSiteFence({ root: dir }));
};

describe('readSource', () => {
  it('reads UTF-8 text and drops a byte order mark', async () => {
    expect(await read('a.md', '# Café\n')).toEqual({ text: '# Café\n' });
    expect(await read('bom.md', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Hi\n')]))).toEqual({ text: '# Hi\n' });
  });

  it('reports the line and column of the first byte that is not UTF-8', async () => {
    const latin1 = Buffer.concat([Buffer.from('# Title\n\nNaive: '), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('\n')]);
    expect(await read('latin1.md', latin1)).toEqual({
      diagnostic: {
        file: 'content/docs/latin1.md', line: 3, column: 11, severity: 'error', ruleId: 'content/encoding',
        message: 'Expected UTF-8 text, found an invalid byte sequence', hint: 'Re-save the file as UTF-8 (most editors: "Save with encoding").',
      },
    });
    // An overlong or truncated sequence at the very start.
    expect(await read('c0.md', Buffer.from([0xc0, 0x80]))).toMatchObject({ diagnostic: { line: 1, column: 1, ruleId: 'content/encoding' } });
  });

  it('says in plain words why a file cannot be read', async () => {
    symlinkSync(path.join(dir, 'gone.md'), path.join(dir, 'broken.md'));
    expect(await read('broken.md')).toEqual({
      diagnostic: {
        file: 'content/docs/broken.md', severity: 'error', ruleId: 'content/unreadable',
        message: 'Cannot read the file: it does not exist (a broken symbolic link?) (ENOENT)', hint: 'Point the link at an existing file, or delete it.',
      },
    });
    mkdirSync(path.join(dir, 'folder.md'));
    expect(await read('folder.md')).toMatchObject({ diagnostic: { message: 'Cannot read the file: it is a folder (EISDIR)', hint: 'Rename the folder so its name does not end in `.md`.' } });
  });
});
