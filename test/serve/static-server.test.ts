import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../src/serve/start-static-server.ts';
import { rawGet } from './http-helpers.ts';

let dir: string;
let server: StaticServer;
const big = `<!doctype html><title>Quickstart</title>${'<p>Steer the snake.</p>'.repeat(200)}`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sitegen-serve-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    '404.html': '<!doctype html><title>Page not found</title>',
    'quickstart.html': big,
    'guides/index.html': '<!doctype html><title>Guides</title>',
    'assets/js/entry.3F9A1C2B.js': `console.log(${JSON.stringify('x'.repeat(2000))});`,
    'assets/css/main.8B1E2D.css': 'body{color:red}',
    'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sitemap.xml': '<urlset/>',
    '_chunks/quickstart.json': '{"type":"doc"}',
    '_chunks/sidebar.0a1b2c3d4e.json': '[]',
    '_chunks/sidebar.0a1b2c3d4e.page.json': '{}',
    '_chunks/site.0a1b2c3d4e.json': '{}',
    'search-index/manifest.json': '{}',
    'search-index/shards/0.0a1b2c3d4e.json': '{}',
    'search-index/fragments/3/3-0.0a1b2c3d4e.json': '{}',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  // A secret beside the build folder: traversal must never reach it.
  writeFileSync(path.join(dir, '..', `${path.basename(dir)}-secret.txt`), 'secret');
  server = await startStaticServer({ dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-secret.txt`, { force: true });
});

const get = (p: string, headers?: Record<string, string>) => rawGet({ url: server.url, path: p, headers });

describe('sitegen serve', () => {
  it('binds 127.0.0.1 by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('serves clean URLs from x.html and x/index.html', async () => {
    const home = await get('/');
    expect([home.status, home.body.toString()]).toEqual([200, '<!doctype html><title>Home</title>']);
    expect((await get('/quickstart')).body.toString()).toBe(big);
    const guides = await get('/guides?tab=1');
    expect([guides.status, guides.body.toString()]).toEqual([200, '<!doctype html><title>Guides</title>']);
  });

  it('redirects /x.html, /x/index.html and trailing slashes with 301, keeping the query', async () => {
    const cases: [string, string][] = [
      ['/quickstart.html', '/quickstart'],
      ['/quickstart.html?a=1', '/quickstart?a=1'],
      ['/guides/index.html', '/guides'],
      ['/guides/index.html?x=y', '/guides?x=y'],
      ['/guides/', '/guides'],
      ['/quickstart/?q=snake', '/quickstart?q=snake'],
      ['/index.html', '/'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect([from, res.status, res.headers.location]).toEqual([from, 301, to]);
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain('Page not found');
  });

  it('sends content types', async () => {
    const types: [string, string][] = [
      ['/', 'text/html; charset=utf-8'],
      ['/assets/js/entry.3F9A1C2B.js', 'text/javascript; charset=utf-8'],
      ['/assets/css/main.8B1E2D.css', 'text/css; charset=utf-8'],
      ['/img/logo.svg', 'image/svg+xml'],
      ['/sitemap.xml', 'application/xml; charset=utf-8'],
      ['/_chunks/quickstart.json', 'application/json; charset=utf-8'],
    ];
    for (const [p, type] of types) expect([p, (await get(p)).headers['content-type']]).toEqual([p, type]);
    expect((await get('/')).headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches hashed assets for a year and revalidates HTML and other files', async () => {
    expect((await get('/assets/js/entry.3F9A1C2B.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/quickstart')).headers['cache-control']).toBe('no-cache');
    expect((await get('/img/logo.svg')).headers['cache-control']).toBe('no-cache');
    expect((await get('/nope')).headers['cache-control']).toBe('no-cache');
    // Search shards and fragments and the split sidebar have hashed names; the manifest does not.
    for (const p of ['/search-index/shards/0.0a1b2c3d4e.json', '/search-index/fragments/3/3-0.0a1b2c3d4e.json', '/_chunks/sidebar.0a1b2c3d4e.json', '/_chunks/sidebar.0a1b2c3d4e.page.json', '/_chunks/site.0a1b2c3d4e.json']) {
      expect([p, (await get(p)).headers['cache-control']]).toEqual([p, 'public, max-age=31536000, immutable']);
    }
    expect((await get('/search-index/manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await get('/_chunks/quickstart.json')).headers['cache-control']).toBe('no-cache');
  });

  it('answers a matching ETag with 304', async () => {
    const first = await get('/quickstart');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/quickstart', { 'if-none-match': etag });
    expect([again.status, again.body.length]).toEqual([304, 0]);
  });

  it('gzips text when the client accepts it', async () => {
    const zipped = await get('/quickstart', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(big.length / 5);
    expect(gunzipSync(zipped.body).toString()).toBe(big);
    const js = await get('/assets/js/entry.3F9A1C2B.js', { 'accept-encoding': 'gzip' });
    expect(js.headers['content-encoding']).toBe('gzip');
    const plain = await get('/quickstart');
    expect([plain.headers['content-encoding'], plain.headers['content-length']]).toEqual([undefined, String(big.length)]);
    const refused = await get('/quickstart', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Tiny files are not worth compressing.
    expect((await get('/', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawGet({ url: server.url, path: '/quickstart', method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(big.length), 0]);
    const post = await rawGet({ url: server.url, path: '/', method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it.each([
    '/../etc/passwd', '/..%2Fetc%2Fpasswd', '/%2e%2e/etc/passwd', '/%2e%2e/', '/%2F', '/%2Fetc%2Fpasswd', '//etc/passwd',
    '/..\\etc\\passwd', '/%5c..%5cetc', '/guides/../../etc/passwd', `/../${'x'}-secret.txt`,
  ])('refuses path traversal: %s', async (p) => {
    const res = await get(p.replace('/x-secret', `/${path.basename(dir)}-secret`));
    expect(res.status).toBe(400);
    expect(res.body.toString()).toBe('Bad request');
  });

  it('reports a port in use as a user error naming --port', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    await expect(startStaticServer({ dir, port })).rejects.toThrow(`Cannot listen on 127.0.0.1:${port}: port ${port} is in use. Pass another \`--port\`.`);
    blocker.close();
  });

  it('refuses to serve a folder without a build', async () => {
    await expect(startStaticServer({ dir: path.join(dir, 'img'), port: 0 })).rejects.toThrow(/Cannot serve `.*img`: it holds no build/);
  });
});
