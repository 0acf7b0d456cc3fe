import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../../src/serve/if-none-match.ts';
import { rawGet, serveFiles } from './http-helpers.ts';

// RFC 9110 §13.1.2: If-None-Match is `*` or a list of entity tags, compared weakly (§8.8.3.2).
describe('matchesIfNoneMatch', () => {
  const etag = 'W/"1a-18f"';

  it('matches the same opaque tag, weak or strong, alone or anywhere in a list', () => {
    for (const header of ['W/"1a-18f"', '"1a-18f"', '"x", W/"1a-18f"', 'W/"x",W/"1a-18f" , "y"', ' , "1a-18f",', '"a,b", "1a-18f"']) {
      expect([header, matchesIfNoneMatch(header, etag)]).toEqual([header, true]);
    }
    expect(matchesIfNoneMatch('"1a-18f"', '"1a-18f"')).toBe(true);
  });

  it('matches any representation with *', () => {
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
    expect(matchesIfNoneMatch(' * ', etag)).toBe(true);
  });

  it('does not match other tags, a tag inside another, or a header that is not valid syntax', () => {
    for (const header of [undefined, '', '"1a"', 'W/"1a-18f0"', '"x", "y"', '1a-18f', 'w/"1a-18f"', '"1a-18f" junk', '"a,"1a-18f"', '*, "1a-18f"']) {
      expect([header, matchesIfNoneMatch(header, etag)]).toEqual([header, false]);
    }
  });
});

describe('sitegen serve with If-None-Match', () => {
  it('answers 304 for a list holding the ETag, its strong form or *, and 200 otherwise', async () => {
    const site = await serveFiles({ 'index.html': 'home', '404.html': 'missing', 'guide.html': `<p>${'x'.repeat(2000)}</p>` });
    try {
      const get = (p: string, inm?: string) => rawGet({ url: site.url, path: p, headers: inm === undefined ? {} : { 'if-none-match': inm } });
      const first = await get('/guide');
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      const strong = etag.slice(2);
      for (const header of [etag, strong, `"other", ${etag}`, `W/"other", ${strong}`, '*']) {
        const res = await get('/guide', header);
        expect([header, res.status, res.body.length, res.headers.etag]).toEqual([header, 304, 0, etag]);
      }
      for (const header of ['"other"', `"other", W/"${strong.slice(1, -2)}"`, `${etag} junk`]) {
        expect([header, (await get('/guide', header)).status]).toEqual([header, 200]);
      }
      // The 404 page is not the resource asked for: no 304 for it, even with *.
      expect((await get('/nope', '*')).status).toBe(404);
    } finally {
      await site.stop();
    }
  });
});
