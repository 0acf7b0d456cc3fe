import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../../src/serve/content-type.ts';
import { createGzipCache } from '../../src/serve/gzip-cache.ts';
import { answerRequest, type FileSource } from '../../src/serve/send-content.ts';

// answerRequest over a real HTTP server, with the files in memory (as `sitegen dev` has them).
const big = 'x'.repeat(2000);
const files: Record<string, string> = {
  'index.html': '<p>home</p>',
  'guide.html': `<p>${big}</p>`,
  '404.html': 'missing',
  'assets/js/entry.3F9A1C2B.js': big,
  '_chunks/site.0123456789.json': '{}',
  '_chunks/old-page-data.json': '{}',
  'robots.txt': 'small',
};
let vanished = false;
const source: FileSource = {
  isFile: (file) => file.slice(1) in files,
  read: (file) => (vanished && file === '/robots.txt' ? undefined : { size: Buffer.byteLength(files[file.slice(1)]), version: `v-${file}`, bytes: files[file.slice(1)] }),
};
const gzipCache = createGzipCache();
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => answerRequest({ source, req, res, gzipCache, transformHtml: (html) => html.replace('</p>', '</p><script>live</script>') }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (no automatic decompression), with the body as bytes. */
function request(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

describe('contentTypeOf', () => {
  it('knows the types a site serves, whatever the case, and falls back to bytes', () => {
    expect(contentTypeOf('/a/b.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/x.woff2')).toBe('font/woff2');
    expect(contentTypeOf('/x.wasm')).toBe('application/wasm');
    expect(contentTypeOf('/x.unknown')).toBe('application/octet-stream');
    expect(contentTypeOf('/Makefile')).toBe('application/octet-stream');
  });
});

describe('answerRequest', () => {
  it('passes served HTML through transformHtml, with an ETag of its own', async () => {
    const res = await request('/');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('<p>home</p><script>live</script>');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers.etag).toBe('W/"v-/index.html-t"');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request('/robots.txt');
    const again = await request('/robots.txt', { headers: { 'If-None-Match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('gzips text above 512 bytes when the client accepts it, and not when it refuses', async () => {
    for (const accept of ['gzip', 'br, gzip;q=0.5', '*']) {
      const res = await request('/guide', { headers: { 'Accept-Encoding': accept } });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(gunzipSync(res.body).toString()).toBe(`<p>${big}</p><script>live</script>`);
    }
    for (const accept of ['gzip;q=0', 'br', '']) {
      const res = await request('/guide', { headers: { 'Accept-Encoding': accept } });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
    }
    // Small files are sent as they are.
    expect((await request('/robots.txt', { headers: { 'Accept-Encoding': 'gzip' } })).headers['content-encoding']).toBeUndefined();
  });

  it('caches content-hashed files for a year, and an unhashed file in _chunks/ not', async () => {
    expect((await request('/assets/js/entry.3F9A1C2B.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request('/_chunks/site.0123456789.json')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request('/_chunks/old-page-data.json')).headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD without a body, refuses other methods with 405, and redirects clean URLs', async () => {
    const head = await request('/guide', { method: 'HEAD' });
    expect([head.status, head.body.length]).toEqual([200, 0]);
    const post = await request('/guide', { method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    const redirect = await request('/guide.html');
    expect([redirect.status, redirect.headers.location]).toEqual([301, '/guide']);
  });

  it('answers 404 for an unknown path and for a file that vanished after it was found', async () => {
    expect((await request('/nothing')).status).toBe(404);
    vanished = true;
    try {
      const res = await request('/robots.txt');
      expect([res.status, res.body.toString()]).toEqual([404, 'Not found']);
    } finally {
      vanished = false;
    }
  });
});
