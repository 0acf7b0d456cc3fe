import { mkdtempSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAsset, type AssetCopies } from '../../src/markdown/pool/resolve-targets.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

describe('resolveAsset', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sitegen-assets-'));
  mkdirSync(path.join(root, 'content/docs/img'), { recursive: true });
  mkdirSync(path.join(root, 'public/img'), { recursive: true });
  const image = path.join(root, 'content/docs/img/board.png');
  const resolve = (url: string, assets: AssetCopies = new Map()) => resolveAsset({ fence: createSiteFence({ root }), dir: 'content/docs', url, assets });

  it('names a copied image by its content, and records the copy on every call', () => {
    writeFileSync(image, 'first picture');
    const assets: AssetCopies = new Map();
    const url = resolve('./img/board.png', assets);
    expect(url).toMatch(/^\/assets\/images\/board-[0-9a-f]{8}\.png$/);
    expect(assets.get(image)).toBe(url!.slice(1));
    // Again (a dev rebuild): the same name, and the copy is recorded for this build too.
    const again: AssetCopies = new Map();
    expect(resolve('./img/board.png', again)).toBe(url);
    expect(again.get(image)).toBe(url!.slice(1));
  });

  it('gives a changed image a new name, even when its size is the same', () => {
    writeFileSync(image, 'first picture');
    const before = resolve('./img/board.png');
    writeFileSync(image, 'other picture');
    const { atime, mtime } = statSync(image);
    utimesSync(image, atime, new Date(mtime.getTime() + 1000));
    expect(resolve('./img/board.png')).not.toBe(before);
  });

  it('keeps absolute paths to public/ as written and reports missing files as undefined', () => {
    writeFileSync(path.join(root, 'public/img/logo.svg'), '<svg/>');
    expect(resolve('/img/logo.svg')).toBe('/img/logo.svg');
    expect(resolve('/img/none.svg')).toBeUndefined();
    expect(resolve('./img/none.png')).toBeUndefined();
    expect(resolve('./img')).toBeUndefined();
  });
});
