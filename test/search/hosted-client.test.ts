/**
 * The hosted client against a stub of the Algolia-compatible HTTP API on 127.0.0.1: the
 * request path, headers and body shape are checked, and hits are mapped to local paths.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHostedClient, localPath, parseMarks } from '../../theme/search/hosted-client.ts';
import { createSearchClient } from '../../theme/search/search-client.ts';

const PRE = '<sitegen-mark>';
const POST = '</sitegen-mark>';

interface Recorded { method?: string; url?: string; headers: IncomingMessage['headers']; body: any }

let server: Server;
let host: string;
const requests: Recorded[] = [];
let status = 200;

const response = {
  results: [{
    nbHits: 42,
    hits: [
      {
        url: 'https://serpentarena.dev/rules#head-to-head-collisions',
        hierarchy: { lvl0: 'Documentation', lvl1: 'Rules', lvl2: 'Head-to-head collisions', lvl3: null },
        docusaurus_tag: 'docs-default-current',
        _snippetResult: { content: { value: `… when two ${PRE}heads${POST} meet &lt;b&gt;, the shorter …` } },
      },
      {
        url: 'https://evil.example/rules',
        hierarchy: { lvl0: 'Documentation', lvl1: 'Phishing' },
        _snippetResult: { content: { value: `${PRE}heads${POST}` } },
      },
      {
        url: '/blog/2021/05/24/results#final',
        hierarchy: { lvl0: 'Blog', lvl1: 'Spring results', lvl2: 'The final', lvl3: 'Game 3' },
        docusaurus_tag: 'default',
        _highlightResult: { content: { value: `lost a ${PRE}head${POST}-to-${PRE}head${POST}` } },
      },
      { url: 'javascript:alert(1)', hierarchy: { lvl1: 'XSS' } },
    ],
  }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(body || 'null') });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? JSON.stringify(response) : '{"message":"Invalid Application-ID or API key"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  requests.length = 0;
  status = 200;
  vi.unstubAllGlobals();
});

const hosted = () => ({ appId: 'APPID', apiKey: 'public-search-key', indexName: 'serpentarena', host });

describe('hosted search client', () => {
  it('sends an Algolia-style multi-query with contextual facet filters', async () => {
    const client = createHostedClient({ hosted: hosted(), contextualSearch: true, language: 'en', origins: ['https://serpentarena.dev'] });
    await client.search('heads', { limit: 20 });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/1/indexes/*/queries');
    expect(request.headers['x-algolia-application-id']).toBe('APPID');
    expect(request.headers['x-algolia-api-key']).toBe('public-search-key');
    expect(request.body.requests).toHaveLength(1);
    const { indexName, query, params } = request.body.requests[0];
    expect({ indexName, query }).toEqual({ indexName: 'serpentarena', query: 'heads' });
    const p = new URLSearchParams(params);
    expect(p.get('hitsPerPage')).toBe('20');
    expect(JSON.parse(p.get('facetFilters')!)).toEqual([
      ['language:en'],
      ['docusaurus_tag:docs-default-current', 'docusaurus_tag:default'],
    ]);
    expect(JSON.parse(p.get('attributesToSnippet')!)).toEqual(['content:25']);
    expect([p.get('highlightPreTag'), p.get('highlightPostTag')]).toEqual([PRE, POST]);
  });

  it('omits facet filters without contextual search', async () => {
    await createHostedClient({ hosted: hosted(), contextualSearch: false }).search('heads');
    expect(new URLSearchParams(requests[0].body.requests[0].params).has('facetFilters')).toBe(false);
  });

  it('maps hits to local paths, drops other origins and parses marks as text', async () => {
    const client = createHostedClient({ hosted: hosted(), contextualSearch: true, origins: ['https://serpentarena.dev'] });
    const results = await client.search('heads');
    expect(results.total).toBe(42);
    expect(results.hits).toEqual([
      {
        url: '/rules#head-to-head-collisions',
        title: 'Rules',
        section: 'Head-to-head collisions',
        tag: 'docs',
        snippet: [
          { text: '… when two ', mark: false },
          { text: 'heads', mark: true },
          { text: ' meet <b>, the shorter …', mark: false },
        ],
      },
      {
        url: '/blog/2021/05/24/results#final',
        title: 'Spring results',
        section: 'Game 3',
        tag: 'blog',
        snippet: [
          { text: 'lost a ', mark: false },
          { text: 'head', mark: true },
          { text: '-to-', mark: false },
          { text: 'head', mark: true },
        ],
      },
    ]);
  });

  it('accepts the page origin and the canonical origin when created by createSearchClient', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost:3000' } });
    vi.stubGlobal('document', {
      documentElement: { lang: 'en' },
      querySelector: () => ({ href: 'https://serpentarena.dev/rules' }),
    });
    const client = createSearchClient({ provider: 'hosted', searchPagePath: 'search', contextualSearch: true, hosted: hosted() });
    expect(requests).toHaveLength(0);
    const { hits } = await client.search('heads');
    expect(hits.map((h) => h.url)).toEqual(['/rules#head-to-head-collisions', '/blog/2021/05/24/results#final']);
  });

  it('rejects on an HTTP error and on abort', async () => {
    status = 403;
    const client = createHostedClient({ hosted: hosted(), contextualSearch: true });
    await expect(client.search('heads')).rejects.toThrow('HTTP 403');
    const controller = new AbortController();
    controller.abort();
    await expect(client.search('heads', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('localPath', () => {
  it('keeps relative URLs and accepted origins, and drops the rest', () => {
    const origins = ['https://serpentarena.dev'];
    expect(localPath('https://serpentarena.dev/api/webhooks?x=1#move', origins)).toBe('/api/webhooks#move');
    expect(localPath('/faq#ping', origins)).toBe('/faq#ping');
    expect(localPath('//evil.example/faq', origins)).toBeUndefined();
    expect(localPath('http://serpentarena.dev/faq', origins)).toBeUndefined();
    expect(localPath('javascript:alert(1)', origins)).toBeUndefined();
  });
});

describe('parseMarks', () => {
  it('never turns service HTML into anything but text', () => {
    expect(parseMarks(`<img src=x onerror=alert(1)>${PRE}x${POST}`)).toEqual([
      { text: '<img src=x onerror=alert(1)>', mark: false },
      { text: 'x', mark: true },
    ]);
  });
});
