import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

const base = { title: 'T', url: 'https://example.dev' };

function errorOf(raw: unknown): string {
  try {
    resolveConfig(raw);
  } catch (error) {
    if (error instanceof SitegenError) return error.message;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('resolveConfig', () => {
  it('applies the seed defaults', () => {
    const config = resolveConfig(base);
    expect(config).toMatchObject({
      locale: 'en', direction: 'ltr', titleDelimiter: '|', noIndex: false, trailingSlash: false,
      colorMode: { defaultMode: 'light', respectPrefersColorScheme: false, disableSwitch: false },
      docs: { routeBasePath: '/', sidebarId: 'main', breadcrumbs: true, versions: {}, includeCurrentVersion: true, disableVersioning: false, showLastUpdateTime: false, showLastUpdateAuthor: false },
      blog: { postsPerPage: 10, sidebarCount: 0, feedOptions: { type: 'all', limit: 20 } },
      toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      search: { provider: 'local', contextualSearch: true, searchPagePath: 'search' },
      onBrokenLinks: 'throw', onBrokenMarkdownLinks: 'warn', onDuplicateRoutes: 'warn',
    });
  });

  it('takes a feed limit as Docusaurus does: a count, or false / null for every post', () => {
    expect(resolveConfig({ ...base, blog: { feedOptions: { limit: 5 } } }).blog.feedOptions.limit).toBe(5);
    expect(resolveConfig({ ...base, blog: { feedOptions: { limit: false } } }).blog.feedOptions.limit).toBe(false);
    expect(resolveConfig({ ...base, blog: { feedOptions: { limit: null } } }).blog.feedOptions.limit).toBe(null);
    expect(errorOf({ ...base, blog: { feedOptions: { limit: 0 } } })).toContain('site.config.ts › blog.feedOptions.limit');
  });

  it('names a misspelt key and suggests the right one', () => {
    expect(errorOf({ ...base, tagLine: 'x' })).toMatchInlineSnapshot(`
      "Invalid site config:
      site.config.ts › tagLine: unknown key; did you mean \`tagline\`?"
    `);
    expect(errorOf({ ...base, navbar: { itemz: [] } })).toMatchInlineSnapshot(`
      "Invalid site config:
      site.config.ts › navbar.itemz: unknown key; did you mean \`items\`?"
    `);
  });

  it('names the key path and the problem for wrong values', () => {
    expect(errorOf({ ...base, blog: { postsPerPage: 'ten' } })).toMatchInlineSnapshot(`
      "Invalid site config:
      site.config.ts › blog.postsPerPage: expected number, got \`"ten"\`"
    `);
    expect(errorOf({ ...base, navbar: { items: [{ label: 'A', to: '/a' }, { label: 'B', to: 3 }] } })).toMatchInlineSnapshot(`
      "Invalid site config:
      site.config.ts › navbar.items[1].to: expected string, got \`3\`"
    `);
    // A navbar item of another kind: the problems of the kind its `type` names.
    expect(errorOf({ ...base, navbar: { items: [{ type: 'dropdown', label: 'More', items: [{ label: 'X', to: 4 }] }] } })).toContain('site.config.ts › navbar.items[0].items[0].to: expected string, got `4`');
    expect(errorOf({ ...base, navbar: { items: [{ type: 'html' }] } })).toContain('site.config.ts › navbar.items[0].value: expected string, got nothing');
    expect(errorOf({ ...base, colorMode: { defaultMode: 'blue' } })).toContain('site.config.ts › colorMode.defaultMode:');
    expect(errorOf({ title: 'T' })).toMatchInlineSnapshot(`
      "Invalid site config:
      site.config.ts › url: expected string, got nothing"
    `);
  });

  it('requires all three hosted search keys', () => {
    expect(errorOf({ ...base, search: { provider: 'hosted', appId: 'A', apiKey: 'k' } })).toContain('site.config.ts › search.indexName');
    const hosted = resolveConfig({ ...base, search: { provider: 'hosted', appId: 'A', apiKey: 'k', indexName: 'i' } });
    expect(hosted.search).toEqual({ provider: 'hosted', appId: 'A', apiKey: 'k', indexName: 'i', contextualSearch: true, searchPagePath: 'search' });
  });
});
