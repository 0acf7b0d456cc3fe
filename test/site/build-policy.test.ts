import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinkSeverity, buildPolicy, checkPolicy, devPolicy } from '../../src/site/build-policy.ts';
import { loadSite } from '../../src/site/load-site.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

describe('buildPolicy and devPolicy', () => {
  it('hold every difference between a build and a dev session', () => {
    expect(buildPolicy()).toEqual({
      includeDrafts: false, brokenLinks: 'as-configured', keepCaches: false, freeMemory: true,
      deferPagesBeyond: Infinity, searchIndex: 'inline', pruneMarkdownStore: true,
    });
    expect(devPolicy()).toEqual({
      includeDrafts: true, brokenLinks: 'warn', keepCaches: true, freeMemory: false,
      deferPagesBeyond: 200, searchIndex: 'later', pruneMarkdownStore: false,
    });
    expect(devPolicy({ deferPagesBeyond: 2 }).deferPagesBeyond).toBe(2);
  });

  it('are both policies a render can follow, and a policy that keeps and frees is not', () => {
    expect(() => checkPolicy(buildPolicy())).not.toThrow();
    expect(() => checkPolicy(devPolicy())).not.toThrow();
    expect(() => checkPolicy({ ...buildPolicy(), keepCaches: true })).toThrow(/Internal error/);
  });
});

describe('brokenLinkSeverity', () => {
  it('follows `onBrokenLinks` unless the policy only warns', () => {
    const table = (['throw', 'warn', 'ignore'] as const).map((onBrokenLinks) => [
      onBrokenLinks,
      brokenLinkSeverity(buildPolicy(), { onBrokenLinks }),
      brokenLinkSeverity(devPolicy(), { onBrokenLinks }),
    ]);
    expect(table).toEqual([
      ['throw', 'error', 'warning'],
      ['warn', 'warning', 'warning'],
      ['ignore', undefined, undefined],
    ]);
  });
});

describe('loadSite under a policy', () => {
  it('loads drafts only when the policy includes them', async () => {
    const root = path.join(repoRoot, 'test/fixtures/core-site');
    const draft = (docs: { file: string }[]) => docs.some((d) => d.file.endsWith('03-draft.md'));
    expect(draft((await loadSite({ root, policy: buildPolicy() })).docs)).toBe(false);
    expect(draft((await loadSite({ root, policy: devPolicy() })).docs)).toBe(true);
  });
});
