import { writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/load-config.ts';
import { watchSite, type ChangeBatch } from '../../src/dev/watch-site.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

/** Waits (polling, up to a minute: a busy machine is slower, never red) until `file` has been reported. */
const reported = (batches: ChangeBatch[], file: string) =>
  vi.waitFor(() => expect(batches.flatMap((b) => b.files)).toContain(file), { timeout: 60_000, interval: 20 });

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
      // Silence is observed against later events, not a clock: the watcher reports changes in
      // the order they happen, so once two later edits have come through, anything it would have
      // said about the droppings has been said.
      site.write('site.config.ts', site.read('site.config.ts'));
      await reported(batches, 'site.config.ts');
      site.write('content/docs/later.md', '# Later\n');
      await reported(batches, 'content/docs/later.md');
      // One write may reach the watcher as two events (truncate, then data): files, not events, count.
      expect([...new Set(batches.flatMap((b) => b.files))]).toEqual(['site.config.ts', 'content/docs/later.md']);
      expect(batches.find((b) => b.files.includes('site.config.ts'))!.config).toBe(true);
    } finally {
      await watcher.close();
    }
  });
});
