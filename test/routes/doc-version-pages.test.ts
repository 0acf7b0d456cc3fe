import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { planDocVersions } from '../../src/content/doc-versions.ts';
import { withDocVersions } from '../../src/routes/doc-version-pages.ts';
import type { PlannedPage } from '../../src/routes/planned-page.ts';

// Issue 39 › 4: each doc page of a versioned site says its version; a version with `noIndex`
// keeps its pages out of search engines and the sitemap.

const { versions } = planDocVersions({
  docs: resolveConfig({ title: 'T', url: 'https://t.example', docs: { routeBasePath: '/docs', versions: { '1.0': { noIndex: true } } } }).docs,
  released: ['2.0', '1.0'], configFile: 'site.config.ts',
});
const doc = (route: string): PlannedPage => ({ source: 'x.md', page: { type: 'doc', route, title: 'Dig', head: { title: 'Dig', description: '' } } as PlannedPage['page'] });
const docs = [
  { id: 'dig', route: '/docs/next/dig', version: 'current' },
  { id: 'dig', route: '/docs/dig', version: '2.0' },
  { id: 'dig', route: '/docs/1.0/dig', version: '1.0' },
  { id: 'old', route: '/docs/1.0/old', version: '1.0' },
];

describe('withDocVersions', () => {
  it('gives each doc its version, banner, the latest version\'s page and the same doc elsewhere', () => {
    const pages = withDocVersions([doc('/docs/next/dig'), doc('/docs/dig'), doc('/docs/1.0/old')], { versions, docs, sidebars: {} });
    const version = (i: number) => (pages[i].page as { version?: unknown }).version;
    expect(version(0)).toEqual({ name: 'current', label: 'Next', badge: true, banner: 'unreleased', latest: { label: '2.0', href: '/docs/dig' }, alternates: { '2.0': '/docs/dig', '1.0': '/docs/1.0/dig' } });
    expect(version(1)).toEqual({ name: '2.0', label: '2.0', badge: true, alternates: { current: '/docs/next/dig', '1.0': '/docs/1.0/dig' } });
    // Only 1.0 has it: the latest version's first page instead (no sidebars here: its first doc).
    expect(version(2)).toEqual({ name: '1.0', label: '1.0', badge: true, banner: 'unmaintained', latest: { label: '2.0', href: '/docs/dig' } });
  });

  it('marks the pages of a version with noIndex, and only those', () => {
    const pages = withDocVersions([doc('/docs/dig'), doc('/docs/1.0/old')], { versions, docs, sidebars: {} });
    expect(pages.map((p) => p.page.head.noIndex)).toEqual([undefined, true]);
  });
});
