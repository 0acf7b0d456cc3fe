import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { planRedirects } from '../../src/site/redirect-pages.ts';

// Issue 39 › 1: `redirects` (Docusaurus's plugin-client-redirects) as pages, checked against the site.

const plan = (redirects: { from: string | string[]; to: string }[], routes: string[]) =>
  planRedirects({ config: resolveConfig({ title: 'T', url: 'https://t.example', baseUrl: '/base/', redirects }), routes: new Set(routes), configFile: 'site.config.ts' });

describe('planRedirects', () => {
  it('writes a page at each old route, under the base, to a page of the site or a URL', () => {
    const { pages, diagnostics } = plan([{ from: ['/old', '/older/'], to: '/new' }, { from: '/away', to: 'https://elsewhere.example/x' }], ['/new']);
    expect(diagnostics).toEqual([]);
    expect(pages.map((p) => [p.from, p.path, p.to])).toEqual([['/old', 'old.html', '/new'], ['/older', 'older.html', '/new'], ['/away', 'away.html', 'https://elsewhere.example/x']]);
    expect(pages[0].html).toContain('<meta http-equiv="refresh" content="0; url=/base/new">');
    expect(pages[0].html).toContain('<link rel="canonical" href="https://t.example/base/new">');
    expect(pages[2].html).toContain('location.replace("https://elsewhere.example/x" + location.search + location.hash)');
  });

  it('refuses a target that is no page, and leaves a page that exists in place', () => {
    const { pages, diagnostics } = plan([{ from: '/old', to: '/gone' }, { from: '/new', to: '/new' }], ['/new']);
    expect(pages).toEqual([]);
    expect(diagnostics.map((d) => `${d.severity} ${d.ruleId} ${d.message}`)).toEqual([
      'error redirects/missing-target redirects[0]: `/gone` is no page of the site',
      'warning redirects/page-exists redirects[1]: `/new` is a page of the site; it is not replaced by a redirect',
    ]);
  });
});
