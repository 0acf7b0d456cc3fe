import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { startStaticServer, type StaticServer } from '../../src/serve/start-static-server.ts';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 6 › Hosted option: a fixture site configured with `search.provider: 'hosted'` whose
// host is a stub of the Algolia-compatible API on 127.0.0.1. The stub checks nothing itself:
// it records each request for the tests to check, and answers with hits of every kind the
// client must handle (site URL, canonical URL, relative URL, another origin, escaped HTML).

const tabs = useBrowser();
const fixtureRoot = path.resolve(import.meta.dirname, '../fixtures/search-hosted');

interface Recorded { method?: string; url?: string; headers: IncomingHttpHeaders; body: any }
const requests: Recorded[] = [];
/** HTTP status the stub answers queries with. */
let status = 200;

let stub: Server;
let stubUrl: string;
let siteServer: StaticServer | undefined;
let outDir: string;

/** The stub's answer: marks use the tags the client asked for, as the real service does. */
function answer(body: any, origin: string | undefined) {
  const params = new URLSearchParams(body.requests[0].params);
  const [pre, post] = [params.get('highlightPreTag'), params.get('highlightPostTag')];
  const hits = [
    {
      url: 'https://hosted.fixture.example/guide#setup',
      hierarchy: { lvl0: 'Documentation', lvl1: 'Guide', lvl2: 'Setup', lvl3: null },
      docusaurus_tag: 'docs-default-current',
      _snippetResult: { content: { value: `Set the ${pre}application${post} id, the search key and the index name &lt;b&gt;here&lt;/b&gt;` } },
    },
    {
      url: 'https://evil.example/guide#setup',
      hierarchy: { lvl0: 'Documentation', lvl1: 'Phishing page' },
      docusaurus_tag: 'docs-default-current',
      _snippetResult: { content: { value: `${pre}application${post}` } },
    },
    {
      url: `${origin}/#introduction`,
      hierarchy: { lvl0: 'Documentation', lvl1: 'Hosted fixture home', lvl2: 'Introduction' },
      docusaurus_tag: 'docs-default-current',
      _highlightResult: { content: { value: `The hosted service answers every ${pre}application${post} query` } },
    },
    {
      url: '/blog/2022/01/10/hosted-post#results',
      hierarchy: { lvl0: 'Blog', lvl1: 'Hosted post', lvl2: 'Results' },
      docusaurus_tag: 'default',
      _snippetResult: { content: { value: `The hosted service tags blog posts (${pre}application${post})` } },
    },
  ];
  return { results: [{ hits, nbHits: hits.length, page: 0, hitsPerPage: 20, query: body.requests[0].query }] };
}

beforeAll(async () => {
  if (noBrowser) return;
  stub = createServer((req, res) => {
    // Cross-origin POST with custom headers: the browser asks first.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'content-type, x-algolia-application-id, x-algolia-api-key',
      });
      res.end();
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const parsed = JSON.parse(body || 'null');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: parsed });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? answer(parsed, req.headers.origin) : { message: 'Internal error', status }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  // site.config.ts of the fixture reads the host from here.
  process.env.SEARCH_STUB_URL = stubUrl;
  outDir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-search-hosted-'));
  await buildSite({ root: fixtureRoot, outDir, logger: silentLogger });
  siteServer = await startStaticServer({ dir: outDir, port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await siteServer?.close();
  if (stub) await new Promise((resolve) => stub.close(resolve));
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  delete process.env.SEARCH_STUB_URL;
});

beforeEach(() => {
  requests.length = 0;
  status = 200;
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((a) => a.getAttribute('href')));

/** Opens a page of the hosted fixture, recording requests to a local index (there must be none). */
async function open(pathname: string): Promise<{ page: Page; context: BrowserContext; indexRequests: string[] }> {
  const { page, context } = await tabs.open({ baseURL: siteServer!.url });
  const indexRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/search-index/')) indexRequests.push(r.url());
  });
  await goto(page, pathname);
  return { page, context, indexRequests };
}

describe.skipIf(noBrowser)('hosted search (stub service)', () => {
  it('sends the app id, key, index and contextual filters, and shows the mapped hits in the modal', async () => {
    const { page, indexRequests } = await open('/');
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('combobox').fill('application');
    await dialog(page).getByRole('option').first().waitFor();

    // Another origin's hit is dropped; the canonical and the served origin map to local paths.
    expect(await hrefs(page, '[role="option"]')).toEqual(['/guide#setup', '/#introduction', '/blog/2022/01/10/hosted-post#results']);
    expect(await dialog(page).getByText('Phishing page').count()).toBe(0);
    const groups = await dialog(page).getByRole('group').evaluateAll((els) => els.map((g) => g.getAttribute('aria-label')));
    expect(groups).toEqual(['Guide', 'Hosted fixture home', 'Hosted post · Blog']);
    const setup = dialog(page).getByRole('option').first();
    expect(await setup.locator('.search-hit-title').innerText()).toBe('Setup');
    expect(await setup.locator('mark').allInnerTexts()).toEqual(['application']);
    // Escaped HTML in a snippet stays text.
    expect(await setup.locator('.search-hit-snippet').innerText()).toContain('the index name <b>here</b>');
    expect(await setup.locator('b').count()).toBe(0);
    expect(await dialog(page).getByRole('link', { name: 'See all 4 results' }).getAttribute('href')).toBe('/search?q=application');

    const request = requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/1/indexes/*/queries');
    expect(request.headers['x-algolia-application-id']).toBe('FIXTUREAPP');
    expect(request.headers['x-algolia-api-key']).toBe('fixture-search-only-key');
    expect(request.body.requests).toHaveLength(1);
    expect(request.body.requests[0]).toMatchObject({ indexName: 'hosted-fixture', query: 'application' });
    const params = new URLSearchParams(request.body.requests[0].params);
    expect(JSON.parse(params.get('facetFilters')!)).toEqual([
      ['language:en'], ['docusaurus_tag:docs-default-current', 'docusaurus_tag:default'],
    ]);

    await page.keyboard.press('Enter');
    await waitForRoute(page, '/guide');
    expect(new URL(page.url()).hash).toBe('#setup');
    expect(indexRequests).toEqual([]);
  });

  it('shows the mapped hits on /search?q=…', async () => {
    const { page, indexRequests } = await open('/search?q=application');
    await page.locator('.search-page-hit').first().waitFor();
    expect(await hrefs(page, '.search-page-hit a')).toEqual(['/guide#setup', '/#introduction', '/blog/2022/01/10/hosted-post#results']);
    expect(await page.locator('.search-page-hit-page').allInnerTexts()).toEqual(['Guide', 'Hosted fixture home', 'Hosted post · Blog']);
    expect(requests.at(-1)!.body.requests[0].query).toBe('application');
    expect(indexRequests).toEqual([]);
  });

  it('says "Unable to fetch results" when the service answers 500', async () => {
    status = 500;
    const { page } = await open('/guide');
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('combobox').fill('application');
    const alert = dialog(page).getByRole('alert');
    await alert.getByText('Unable to fetch results').waitFor();
    expect(await alert.getByText('You might want to check your network connection.').isVisible()).toBe(true);
    expect(requests.length).toBeGreaterThan(0);
    await goto(page, '/search?q=setup');
    await page.getByRole('alert').getByText('Unable to fetch results').waitFor();
  });

  it('works under the Content-Security-Policy the build writes to _headers, which allows the stub', async () => {
    const headers = readFileSync(path.join(outDir, '_headers'), 'utf8');
    const csp = /Content-Security-Policy: (.*)/.exec(headers)![1];
    const connect = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'))!;
    expect(connect.split(' ')).toContain(stubUrl);
    expect(readFileSync(path.join(outDir, 'index.html'), 'utf8')).not.toContain('search-index');

    // `sitegen serve` sends the headers of `_headers`, as a host that reads it does.
    const { page, context } = await tabs.open({ baseURL: siteServer!.url });
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await goto(page, '/');
    expect((await page.request.get('/')).headers()['content-security-policy']).toBe(csp);
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('combobox').fill('application');
    await dialog(page).locator('[role="option"], [role="alert"]').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(await dialog(page).getByRole('option').count()).toBe(3);
    // The policy is in force: an injected inline script is refused.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inline = true';
      document.head.append(script);
      return (window as unknown as { __inline?: boolean }).__inline ?? false;
    });
    expect(ran).toBe(false);
  });
});
