import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseMode, goto, noBrowser, recordPageFetches, useBrowser, waitForRoute } from './harness.ts';

// Issue 13 › 2: a site served under a sub-path (test/fixtures/base-url-site, baseUrl /docs-site/,
// served there by `sitegen serve`'s server): links, assets, chunks, prefetch, search and the
// colour mode all work there, and nothing is fetched outside the base.

const tabs = useBrowser();

/** Paths (with query) of every same-origin request the tab makes. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(page.url() || request.url()).origin) paths.push(url.pathname + url.search);
  });
  return paths;
}

describe.skipIf(noBrowser)('a site under baseUrl /docs-site/', () => {
  it('hydrates, links every page and asset under the base, and navigates on the client', async () => {
    const { page } = await tabs.open({ site: 'base' });
    const requests = recordRequests(page);
    const fetched = recordPageFetches(page);
    // Relative to the base (Playwright resolves `/x` against the origin, not the base).
    await goto(page, 'basics/install');
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });

    const outside = await page.evaluate(() => [...document.querySelectorAll('a[href^="/"], img[src^="/"], link[href^="/"], script[src^="/"]')]
      .map((el) => el.getAttribute('href') ?? el.getAttribute('src')!)
      .filter((url) => !url.startsWith('/docs-site/')));
    expect(outside).toEqual([]);
    expect(await page.locator('.navbar-brand').getAttribute('href')).toBe('/docs-site/');

    await page.locator('.docs-sidebar').getByRole('link', { name: 'The guide' }).click();
    await waitForRoute(page, '/docs-site/basics/guide');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.locator('.docs-sidebar a[aria-current="page"]').textContent()).toBe('The guide');
    expect(await page.locator('main h1').textContent()).toBe('Guide');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://fixture.example/docs-site/basics/guide');

    // A Markdown link written without the base works (the renderer adds it).
    await page.locator('main .markdown').getByRole('link', { name: 'install', exact: true }).click();
    await waitForRoute(page, '/docs-site/basics/install');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.goBack();
    await waitForRoute(page, '/docs-site/basics/guide');

    expect(fetched).toContain('/docs-site/basics/guide');
    expect(requests.filter((p) => !p.startsWith('/docs-site/'))).toEqual([]);
  });

  it('prefetches pages under the base on hover', async () => {
    const { page } = await tabs.open({ site: 'base' });
    const fetched = recordPageFetches(page);
    await goto(page, 'basics/install');
    await page.locator('.docs-sidebar').getByRole('link', { name: 'The guide' }).hover();
    await expect.poll(() => fetched, { timeout: 60_000 }).toContain('/docs-site/basics/guide');
  });

  it('searches under the base: the index loads from it and hits open there', async () => {
    const { page } = await tabs.open({ site: 'base' });
    const requests = recordRequests(page);
    await goto(page, '');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill('guide');
    const hit = dialog.getByRole('option').first();
    await hit.waitFor({ timeout: 60_000 });
    expect(await dialog.getByRole('option').evaluateAll((as) => as.every((a) => a.getAttribute('href')!.startsWith('/docs-site/')))).toBe(true);
    expect(requests.some((p) => p.startsWith('/docs-site/search-index/'))).toBe(true);
    const target = await hit.getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => window.location.pathname + window.location.hash === t, target);
    expect(requests.filter((p) => !p.startsWith('/docs-site/'))).toEqual([]);

    // The search page, too.
    await goto(page, 'search?q=guide');
    await page.locator('.search-page-hit').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.search-page-hit > a').first().getAttribute('href')).toMatch(/^\/docs-site\//);
  });

  it('keeps the colour mode across pages and reloads', async () => {
    const { page } = await tabs.open({ site: 'base' });
    await goto(page, '');
    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await chooseMode(page, before === 'dark' ? 'light' : 'dark');
    const after = await page.evaluate(() => document.documentElement.dataset.theme);
    expect(after).not.toBe(before);
    await goto(page, 'basics/guide');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(after);
  });
});
