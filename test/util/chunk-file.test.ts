import { describe, expect, it } from 'vitest';
import { chunkFile } from '../../src/util/chunk-file.ts';

describe('chunkFile', () => {
  it('names a file by a hash of its contents, under _chunks/, with its URL below the base', () => {
    const file = chunkFile('sidebar', '{"a":1}');
    expect(file.path).toMatch(/^_chunks\/sidebar\.[0-9a-f]{10}\.json$/);
    expect(file.url).toBe(`/${file.path}`);
    expect(file.contents).toBe('{"a":1}');
  });

  it('gives the same contents the same name and other contents another', () => {
    expect(chunkFile('site', 'x').path).toBe(chunkFile('site', 'x').path);
    expect(chunkFile('site', 'x').path).not.toBe(chunkFile('site', 'y').path);
  });

  it('puts the kind after the hash', () => {
    const plain = chunkFile('sidebar', 'x');
    expect(chunkFile('sidebar', 'x', 'skeleton').path).toBe(plain.path.replace(/\.json$/, '.skeleton.json'));
  });
});
