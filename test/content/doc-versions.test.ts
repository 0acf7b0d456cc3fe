import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { planDocVersions, versionFiles } from '../../src/content/doc-versions.ts';

// Issue 39 › 4: a site's docs versions, with Docusaurus's routes, banners and badges.

const plan = (docs: Record<string, unknown>, released: string[]) =>
  planDocVersions({ docs: resolveConfig({ title: 'T', url: 'https://t.example', docs: { routeBasePath: '/docs', ...docs } }).docs, released, configFile: 'site.config.ts' });

describe('planDocVersions', () => {
  it('puts the newest release at the docs\' route, the docs folder under /next, older ones under their name', () => {
    const { versions, diagnostics } = plan({}, ['2.0', '1.0']);
    expect(diagnostics).toEqual([]);
    expect(versions.map((v) => [v.name, v.label, v.route, v.docsDir, v.sidebarPath, v.isLast, v.banner, v.badge])).toEqual([
      ['current', 'Next', '/docs/next', 'content/docs', undefined, false, 'unreleased', true],
      ['2.0', '2.0', '/docs', 'versioned_docs/version-2.0', 'versioned_sidebars/version-2.0-sidebars.json', true, 'none', true],
      ['1.0', '1.0', '/docs/1.0', 'versioned_docs/version-1.0', 'versioned_sidebars/version-1.0-sidebars.json', false, 'unmaintained', true],
    ]);
  });

  it('plans another docs instance\'s versions from its own files, each with a key unique in the site', () => {
    const { versions } = planDocVersions({ docs: { ...resolveConfig({ title: 'T', url: 'https://t.example' }).docs, path: 'community', routeBasePath: '/community' }, instance: 'community', released: ['2024'], configFile: 'site.config.ts' });
    expect(versions.map((v) => [v.instance, v.key, v.name, v.route, v.docsDir, v.sidebarPath, v.isLast])).toEqual([
      ['community', 'community', 'current', '/community/next', 'community', undefined, false],
      ['community', 'community@2024', '2024', '/community', 'community_versioned_docs/version-2024', 'community_versioned_sidebars/version-2024-sidebars.json', true],
    ]);
    expect(versionFiles('community').list).toBe('community_versions.json');
    expect(versionFiles('default').list).toBe('versions.json');
  });

  it('has one version, current, at the docs\' route and without a badge, when there is no versions.json', () => {
    const { versions } = plan({}, []);
    expect(versions).toEqual([{ instance: 'default', key: 'current', base: '/docs', name: 'current', label: 'Next', route: '/docs', docsDir: 'content/docs', sidebarPath: undefined, sidebarId: 'main', isLast: true, banner: 'none', badge: false, noIndex: false }]);
    // A site asks for its badge (ours does).
    expect(plan({ versions: { current: { label: 'Next', badge: true } } }, []).versions[0].badge).toBe(true);
  });

  it('honours lastVersion, a version\'s own path, label and banner, onlyIncludeVersions and disableVersioning', () => {
    const last = plan({ lastVersion: 'current', versions: { '1.0': { label: 'One', path: 'legacy', banner: 'none' } } }, ['1.0']).versions;
    expect(last.map((v) => [v.name, v.label, v.route, v.banner])).toEqual([['current', 'Next', '/docs', 'none'], ['1.0', 'One', '/docs/legacy', 'none']]);
    expect(plan({ onlyIncludeVersions: ['2.0'] }, ['2.0', '1.0']).versions.map((v) => [v.name, v.badge])).toEqual([['2.0', false]]);
    expect(plan({ disableVersioning: true }, ['2.0']).versions.map((v) => v.route)).toEqual(['/docs']);
  });

  it('names an unknown version in lastVersion, onlyIncludeVersions or versions at the config', () => {
    const { diagnostics } = plan({ lastVersion: '3.0', onlyIncludeVersions: ['9.9'], versions: { '0.1': { label: 'x' } } }, ['2.0']);
    expect(diagnostics.map((d) => `${d.file} ${d.ruleId} ${d.message}`)).toEqual([
      'site.config.ts config/docs-versions `lastVersion` is `3.0`, which is not a version of these docs',
      'site.config.ts config/docs-versions `onlyIncludeVersions` names `9.9`, which is not a version of these docs',
      'site.config.ts config/docs-versions `versions` has options for `0.1`, which is not a version of these docs',
    ]);
  });
});
