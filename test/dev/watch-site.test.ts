import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { watchSite, type ChangeBatch } from '../../src/dev/watch-site.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchSite', () => {
  it('ignores the copies sitegen writes beside site.config.ts while loading it, and editor droppings', async () => {
    // Seen as a spurious "↻ site.config.ts.timestamp-….mjs" rebuild racing the author's own edit.
    site = copyFixture('dev-site');
    const batches: ChangeBatch[] = [];
    const watcher = await watchSite({ root: site.root, onBatch: (b) => batches.push(b) });
    try {
      for (let i = 0; i < 3; i++) await loadConfig(site.root);
      writeFileSync(path.join(site.root, 'content/docs/.guide.md.swp'), 'x');
      writeFileSync(path.join(site.root, 'site.config.ts.tmp'), 'x');
      rmSync(path.join(site.root, 'site.config.ts.tmp'));
      await sleep(500);
      expect(batches.flatMap((b) => b.files)).toEqual([]);

      site.write('site.config.ts', site.read('site.config.ts'));
      for (let i = 0; i < 100 && !batches.length; i++) await sleep(50);
      expect(batches.flatMap((b) => b.files)).toEqual(['site.config.ts']);
      expect(batches[0].config).toBe(true);
    } finally {
      await watcher.close();
    }
  });
});
