import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { mdxSite } from '../../src/mdx/mdx-site.ts';

// What `useDocusaurusContext()` reads on an MDX page: the config's public fields, one locale, the route.
describe('mdxSite', () => {
  it('gives the site config fields, the locale and the route, nothing else of the config', () => {
    const config = resolveConfig({
      title: 'Arena', tagline: 'Snakes', url: 'https://arena.example', baseUrl: '/docs-site/', locale: 'fr',
      customFields: { motto: 'Eat' }, navbar: { title: 'Arena', items: [] }, footer: { links: [], copyright: 'c' },
    });
    expect(mdxSite(config, '/guide/setup')).toEqual({
      siteConfig: { title: 'Arena', tagline: 'Snakes', url: 'https://arena.example', baseUrl: '/docs-site/', titleDelimiter: config.titleDelimiter, customFields: { motto: 'Eat' } },
      i18n: { currentLocale: 'fr', defaultLocale: 'fr', locales: ['fr'] },
      route: '/guide/setup',
      // The docs' one version, at the docs' root under the base (the docs hooks read it).
      docs: [{ pluginId: 'default', path: '/docs-site/', versions: [{ name: 'current', label: 'Next', path: '/docs-site/', isLast: true }] }],
    });
  });
});
