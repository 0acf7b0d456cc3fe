import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeaderRules } from '../../src/serve/header-rules.ts';
import { rawGet, serveFiles } from './http-helpers.ts';

const rulesText = `# Security headers for every page
/*
  Content-Security-Policy: default-src 'self'; img-src 'self' data:
  X-Frame-Options: DENY
  Cache-Control: max-age=0

/assets/*
  Cache-Control: public, max-age=31536000, immutable

/img/*.png
  ! Content-Security-Policy
  X-Robots-Tag: noindex

/blog/:year/:slug
  X-Post: :slug of :year, no :other

https://example.com/*
  X-Host-Only: yes
not a rule
  X-Lost: yes
`;

/** The headers as a plain object of lower-case name → value (null: detached). */
function forPath(pathname: string): Record<string, string | null> {
  return Object.fromEntries([...headersFor(parseHeaderRules(rulesText), pathname)].map(([key, { value }]) => [key, value]));
}

describe('_headers rules', () => {
  it('reads the blocks in order, with detaches, and skips absolute URLs and stray lines', () => {
    const rules = parseHeaderRules(rulesText);
    expect(rules.map((r) => [r.path, r.headers.length])).toEqual([['/*', 3], ['/assets/*', 1], ['/img/*.png', 2], ['/blog/:year/:slug', 1]]);
    expect(rules[2].headers[0]).toEqual({ name: 'Content-Security-Policy', value: null });
  });

  it('applies every matching rule, joining a header two rules set, as Cloudflare Pages does', () => {
    expect(forPath('/')).toEqual({ 'content-security-policy': "default-src 'self'; img-src 'self' data:", 'x-frame-options': 'DENY', 'cache-control': 'max-age=0' });
    expect(forPath('/assets/js/entry.3F9A1C2B.js')['cache-control']).toBe('max-age=0, public, max-age=31536000, immutable');
    // `*` crosses folders; the rest of the pattern is literal.
    expect(forPath('/img/icons/logo.png')).toMatchObject({ 'content-security-policy': null, 'x-robots-tag': 'noindex' });
    expect(forPath('/img/logo.svg')['x-robots-tag']).toBeUndefined();
    expect(forPath('/imgXlogo.png')['x-robots-tag']).toBeUndefined();
  });

  it('matches a placeholder to one path segment and fills it into values', () => {
    expect(forPath('/blog/2024/first-post')['x-post']).toBe('first-post of 2024, no :other');
    expect(forPath('/blog/2024/a/b')['x-post']).toBeUndefined();
    expect(forPath('/blog/2024')['x-post']).toBeUndefined();
  });

  it('ignores headers the server must set itself', () => {
    const rules = parseHeaderRules('/*\n  Content-Length: 1\n  Content-Encoding: br\n  Connection: close\n  X-Ok: 1\n');
    expect([...headersFor(rules, '/x').keys()]).toEqual(['x-ok']);
  });
});

describe('sitegen serve with _headers', () => {
  const files = {
    'index.html': '<!doctype html><title>Home</title>',
    '404.html': '<!doctype html><title>Not found</title>',
    'quickstart.html': '<!doctype html><title>Quickstart</title>',
    'assets/js/entry.3F9A1C2B.js': 'console.log(1)',
    'img/logo.png': 'png',
    _headers: rulesText,
    _redirects: '/old /new 301',
  };

  it('sends the headers of _headers with files, 404 pages and 304s, and not with redirects', async () => {
    const site = await serveFiles(files);
    try {
      const home = await rawGet({ url: site.url, path: '/' });
      expect(home.headers).toMatchObject({ 'content-security-policy': "default-src 'self'; img-src 'self' data:", 'x-frame-options': 'DENY', 'cache-control': 'max-age=0' });
      // Matched against the URL path, not the file: `/quickstart` is `quickstart.html`.
      expect((await rawGet({ url: site.url, path: '/quickstart?x=1' })).headers['x-frame-options']).toBe('DENY');
      const missing = await rawGet({ url: site.url, path: '/nope' });
      expect([missing.status, missing.headers['x-frame-options']]).toEqual([404, 'DENY']);
      const again = await rawGet({ url: site.url, path: '/', headers: { 'if-none-match': String(home.headers.etag) } });
      expect([again.status, again.headers['content-security-policy']]).toEqual([304, home.headers['content-security-policy']]);
      expect((await rawGet({ url: site.url, path: '/assets/js/entry.3F9A1C2B.js' })).headers['cache-control']).toBe('max-age=0, public, max-age=31536000, immutable');
      // A detach removes the header, and the server's own nosniff stays.
      const png = await rawGet({ url: site.url, path: '/img/logo.png' });
      expect([png.headers['content-security-policy'], png.headers['x-robots-tag'], png.headers['x-content-type-options']]).toEqual([undefined, 'noindex', 'nosniff']);
      const redirect = await rawGet({ url: site.url, path: '/quickstart.html' });
      expect([redirect.status, redirect.headers['x-frame-options']]).toEqual([301, undefined]);
    } finally {
      await site.stop();
    }
  });

  it('matches the rules under a base URL against the path below the base, as the folder is deployed', async () => {
    const site = await serveFiles(files, { baseUrl: '/docs-site/' });
    try {
      const js = await rawGet({ url: site.url, path: '/docs-site/assets/js/entry.3F9A1C2B.js' });
      expect([js.status, js.headers['cache-control']]).toEqual([200, 'max-age=0, public, max-age=31536000, immutable']);
      const png = await rawGet({ url: site.url, path: '/docs-site/img/logo.png' });
      expect([png.headers['x-robots-tag'], png.headers['x-frame-options']]).toEqual(['noindex', 'DENY']);
    } finally {
      await site.stop();
    }
  });

  it('reads _headers again when a rebuild changes it', async () => {
    const site = await serveFiles(files);
    try {
      expect((await rawGet({ url: site.url, path: '/' })).headers['x-frame-options']).toBe('DENY');
      writeFileSync(path.join(site.dir, '_headers'), '/*\n  X-Frame-Options: SAMEORIGIN\n');
      // A later mtime, whatever the file system's clock resolution.
      utimesSync(path.join(site.dir, '_headers'), new Date(), new Date(Date.now() + 5000));
      const res = await rawGet({ url: site.url, path: '/' });
      expect([res.headers['x-frame-options'], res.headers['content-security-policy']]).toEqual(['SAMEORIGIN', undefined]);
    } finally {
      await site.stop();
    }
  });

  it('does not serve the files the host reads (_headers, _redirects), at the root or under a base', async () => {
    const site = await serveFiles(files);
    const based = await serveFiles(files, { baseUrl: '/docs-site/' });
    try {
      for (const [server, p] of [[site, '/_headers'], [site, '/_redirects'], [based, '/docs-site/_headers']] as const) {
        const res = await rawGet({ url: server.url, path: p });
        expect([p, res.status, res.body.toString()]).toEqual([p, 404, '<!doctype html><title>Not found</title>']);
      }
    } finally {
      await site.stop();
      await based.stop();
    }
  });
});
