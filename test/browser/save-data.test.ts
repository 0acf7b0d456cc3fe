import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, emulateConnection, goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 41 › 3: on a 2g connection or with the data saver on, nothing is fetched ahead of a
// need: no page on hover, touch or sight, no other page's module, no modal's code, none of the
// parts hydrated later, no client navigation. The page hydrates (its own scripts, at the first
// sign of intent) and works; the first click on a link brings navigation. On 4g, hovering a
// link still fetches its page (its data file) and the other modules ahead.

const tabs = useBrowser();

/** Every request the page makes from now on, as paths. */
function recordRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** What a reader does that used to fetch things ahead: pointing at links and the search button, touching, focusing, scrolling. */
async function showIntentEverywhere(page: Page): Promise<void> {
  await page.locator('.docs-sidebar a[href="/quickstart"]').hover();
  await page.dispatchEvent('.docs-sidebar a[href="/faq"]', 'touchstart');
  await page.locator('.navbar-items a[href="/blog"]').hover();
  await page.getByRole('button', { name: 'Search', exact: true }).hover();
  await page.getByRole('button', { name: 'Search', exact: true }).focus();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await afterFrames(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await afterFrames(page);
  await afterRequests(page);
}

describe.skipIf(noBrowser)('2g and the data saver', () => {
  for (const [name, connection] of [
    ['effectiveType 2g', { effectiveType: '2g', saveData: false }],
    ['effectiveType slow-2g', { effectiveType: 'slow-2g', saveData: false }],
    ['saveData on 4g', { effectiveType: '4g', saveData: true }],
  ] as const) {
    it(`fetches nothing ahead with ${name}: only the page's own scripts, then navigation at the first click`, async () => {
      const { page, context } = await tabs.open({ width: 1280 });
      await emulateConnection(context, connection);
      const requests = recordRequests(page);
      await goto(page, '/rules');
      const listed = (await page.locator('head script[data-preload]').getAttribute('data-preload'))!.split(' ');
      const entry = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('head script[type="module"]')].map((s) => new URL(s.src).pathname));
      await showIntentEverywhere(page);
      const own = new Set([...listed, ...entry]);
      // Scripts, shared data and pages' data files (`/_pages/…`) the page did not name itself.
      const ahead = requests.filter((path) => (path.startsWith('/assets/js/') || path.startsWith('/_chunks/') || path.startsWith('/_pages/')) && !own.has(path));
      expect(ahead).toEqual([]);
      expect(requests.filter((path) => !/\.[a-z0-9]+$/i.test(path) && !path.startsWith('/__sitegen/') && path !== '/rules')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.dataset.navigation)).toBe('on-demand');
      // The search modal opens all the same (its code comes when it is needed).
      await page.keyboard.press('Control+K');
      await page.locator('.search-modal [role="combobox"]').waitFor();
      await page.keyboard.press('Escape');
      // The first click on a link brings client navigation and the later parts, then follows it.
      const documents = requests.length;
      await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.docs-sidebar a[href="/faq"]')!.click());
      await waitForRoute(page, '/faq');
      expect(await page.evaluate(() => document.documentElement.dataset.navigation)).toBe('ready');
      expect(requests.slice(documents).filter((path) => path === '/_pages/faq.json')).toHaveLength(1);
      expect(await page.locator('nav.sidebar').evaluate((n) => Object.keys(n).some((k) => k.startsWith('__reactProps')))).toBe(true);
    });
  }

  it('still fetches ahead on 4g: the hovered page, the other page modules and the search modal', async () => {
    const { page, context } = await tabs.open({ width: 1280 });
    await emulateConnection(context, { effectiveType: '4g', saveData: false });
    const requests = recordRequests(page);
    await goto(page, '/rules');
    await page.locator('.navbar-items a[href="/blog"]').hover();
    const fetched = (pattern: RegExp) => requests.some((path) => pattern.test(path));
    await expect.poll(() => fetched(/^\/_pages\/blog\.json$/)).toBe(true);
    for (const module of ['blog', 'search-modal', 'error-screens']) {
      await expect.poll(() => fetched(new RegExp(`^/assets/js/${module}\\.[A-Z0-9]+\\.js$`)), { message: module }).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.dataset.navigation)).toBe('ready');
  });
});
