/**
 * The indexer and the local client end to end: a few small pages are indexed, then the client
 * runs against the produced files through a `fetch` stub serving them from memory.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteConfig } from '../../src/config/schema.ts';
import type { PageData } from '../../src/model.ts';
import { buildSearchIndex, type SearchIndexFile } from '../../src/search/build-search-index.ts';
import { createSearchIndexer } from '../../src/search/create-search-indexer.ts';
import { extractSections } from '../../src/search/extract-sections.ts';
import { createLocalClient } from '../../theme/search/local-client.ts';
import { createSearchClient } from '../../theme/search/search-client.ts';

const config = { locale: 'en', search: { provider: 'local', contextualSearch: true, searchPagePath: 'search' } } as Pick<SiteConfig, 'locale' | 'search'>;

function documentWith(options: { title: string; body: string; lang?: string }): string {
  return `<!doctype html><html lang="${options.lang ?? 'en'}"><head><title>${options.title}</title></head><body>
<nav class="navbar">Docs Blog Search</nav><main><article data-pagefind-body=""><h1 class="page-title">${options.title}</h1>
<div class="markdown">${options.body}</div></article></main><footer>Copyright Serpent Arena</footer></body></html>`;
}

const heading = (level: 2 | 3, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a class="hash-link" href="#${id}">#</a></h${level}>`;

const pages: { page: PageData; html: string }[] = [
  {
    page: { type: 'doc', route: '/rules', title: 'Rules' } as PageData,
    html: documentWith({
      title: 'Rules',
      body: `<p>How a turn of Serpent Arena is resolved.</p>${heading(2, 'head-to-head-collisions', 'Head-to-head collisions')}
<p>When two heads move into the same cell, the shorter snake is eliminated. Equal lengths eliminate both.</p>
${heading(3, 'hazards', 'Hazards')}<p>Hazard cells cost extra health every turn.</p>`,
    }),
  },
  {
    page: { type: 'doc', route: '/quickstart', title: 'Quickstart' } as PageData,
    html: documentWith({ title: 'Quickstart', body: '<p>Write a web server that answers the move request with a direction.</p>' }),
  },
  {
    page: { type: 'blog-post', route: '/blog/2021/05/24/results', title: 'Spring results' } as PageData,
    html: documentWith({ title: 'Spring results', body: `${heading(2, 'final', 'The final')}<p>Glasswing lost a head-to-head collision in the final.</p>` }),
  },
  {
    page: { type: 'doc', route: '/fr/regles', title: 'Règles' } as PageData,
    html: documentWith({ title: 'Règles', lang: 'fr', body: '<p>Une collision tête contre tête élimine le serpent le plus court.</p>' }),
  },
  // Listed pages that must not be indexed.
  { page: { type: 'blog-list', route: '/blog', title: 'Blog' } as PageData, html: documentWith({ title: 'Blog', body: '<p>collision list</p>' }) },
  { page: { type: 'search', route: '/search', title: 'Search' } as PageData, html: documentWith({ title: 'Search', body: '<p>collision</p>' }) },
];

async function indexFiles(): Promise<SearchIndexFile[]> {
  const indexer = createSearchIndexer({ config });
  for (const entry of pages) indexer.add(entry);
  return [...(await indexer.finish())];
}

/** A `fetch` serving `files` (paths relative to the output root), counting gzip bytes. */
function serve(files: SearchIndexFile[]) {
  const byPath = new Map(files.map((f) => [f.path, f.contents]));
  const log = { urls: [] as string[], gzipBytes: 0 };
  const fetch = vi.fn(async (url: string | URL | Request) => {
    const contents = byPath.get(String(url).replace(/^\//, ''));
    log.urls.push(String(url));
    if (contents === undefined) return new Response('Not found', { status: 404 });
    // Gzipped index files go over the wire as they are; JSON is gzipped by the server.
    log.gzipBytes += typeof contents === 'string' ? gzipSync(contents).length : contents.byteLength;
    return new Response(contents as BodyInit, { status: 200 });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, log, spy: fetch };
}

const text = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

/** A file's JSON text, inflated when gzipped. */
const textOf = (f: SearchIndexFile) => (typeof f.contents === 'string' ? f.contents : gunzipSync(f.contents).toString('utf8'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('search index files', () => {
  it('writes a manifest, hashed shards and hashed fragments under search-index/', async () => {
    const files = await indexFiles();
    const paths = files.map((f) => f.path);
    // The manifest comes last: once it is in a folder, so is everything it leads to.
    expect(paths.at(-1)).toBe('search-index/manifest.json');
    expect(paths.every((p) => /^search-index\/(manifest\.json|shards\/\d+\.[0-9a-f]{10}\.json\.gz|fragments\/\d+\/\d+-\d+\.[0-9a-f]{10}\.json\.gz)$/.test(p))).toBe(true);
    const manifest = JSON.parse(textOf(files.at(-1)!));
    // Only docs, categories and blog posts are indexed: 4 pages in 3 (language, tag) groups.
    expect(manifest.groups).toEqual([['en', 'docs', 0, 2], ['en', 'blog', 2, 3], ['fr', 'docs', 3, 4]]);
    expect(files.some((f) => textOf(f).includes('collision list'))).toBe(false);
    // Shards and fragments are gzipped JSON.
    for (const f of files.slice(0, -1)) expect(() => JSON.parse(textOf(f)), f.path).not.toThrow();
  });

  it('writes nothing for the hosted provider', async () => {
    const indexer = createSearchIndexer({ config: { locale: 'en', search: { provider: 'hosted', appId: 'A', apiKey: 'k', indexName: 'i', contextualSearch: true, searchPagePath: 'search' } } });
    indexer.add(pages[0]);
    expect([...(await indexer.finish())]).toEqual([]);
  });
});

describe('local search client', () => {
  it('fetches nothing until the first query, then only a few small files', async () => {
    const { fetch, log, spy } = serve(await indexFiles());
    const client = createLocalClient({ contextualSearch: true, fetch });
    expect(spy).not.toHaveBeenCalled();
    const results = await client.search('head-to-head collisions');
    expect(results.hits.length).toBeGreaterThan(0);
    expect(log.urls[0]).toBe('/search-index/manifest.json');
    expect(log.urls.every((u) => u.startsWith('/search-index/'))).toBe(true);
    expect(log.gzipBytes).toBeLessThan(4000);
  });

  it('reads index files a host has already inflated (one that sends .gz with Content-Encoding: gzip)', async () => {
    const files = await indexFiles();
    const inflated = files.map((f) => ({ ...f, contents: textOf(f) }));
    const gzipped = await createLocalClient({ contextualSearch: true, fetch: serve(files).fetch }).search('head-to-head collisions');
    const plain = await createLocalClient({ contextualSearch: true, fetch: serve(inflated).fetch }).search('head-to-head collisions');
    expect(plain.hits.length).toBeGreaterThan(0);
    expect(plain).toEqual(gzipped);
  });

  it('does not fetch from createSearchClient until search is used', async () => {
    const { fetch, spy } = serve(await indexFiles());
    vi.stubGlobal('fetch', fetch);
    const client = createSearchClient({ provider: 'local', searchPagePath: 'search', contextualSearch: true });
    expect(spy).not.toHaveBeenCalled();
    expect((await client.search('quickstart')).hits[0].url).toBe('/quickstart');
  });

  it('points hits inside a section at the heading id, with the heading as section', async () => {
    const { fetch } = serve(await indexFiles());
    const { hits } = await createLocalClient({ contextualSearch: true, fetch }).search('eliminated shorter');
    expect(hits[0]).toMatchObject({ url: '/rules#head-to-head-collisions', title: 'Rules', section: 'Head-to-head collisions', tag: 'docs' });
    const intro = await createLocalClient({ contextualSearch: true, fetch }).search('resolved');
    expect(intro.hits[0]).toMatchObject({ url: '/rules', title: 'Rules', section: undefined });
  });

  it('matches the last word as a prefix (search as you type)', async () => {
    const { fetch } = serve(await indexFiles());
    const client = createLocalClient({ contextualSearch: true, fetch });
    expect((await client.search('haz')).hits.map((h) => h.url)).toEqual(['/rules#hazards']);
    expect((await client.search('quicks')).hits.map((h) => h.url)).toEqual(['/quickstart']);
    // Earlier words must match whole: `quicks` matches nothing, so only `server` counts.
    const { hits } = await client.search('quicks server');
    expect(hits[0].snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['server']);
  });

  it('ranks title and heading matches first and marks matched words in snippets', async () => {
    const { fetch } = serve(await indexFiles());
    const { hits, total } = await createLocalClient({ contextualSearch: true, fetch }).search('head-to-head collision');
    expect(hits.map((h) => h.url)).toEqual(['/rules#head-to-head-collisions', '/blog/2021/05/24/results#final']);
    expect(total).toBe(2);
    expect(hits[1].tag).toBe('blog');
    expect(hits[1].snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['head', 'head', 'collision']);
    expect(text(hits[1].snippet)).toBe('Glasswing lost a head-to-head collision in the final.');
  });

  it('filters by language and tag with contextual search, and not without it', async () => {
    const files = buildSearchIndex({
      language: 'en',
      pages: [
        { route: '/a', title: 'Alpha', tag: 'docs', language: 'en', sections: [{ blocks: ['venom'] }] },
        { route: '/b', title: 'Beta', tag: 'blog', language: 'en', sections: [{ blocks: ['venom'] }] },
        { route: '/v1/a', title: 'Old alpha', tag: 'docs-v1', language: 'en', sections: [{ blocks: ['venom'] }] },
        { route: '/fr/a', title: 'Alpha fr', tag: 'docs', language: 'fr', sections: [{ blocks: ['venom'] }] },
      ],
    });
    const { fetch } = serve(files);
    const urls = async (options: { contextualSearch: boolean; language?: string }) =>
      (await createLocalClient({ ...options, fetch }).search('venom')).hits.map((h) => h.url).sort();
    expect(await urls({ contextualSearch: true })).toEqual(['/a', '/b']);
    expect(await urls({ contextualSearch: true, language: 'fr' })).toEqual(['/fr/a']);
    expect(await urls({ contextualSearch: false })).toEqual(['/a', '/b', '/fr/a', '/v1/a']);
  });

  it('drops pages in another language from a real build', async () => {
    const { fetch } = serve(await indexFiles());
    expect((await createLocalClient({ contextualSearch: true, fetch }).search('serpent')).hits.map((h) => h.url)).toEqual(['/rules']);
    expect((await createLocalClient({ contextualSearch: false, fetch }).search('serpent')).hits.map((h) => h.url).sort()).toEqual(['/fr/regles', '/rules']);
  });

  it('returns plain text parts for an HTML query', async () => {
    const files = buildSearchIndex({
      language: 'en',
      pages: [{ route: '/x', title: 'Escaping', tag: 'docs', language: 'en', sections: [{ blocks: ['Never write <img src=x onerror=alert(1)> into the page.'] }] }],
    });
    const { fetch } = serve(files);
    const { hits } = await createLocalClient({ contextualSearch: true, fetch }).search('<img src=x onerror=alert(1)>');
    expect(hits).toHaveLength(1);
    expect(hits[0].snippet.length).toBeGreaterThan(0);
    for (const part of hits[0].snippet) expect(Object.keys(part).sort()).toEqual(['mark', 'text']);
    expect(text(hits[0].snippet)).toBe('Never write <img src=x onerror=alert(1)> into the page.');
    expect(hits[0].snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['img', 'src', 'onerror', 'alert', '1']);
  });

  it('rejects when an index file cannot be fetched, and retries on the next query', async () => {
    const { fetch } = serve(await indexFiles());
    let fail = true;
    const flaky = (async (url: string) => (fail ? new Response('Gone', { status: 503 }) : fetch(url))) as typeof globalThis.fetch;
    const client = createLocalClient({ contextualSearch: true, fetch: flaky });
    await expect(client.search('rules')).rejects.toThrow('HTTP 503');
    fail = false;
    expect((await client.search('rules')).hits[0].url).toBe('/rules');

    const offline = createLocalClient({ contextualSearch: true, fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof globalThis.fetch });
    await expect(offline.search('rules')).rejects.toThrow('Failed to fetch');
  });

  it('rejects with an AbortError when the signal aborts', async () => {
    const { fetch } = serve(await indexFiles());
    // The index files arrive only after the abort: ordered by a promise, not by a delay.
    let release!: () => void;
    const aborted = new Promise<void>((resolve) => { release = resolve; });
    const held = (async (url: string) => {
      await aborted;
      return fetch(url);
    }) as typeof globalThis.fetch;
    const controller = new AbortController();
    const pending = createLocalClient({ contextualSearch: true, fetch: held }).search('rules', { signal: controller.signal });
    controller.abort();
    release();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  // Issue 39 › 4: on a site with several docs versions, search keeps the reader's.
  it('keeps the docs of the asked version and the blog, with contextual search', async () => {
    const versioned = (route: string, name: string, body: string) => ({
      page: { type: 'doc', route, title: `Rules ${name}`, version: { name, label: name, badge: true } } as PageData,
      html: documentWith({ title: `Rules ${name}`, body: `<p>${body}</p>` }),
    });
    const indexer = createSearchIndexer({ config });
    for (const entry of [versioned('/docs/rules', '2.0', 'Burrows collapse after ten turns.'), versioned('/docs/1.0/rules', '1.0', 'Burrows collapse after five turns.'), pages[2]]) indexer.add(entry);
    const files = [...(await indexer.finish())];
    expect(JSON.parse(textOf(files.at(-1)!)).groups.map((g: string[]) => g[1])).toEqual(['docs-2.0', 'docs-1.0', 'blog']);
    const client = createLocalClient({ contextualSearch: true, fetch: serve(files).fetch });
    expect((await client.search('burrows collapse', { docsVersion: '1.0' })).hits.map((h) => h.url)).toEqual(['/docs/1.0/rules']);
    expect((await client.search('burrows collapse', { docsVersion: '2.0' })).hits.map((h) => h.url)).toEqual(['/docs/rules']);
    // Without contextual search every version is found.
    const all = await createLocalClient({ contextualSearch: false, fetch: serve(files).fetch }).search('burrows collapse');
    expect(all.hits.map((h) => h.url).sort()).toEqual(['/docs/1.0/rules', '/docs/rules']);
  });

  it('returns nothing for a query without words, without fetching', async () => {
    const { fetch, spy } = serve(await indexFiles());
    expect(await createLocalClient({ contextualSearch: true, fetch }).search('  --  ')).toEqual({ hits: [], total: 0 });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('extractSections on the fixtures', () => {
  it('indexes what the reader sees and nothing of the chrome', () => {
    const page = extractSections(pages[0].html)!;
    expect(page.sections.map((s) => s.heading)).toEqual([undefined, 'Head-to-head collisions', 'Hazards']);
    expect(JSON.stringify(page)).not.toMatch(/Copyright|navbar|Docs Blog|#/);
  });
});
