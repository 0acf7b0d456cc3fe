import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 14 › 1: formulas after client navigation and with the KaTeX stylesheet blocked. The
// tests have no network, so the CDN is unreachable unless a test serves the stylesheet itself.

const tabs = useBrowser();

const KATEX_CSS = /^https:\/\/cdn\.jsdelivr\.net\/npm\/katex@[^/]+\/dist\/katex\.min\.css$/;
const katexDist = path.resolve(import.meta.dirname, '../../node_modules/katex/dist');

/** Answers the CDN from the installed katex package (the same file: the integrity hash matches). */
async function serveKatexLocally(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/cdn\.jsdelivr\.net\/npm\/katex@/, (route) => {
    const file = path.join(katexDist, new URL(route.request().url()).pathname.split('/dist/')[1]);
    const type = file.endsWith('.css') ? 'text/css' : file.endsWith('.woff2') ? 'font/woff2' : 'application/octet-stream';
    return route.fulfill({ status: 200, body: readFileSync(file), headers: { 'content-type': type, 'access-control-allow-origin': '*' } });
  });
}

/** The widest rendered MathML copy, in CSS pixels (0 when every copy is visually hidden). */
function widestMathml(page: Page): Promise<number> {
  return page.locator('.katex-mathml').evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
}

describe.skipIf(noBrowser)('math', () => {
  it('links the KaTeX stylesheet when client navigation reaches a page with math', async () => {
    const { page, context } = await tabs.open();
    await serveKatexLocally(context);
    await goto(page, '/rules');
    expect(await page.locator('.katex').count()).toBe(0);
    expect(await page.locator('head link[href*="katex"]').count()).toBe(0);

    await page.locator('.docs-sidebar a[href="/faq"]').click();
    await waitForRoute(page, '/faq');
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    const link = page.locator('head link[rel="stylesheet"][href*="katex"]');
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.getAttribute('integrity')).toMatch(/^sha384-/);
    expect(await link.getAttribute('crossorigin')).toBe('anonymous');
    // KaTeX's own fonts apply once its stylesheet has loaded (integrity checked by Chromium).
    await expect.poll(() => page.locator('.katex').first().evaluate((e) => getComputedStyle(e).fontFamily), { timeout: 60_000 }).toContain('KaTeX_Main');
    expect(await widestMathml(page)).toBeLessThanOrEqual(1);

    // Back to a page without math and on to another with math: the link is kept, not repeated.
    await page.goBack();
    await waitForRoute(page, '/rules');
    await page.evaluate(() => (document.querySelector('a[href="/guides/leaderboards"]') as HTMLAnchorElement).click());
    await waitForRoute(page, '/guides/leaderboards');
    expect(await page.locator('head link[rel="stylesheet"][href*="katex"]').count()).toBe(1);
  });

  for (const route of ['/guides/leaderboards', '/faq', '/guides/useful-algorithms']) {
    it(`shows each formula once and fits 375 px when the KaTeX stylesheet is blocked: ${route}`, async () => {
      const { page, context } = await tabs.open({ width: 375, height: 800 });
      await context.route(KATEX_CSS, (r) => r.abort('blockedbyclient'));
      await goto(page, route);
      expect(await page.locator('.katex').count()).toBeGreaterThan(0);
      expect(await widestMathml(page)).toBeLessThanOrEqual(1);
      // Screen readers still get the MathML copy.
      expect(await page.locator('.katex-mathml math').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }
});
