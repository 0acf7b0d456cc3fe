import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGzipCache } from '../../src/serve/gzip-cache.ts';
import { rawGet, serveFiles } from './http-helpers.ts';

// Issue 37 › 3: gzip ran on every request, on the thread pool every file read shares; a few
// hundred requests for one large file starved everyone else. Each file version is compressed once.
describe('createGzipCache', () => {
  const text = (n: number) => Buffer.from(`<p>${'snake '.repeat(n)}</p>`);

  it('compresses a version once, however many requests wait for it at the same time', async () => {
    const cache = createGzipCache();
    let reads = 0;
    const read = async () => { reads++; return text(10_000); };
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get({ file: '/guide.html', version: 'v1', read })));
    expect(new Set(all).size).toBe(1);
    expect(gunzipSync(all[0]).equals(text(10_000))).toBe(true);
    expect([reads, cache.stats.compressions]).toEqual([1, 1]);
    expect(await cache.get({ file: '/guide.html', version: 'v1', read })).toBe(all[0]);
    expect(cache.stats).toEqual({ compressions: 1, hits: 1 });
    // A new version (the file changed) is compressed again.
    await cache.get({ file: '/guide.html', version: 'v2', read });
    expect(cache.stats.compressions).toBe(2);
  });

  it('keeps at most maxBytes of compressed output, dropping the least recently used', async () => {
    const texts = [1, 2, 3].map((i) => Buffer.from(Array.from({ length: 400 }, (_, j) => ((i * 7919 + j * j * 31) % 997).toString(36)).join('')));
    const [a, b, c] = texts.map((t) => gzipSync(t, { level: 9 }).length);
    // Room for two of them, not three.
    const cache = createGzipCache({ maxBytes: a + b + Math.floor(c / 2) });
    const get = (i: number) => cache.get({ file: `/${i}`, version: '1', read: async () => texts[i] });
    await get(0);
    await get(1);
    await get(0);
    await get(2);
    expect(cache.stats.compressions).toBe(3);
    // 0 was used after 1, so 1 went when 2 came in.
    await get(0);
    expect(cache.stats.compressions).toBe(3);
    await get(1);
    expect(cache.stats.compressions).toBe(4);
  });

  it('passes a read error on and keeps nothing for it', async () => {
    const cache = createGzipCache();
    await expect(cache.get({ file: '/x', version: '1', read: () => Promise.reject(new Error('ENOENT')) })).rejects.toThrow('ENOENT');
    expect((await cache.get({ file: '/x', version: '1', read: async () => text(100) })).length).toBeGreaterThan(0);
  });
});

describe('sitegen serve gzip', () => {
  const feed = `<?xml version="1.0"?><rss>${Array.from({ length: 20_000 }, (_, i) => `<item><guid>${i}</guid></item>`).join('')}</rss>`;
  const files = { 'index.html': 'home', 'rss.xml': feed, 'img/logo.png': Buffer.alloc(4000, 1), 'small.txt': 'tiny' };
  const gzip = { 'accept-encoding': 'gzip' };

  it('compresses a file once for all its requests and sends the same bytes, with their length', async () => {
    const site = await serveFiles(files);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => rawGet({ url: site.url, path: '/rss.xml', headers: gzip })));
      expect(site.gzipCache.stats.compressions).toBe(1);
      for (const res of answers) {
        expect([res.status, res.headers['content-encoding'], res.headers['content-length']]).toEqual([200, 'gzip', String(answers[0].body.length)]);
        expect(res.body.equals(answers[0].body)).toBe(true);
      }
      expect(gunzipSync(answers[0].body).toString()).toBe(feed);
      const head = await rawGet({ url: site.url, path: '/rss.xml', headers: gzip, method: 'HEAD' });
      expect([head.headers['content-length'], head.body.length]).toEqual([String(answers[0].body.length), 0]);
      expect(site.gzipCache.stats.compressions).toBe(1);
    } finally {
      await site.stop();
    }
  });

  it('keys the compressed bytes on the path, size and mtime of the file', async () => {
    const site = await serveFiles(files);
    try {
      const file = path.join(site.dir, 'rss.xml');
      // Whole seconds, which every file system stores exactly.
      const mtime = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
      utimesSync(file, mtime, mtime);
      const first = await rawGet({ url: site.url, path: '/rss.xml', headers: gzip });
      // Same size, same mtime: the cache cannot tell, and sends what it compressed (proof that it did).
      const same = feed.replace('<guid>0</guid>', '<guid>X</guid>');
      writeFileSync(file, same);
      utimesSync(file, mtime, mtime);
      expect((await rawGet({ url: site.url, path: '/rss.xml', headers: gzip })).body.equals(first.body)).toBe(true);
      expect(site.gzipCache.stats.compressions).toBe(1);
      // A new mtime: compressed again, the new text sent.
      utimesSync(file, mtime, new Date(mtime.getTime() + 5000));
      expect(gunzipSync((await rawGet({ url: site.url, path: '/rss.xml', headers: gzip })).body).toString()).toBe(same);
      expect(site.gzipCache.stats.compressions).toBe(2);
    } finally {
      await site.stop();
    }
  });

  it('varies on Accept-Encoding only for what it may compress, 304s included', async () => {
    const site = await serveFiles(files);
    try {
      const plain = await rawGet({ url: site.url, path: '/rss.xml' });
      expect([plain.headers['content-encoding'], plain.headers.vary, plain.body.toString()]).toEqual([undefined, 'Accept-Encoding', feed]);
      const again = await rawGet({ url: site.url, path: '/rss.xml', headers: { ...gzip, 'if-none-match': String(plain.headers.etag) } });
      expect([again.status, again.headers.vary]).toEqual([304, 'Accept-Encoding']);
      // An image and a file too small to compress are the same bytes whatever the client accepts.
      for (const p of ['/img/logo.png', '/small.txt']) {
        const res = await rawGet({ url: site.url, path: p, headers: gzip });
        expect([p, res.headers['content-encoding'], res.headers.vary]).toEqual([p, undefined, undefined]);
      }
    } finally {
      await site.stop();
    }
  });
});
