import { afterEach, describe, expect, it } from 'vitest';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';

// Issue 13: the breadcrumb "Home" always pointed at docs.routeBasePath and the navbar brand at
// `/`, pages that may not exist (docs under /docs with no landing page at `/`).

let site: SiteCopy | undefined;
afterEach(() => site?.cleanup());

/** The errors fixture with its docs under /docs and nothing at `/`. */
function docsUnderDocs(): SiteCopy {
  const copy = copyFixture('errors-site');
  copy.write('site.config.ts', copy.read('site.config.ts')
    .replace("{ label: 'Docs', to: '/' }", "{ label: 'Docs', to: '/docs/guide' }")
    .replace('footer:', "docs: { routeBasePath: '/docs' },\n  footer:"));
  copy.write('content/docs/index.md', copy.read('content/docs/index.md').replace('](/guide)', '](/docs/guide)'));
  return copy;
}

const brand = (html: string) => /<(a|span) class="navbar-brand"(?: href="([^"]*)")?/.exec(html)!.slice(1, 3);
const crumbs = (html: string) => [...(/<nav[^>]*aria-label="Breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);

describe('links to the home page', () => {
  it('link the brand and the breadcrumb "Home" to the docs home when `/` is not a page', async () => {
    site = docsUnderDocs();
    const { out } = await buildInMemory(site.root);
    expect(out.text('index.html')).toBeUndefined();
    const guide = out.text('docs/guide.html')!;
    expect(brand(guide)).toEqual(['a', '/docs']);
    expect(crumbs(guide)[0]).toBe('/docs');
  });

  it('leave "Home" out and link the brand to the first page when the docs have no home either', async () => {
    site = docsUnderDocs();
    site.remove('content/docs/index.md');
    const { out } = await buildInMemory(site.root);
    const guide = out.text('docs/guide.html')!;
    expect(brand(guide)).toEqual(['a', '/docs/guide']);
    expect(crumbs(guide)).not.toContain('/docs');
    expect(guide).not.toMatch(/>Home</);
  });
});
