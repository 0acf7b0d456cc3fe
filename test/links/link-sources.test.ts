import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLinkSources, writeLinkSources } from '../../src/links/link-sources.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('writeLinkSources and readLinkSources', () => {
  it('record, per output folder, where each page came from and where its Markdown links are', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-sources-'));
    const [one, two] = [path.join(dir, 'build'), path.join(dir, 'other')];
    await writeLinkSources({
      outDir: one,
      pages: [
        { route: '/guide', source: 'content/docs/guide.md', hrefs: [], ids: new Set(), sourceLinks: [{ url: '/rules', raw: '/rules', line: 4, column: 7, kind: 'link' }] },
        { route: '/blog', source: 'theme', hrefs: ['/x'], ids: new Set() },
      ],
    });
    await writeLinkSources({ outDir: two, pages: [{ route: '/', source: 'content/docs/index.md', hrefs: [], ids: new Set() }] });
    expect(await readLinkSources(one)).toEqual(new Map([
      ['/guide', { source: 'content/docs/guide.md', links: [{ url: '/rules', line: 4, column: 7 }] }],
      ['/blog', { source: 'theme', links: [] }],
    ]));
    // The same folder named another way is the same folder.
    expect([...(await readLinkSources(`${one}/../build`)).keys()]).toEqual(['/guide', '/blog']);
    expect([...(await readLinkSources(two)).keys()]).toEqual(['/']);
  });

  it('has nothing for a folder no build recorded', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-sources-'));
    expect(await readLinkSources(path.join(dir, 'never-built'))).toEqual(new Map());
  });
});
