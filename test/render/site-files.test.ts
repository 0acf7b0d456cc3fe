import { createHash } from 'node:crypto';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema, type SiteConfigInput } from '../../src/config/schema.ts';
import type { PostSource } from '../../src/model.ts';
import type { Rendered } from '../../src/routes/planned-page.ts';
import { IMMUTABLE_PATHS, renderFeeds, renderHeaders, renderRobots, renderSitemap } from '../../src/render/site-files.ts';

/** Every text and CDATA section of a strict XML 1.0 parse (saxes throws on anything not well-formed). */
function parseXml(xml: string): string[] {
  const parser = new SaxesParser({ xmlns: false });
  const texts: string[] = [];
  let current = '';
  parser.on('opentag', () => { current = ''; });
  parser.on('text', (t) => { current += t; });
  parser.on('cdata', (t) => { current += t; });
  parser.on('closetag', () => { if (current) texts.push(current); current = ''; });
  parser.on('error', (e) => { throw e; });
  parser.write(xml).close();
  return texts;
}

const config = (over: Partial<SiteConfigInput> = {}) => siteConfigSchema.parse({ title: 'Arena', url: 'https://arena.example', ...over });

/** A rendered post, newest first when made in order of `day` descending. */
const post = (day: number, html = '<p>Body</p>'): Rendered<PostSource> => ({
  file: `content/blog/2024-01-${String(day).padStart(2, '0')}-p${day}.md`, date: `2024-01-${String(day).padStart(2, '0')}`, slug: `p${day}`,
  route: `/blog/2024/01/${String(day).padStart(2, '0')}/p${day}`, title: `Post ${day}`, description: `About ${day}`,
  authors: [{ key: 'ada', name: 'Ada', url: 'https://ada.example' }], tags: [], hideTableOfContents: false, draft: false, body: '', lineOffset: 0,
  md: { html } as Rendered<PostSource>['md'],
});

describe('renderSitemap and renderRobots', () => {
  it('lists every route as an absolute URL under the base, with lastmod when known, escaped', () => {
    const xml = renderSitemap({ config: config({ baseUrl: '/docs-site/' }), routes: [{ route: '/' }, { route: '/a&b', lastmod: '2024-01-02' }] });
    expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://arena.example/docs-site/</loc></url>
  <url><loc>https://arena.example/docs-site/a&amp;b</loc><lastmod>2024-01-02</lastmod></url>
</urlset>
`);
  });

  it('allows everything and names the sitemap; noIndex disallows everything', () => {
    expect(renderRobots(config())).toBe('User-agent: *\nAllow: /\n\nSitemap: https://arena.example/sitemap.xml\n');
    expect(renderRobots(config({ noIndex: true, baseUrl: '/x/' }))).toBe('User-agent: *\nDisallow: /\n\nSitemap: https://arena.example/x/sitemap.xml\n');
  });
});

describe('renderHeaders', () => {
  it('allows our scripts, the hashed head script, the stylesheets’ origins and the search service', () => {
    const text = renderHeaders({
      config: config({ stylesheets: [{ href: 'https://cdn.example/katex/katex.css' }, { href: 'https://cdn.example/other.css' }] }),
      headScriptHash: 'sha256-abc', searchOrigin: 'https://search.example',
    });
    const csp = /Content-Security-Policy: (.*)/.exec(text)![1].split('; ');
    expect(csp).toContain("script-src 'self' 'sha256-abc' 'wasm-unsafe-eval'");
    expect(csp).toContain("style-src-elem 'self' https://cdn.example");
    expect(csp).toContain("font-src 'self' https://cdn.example");
    expect(csp).toContain("connect-src 'self' https://search.example");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('allows the config\'s scripts on other hosts and its inline head scripts by their hash', () => {
    const text = renderHeaders({
      config: config({
        scripts: ['https://stats.example/s.js', { src: '/js/local.js', async: true }],
        headTags: [{ tagName: 'script', attributes: {}, innerHTML: 'window.x = 1;' }],
      }),
      headScriptHash: 'sha256-abc',
    });
    const csp = /Content-Security-Policy: (.*)/.exec(text)![1].split('; ');
    const hash = createHash('sha256').update('window.x = 1;').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-abc' 'sha256-${hash}' https://stats.example 'wasm-unsafe-eval'`);
  });

  it('leaves the Content-Security-Policy out when the config does (a Docusaurus config), and keeps the other headers', () => {
    const text = renderHeaders({ config: config({ contentSecurityPolicy: false }), headScriptHash: 'sha256-x' });
    expect(text).not.toContain('Content-Security-Policy');
    expect(text).toMatch(/^\/\*\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/);
  });

  it('caches every content-hashed path for a year, and leaves the CSP tidy without stylesheets or search service', () => {
    const text = renderHeaders({ config: config(), headScriptHash: 'sha256-x' });
    for (const p of IMMUTABLE_PATHS) expect(text).toContain(`${p}\n  Cache-Control: public, max-age=31536000, immutable\n`);
    expect(IMMUTABLE_PATHS.length).toBeGreaterThan(0);
    expect(text).toContain("style-src-elem 'self'; ");
    expect(text).toContain("connect-src 'self'; ");
  });
});

describe('renderFeeds', () => {
  it('writes RSS and Atom under blog.routeBasePath, with absolute links in the content', () => {
    const files = renderFeeds({ config: config({ baseUrl: '/docs-site/' }), posts: [post(2, '<p><a href="/rules">Rules</a> <img src="/img/x.png"> <a href="//cdn.example/y">y</a></p>'), post(1)] });
    expect(files.map((f) => f.path)).toEqual(['blog/rss.xml', 'blog/atom.xml']);
    const rss = files[0].contents;
    expect(rss).toContain('<link>https://arena.example/docs-site/blog/2024/01/02/p2</link>');
    expect(rss).toContain('href="https://arena.example/docs-site/rules"');
    expect(rss).toContain('src="https://arena.example/docs-site/img/x.png"');
    // Protocol-relative URLs are already absolute.
    expect(rss).toContain('href="//cdn.example/y"');
    expect(files[1].contents).toMatch(/<title[^>]*>Arena Blog<\/title>/);
  });

  it('carries the `feedOptions.limit` most recent posts, or every post with `false`', () => {
    const posts = [5, 4, 3, 2, 1].map((d) => post(d));
    const items = (limit: number | false) => renderFeeds({ config: config({ blog: { feedOptions: { type: 'rss', limit } } }), posts })[0].contents.match(/<item>/g)?.length;
    expect(items(2)).toBe(2);
    expect(items(false)).toBe(5);
    expect(renderFeeds({ config: config({ blog: { feedOptions: { type: 'rss', limit: 2 } } }), posts })[0].contents).not.toContain('Post 3');
  });

  it('stays well-formed XML whatever a post holds: `]]>` twice, control characters, astral characters', () => {
    const nasty = (what: string) => `${what} ]]> one ]]> two \u0001\u000b\ufffe\ud800 and 😀 𝔸`;
    const posts = [{ ...post(1, `<p>${nasty('Body')}</p><pre>a]]>b]]>c</pre>`), title: nasty('Title'), description: nasty('About'), authors: [{ key: 'x', name: nasty('Name') }] }];
    const kept = (what: string) => `${what} ]]> one ]]> two  and 😀 𝔸`;
    for (const file of renderFeeds({ config: config(), posts })) {
      const texts = parseXml(file.contents);
      expect(texts, file.path).toContain(kept('Title'));
      expect(texts, file.path).toContain(kept('About'));
      expect(texts.some((t) => t.includes(`<p>${kept('Body')}</p><pre>a]]>b]]>c</pre>`)), file.path).toBe(true);
      expect(texts, file.path).toContain(kept('Name'));
    }
  });

  it('writes only the feed the settings ask for', () => {
    expect(renderFeeds({ config: config({ blog: { routeBasePath: '/news', feedOptions: { type: 'atom' } } }), posts: [post(1)] }).map((f) => f.path)).toEqual(['news/atom.xml']);
  });
});
