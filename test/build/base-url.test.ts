import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import type { BuildResult } from '../../src/build/build-site.ts';
import { checkLinks, type LinkedPage } from '../../src/links/check-links.ts';
import { hasBase, publicUrl, stripBase } from '../../src/util/public-url.ts';
import { resolveUnderBase } from '../../src/serve/resolve-under-base.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

const baseUrl = '/docs-site/';

describe('publicUrl', () => {
  it('prefixes site-relative paths with the base once', () => {
    expect(publicUrl({ baseUrl, path: '/' })).toBe('/docs-site/');
    expect(publicUrl({ baseUrl, path: '/quickstart' })).toBe('/docs-site/quickstart');
    expect(publicUrl({ baseUrl, path: '/img/logo.svg' })).toBe('/docs-site/img/logo.svg');
  });
  it('leaves paths that already carry the base, external and relative URLs alone', () => {
    expect(publicUrl({ baseUrl, path: '/docs-site/quickstart' })).toBe('/docs-site/quickstart');
    expect(publicUrl({ baseUrl, path: '/docs-site' })).toBe('/docs-site');
    expect(publicUrl({ baseUrl, path: '/docs-site#top' })).toBe('/docs-site#top');
    expect(publicUrl({ baseUrl, path: 'https://x.example/a' })).toBe('https://x.example/a');
    expect(publicUrl({ baseUrl, path: '//cdn.example/a' })).toBe('//cdn.example/a');
    expect(publicUrl({ baseUrl, path: 'guide' })).toBe('guide');
  });
  it('does not mistake a sibling path for the base', () => {
    expect(hasBase({ baseUrl, path: '/docs-site-old/a' })).toBe(false);
    expect(publicUrl({ baseUrl, path: '/docs-site-old/a' })).toBe('/docs-site/docs-site-old/a');
  });
  it('is the identity under the root base', () => {
    expect(publicUrl({ baseUrl: '/', path: '/a' })).toBe('/a');
  });
  it('stripBase inverts it and says when a path is outside the base', () => {
    expect(stripBase({ baseUrl, path: '/docs-site/' })).toBe('/');
    expect(stripBase({ baseUrl, path: '/docs-site' })).toBe('/');
    expect(stripBase({ baseUrl, path: '/docs-site/a/b' })).toBe('/a/b');
    expect(stripBase({ baseUrl, path: '/elsewhere' })).toBeUndefined();
  });
});

describe('checkLinks under a base', () => {
  const page = (route: string, hrefs: string[]): LinkedPage => ({ route, source: `content/docs${route}.md`, hrefs, ids: new Set(['top']) });
  const check = (pages: LinkedPage[]) => checkLinks({ pages, files: new Set(['/img/a.svg']), severity: 'error', baseUrl });

  it('resolves links written with or without the base, and relative links, to site routes', () => {
    const pages = [
      page('/guide/intro', ['/guide/setup', '/docs-site/guide/setup#top', 'setup', '../guide/setup', '/docs-site/img/a.svg', '/img/a.svg']),
      page('/guide/setup', []),
    ];
    expect(check(pages)).toEqual([]);
  });
  it('still reports a missing page, by its site-relative route', () => {
    expect(check([page('/a', ['/docs-site/nope'])]).map((d) => d.message)).toEqual(['Cannot find page `/nope`']);
  });
});

describe('building a site under baseUrl /docs-site/', () => {
  let out: MemoryWriter;
  let result: BuildResult;
  beforeAll(async () => {
    ({ out, result } = await buildInMemory(fixture('base-url-site')));
  });
  const text = (file: string): string => {
    const t = out.text(file);
    if (t === undefined) throw new Error(`missing ${file}`);
    return t;
  };

  it('builds without errors, output files at site-relative paths', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(out.text('basics/install.html')).toBeDefined();
    expect(out.text('basics.html')).toBeDefined();
    expect(out.text('search.html')).toBeDefined();
    expect(out.text('blog/rss.xml')).toBeDefined();
  });
  it('sitemap, robots.txt and feeds carry the base exactly once', () => {
    const sitemap = text('sitemap.xml');
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/fixture\.example\/docs-site\/(?!docs-site)/);
    expect(locs).toContain('https://fixture.example/docs-site/basics/install');
    expect(text('robots.txt')).toContain('Sitemap: https://fixture.example/docs-site/sitemap.xml');
    const rss = text('blog/rss.xml');
    expect(rss).toContain('<link>https://fixture.example/docs-site/blog/2021/01/10/post-1</link>');
    expect(rss).not.toContain('docs-site/docs-site');
    expect(rss).not.toMatch(/fixture\.example\/(?!docs-site)/);
  });
  it('canonical URL, stylesheet and feed links in the head carry the base', () => {
    const page = text('basics/install.html');
    expect(page).toContain('<link rel="canonical" href="https://fixture.example/docs-site/basics/install">');
    expect(page).toMatch(/<link rel="stylesheet" href="\/docs-site\/assets\//);
    expect(page).toContain('href="/docs-site/blog/rss.xml"');
    expect(page).toContain('<meta property="og:image" content="https://fixture.example/docs-site/img/ann.svg">');
    expect(page).not.toContain('docs-site/docs-site');
  });
  it('checks Markdown links written with the base and without it, and reports a broken one under the base', async () => {
    expect(text('extra/more-things.html')).toContain('href="/docs-site/basics/install#step-one"');
    const pages = [{ route: '/extra/more-things', source: 'more.md', hrefs: ['/docs-site/basics/install#nope'], ids: new Set<string>() },
      { route: '/basics/install', source: 'install.md', hrefs: [], ids: new Set(['step-one']) }];
    expect(checkLinks({ pages, files: new Set(), severity: 'error', baseUrl }).map((d) => d.message))
      .toEqual(['Cannot find heading `#nope` on page `/basics/install`']);
  });
});

describe('resolveUnderBase (sitegen serve under a base)', () => {
  const files = new Set(['/index.html', '/404.html', '/quickstart.html', '/img/a.svg']);
  const resolve = (rawUrl: string) => resolveUnderBase({ rawUrl, baseUrl, isFile: (f) => files.has(f) });

  it('serves files under the base from site-relative output', () => {
    expect(resolve('/docs-site/')).toEqual({ kind: 'file', file: '/index.html', status: 200 });
    expect(resolve('/docs-site/quickstart')).toEqual({ kind: 'file', file: '/quickstart.html', status: 200 });
    expect(resolve('/docs-site/img/a.svg')).toEqual({ kind: 'file', file: '/img/a.svg', status: 200 });
  });
  it('redirects / and the bare base to the base, and re-bases clean-URL redirects', () => {
    expect(resolve('/')).toEqual({ kind: 'redirect', location: '/docs-site/' });
    expect(resolve('/docs-site?q=1')).toEqual({ kind: 'redirect', location: '/docs-site/?q=1' });
    expect(resolve('/docs-site/quickstart.html?x=1')).toEqual({ kind: 'redirect', location: '/docs-site/quickstart?x=1' });
    expect(resolve('/docs-site/index.html')).toEqual({ kind: 'redirect', location: '/docs-site/' });
  });
  it('answers the 404 page for paths outside the base or unknown under it', () => {
    expect(resolve('/quickstart')).toEqual({ kind: 'file', file: '/404.html', status: 404 });
    expect(resolve('/docs-site-old/quickstart')).toEqual({ kind: 'file', file: '/404.html', status: 404 });
    expect(resolve('/docs-site/nope')).toEqual({ kind: 'file', file: '/404.html', status: 404 });
  });
  it('still refuses traversal', () => {
    expect(resolve('/docs-site/../etc/passwd')).toEqual({ kind: 'bad-request' });
  });
});
