import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPageFacts } from '../../src/render/page-facts.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('page facts', () => {
  it('gives the next build the facts of this build only, per output folder', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-facts-'));
    const first = openPageFacts('/site/build', dir);
    first.set('k1', { hrefs: ['/a'], ids: ['x'], search: 'd1' });
    first.set('k2', { hrefs: [], ids: [], search: null });
    await first.save();
    const second = openPageFacts('/site/build', dir);
    expect(second.get('k1')).toEqual({ hrefs: ['/a'], ids: ['x'], search: 'd1' });
    expect(second.get('k2')).toEqual({ hrefs: [], ids: [], search: null });
    expect(openPageFacts('/other/build', dir).get('k1')).toBeUndefined();
    second.set('k1', second.get('k1')!);
    await second.save();
    const third = openPageFacts('/site/build', dir);
    expect(third.get('k1')).toBeDefined();
    expect(third.get('k2')).toBeUndefined();
  });

  it('keeps the facts of the eight most recently built folders', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegen-facts-'));
    const t0 = Date.now() / 1000 - 100;
    for (let i = 0; i < 10; i++) {
      const before = new Set(readdirSync(dir));
      const store = openPageFacts(`/site-${i}/build`, dir);
      store.set('k', { hrefs: [], ids: [] });
      await store.save();
      // Dated a second apart, whatever the file system's timestamp resolution.
      const made = readdirSync(dir).filter((name) => !before.has(name));
      expect(made).toHaveLength(1);
      utimesSync(path.join(dir, made[0]!), t0 + i, t0 + i);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.v8'))).toHaveLength(8);
    const kept = (i: number) => openPageFacts(`/site-${i}/build`, dir).get('k') !== undefined;
    expect([...Array(10).keys()].map(kept)).toEqual([false, false, true, true, true, true, true, true, true, true]);
  });
});
