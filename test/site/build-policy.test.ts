import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinkSeverity, buildPolicy, devPolicy, severityOf } from '../../src/site/build-policy.ts';
import { loadSite } from '../../src/site/load-site.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

describe('buildPolicy and devPolicy', () => {
  it('hold every difference between a build and a dev session', () => {
    expect(buildPolicy()).toEqual({
      includeDrafts: false, brokenLinks: 'as-configured', freeMemory: true,
      deferPagesBeyond: Infinity, searchIndex: 'inline', pruneMarkdownStore: true,
    });
    expect(devPolicy()).toEqual({
      includeDrafts: true, brokenLinks: 'warn', freeMemory: false,
      deferPagesBeyond: 200, searchIndex: 'later', pruneMarkdownStore: false,
    });
    expect(devPolicy({ deferPagesBeyond: 2 }).deferPagesBeyond).toBe(2);
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

describe('severityOf', () => {
  type Setting = 'throw' | 'warn' | 'ignore';
  const config: { onBrokenLinks: Setting; onBrokenMarkdownLinks: Setting; onBrokenAnchors?: Setting; onDuplicateRoutes: 'throw' | 'warn'; markdown: { onMdxSyntax: 'throw' | 'warn' } } = {
    onBrokenLinks: 'throw', onBrokenMarkdownLinks: 'warn', onDuplicateRoutes: 'warn', markdown: { onMdxSyntax: 'throw' },
  };
  const of = (ruleId: string, severity: 'error' | 'warning', policy: Parameters<typeof severityOf>[1] = buildPolicy(), settings: Partial<typeof config> = {}) => severityOf({ ruleId, severity }, policy, { ...config, ...settings });

  it('gives each setting its rules, and dev warnings for every broken link and image', () => {
    expect([of('links/missing-page', 'warning'), of('links/missing-page', 'error', devPolicy())]).toEqual(['error', 'warning']);
    expect([of('links/missing-image', 'error'), of('links/missing-image', 'error', devPolicy())]).toEqual(['error', 'warning']);
    expect([of('links/markdown-link', 'warning'), of('links/markdown-link', 'warning', buildPolicy(), { onBrokenMarkdownLinks: 'throw' }), of('links/markdown-link', 'warning', devPolicy(), { onBrokenMarkdownLinks: 'throw' })]).toEqual(['warning', 'error', 'warning']);
    expect(of('links/markdown-link', 'warning', buildPolicy(), { onBrokenMarkdownLinks: 'ignore' })).toBeUndefined();
    expect([of('markdown/mdx-syntax', 'warning'), of('markdown/mdx-syntax', 'warning', devPolicy())]).toEqual(['error', 'error']);
    expect([of('routes/duplicate', 'error'), of('routes/duplicate', 'error', buildPolicy(), { onDuplicateRoutes: 'throw' })]).toEqual(['warning', 'error']);
    // Every other rule keeps what it was made with.
    expect([of('markdown/too-deep', 'error', devPolicy()), of('content/shallow-history', 'warning')]).toEqual(['error', 'warning']);
  });

  it('gives a link to a missing heading its own setting when onBrokenAnchors is set (Docusaurus\'s), else onBrokenLinks\'s', () => {
    expect(of('links/missing-anchor', 'error')).toBe('error');
    expect(of('links/missing-anchor', 'error', buildPolicy(), { onBrokenAnchors: 'warn' })).toBe('warning');
    expect(of('links/missing-anchor', 'error', buildPolicy(), { onBrokenAnchors: 'ignore' })).toBeUndefined();
    expect(of('links/missing-anchor', 'warning', buildPolicy(), { onBrokenLinks: 'warn', onBrokenAnchors: 'throw' })).toBe('error');
    expect(of('links/missing-anchor', 'error', devPolicy(), { onBrokenAnchors: 'throw' })).toBe('warning');
    // A missing page stays with onBrokenLinks.
    expect(of('links/missing-page', 'error', buildPolicy(), { onBrokenAnchors: 'warn' })).toBe('error');
  });
});
