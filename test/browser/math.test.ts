import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 14 › 1: formulas after client navigation and with the KaTeX stylesheet blocked. The
// stylesheet is the site's own copy (issue 41: src/render/katex-stylesheet.ts).

const tabs = useBrowser();

const KATEX_CSS = /\/assets\/css\/katex\.[0-9a-f]+\.css$/;

/** The widest rendered MathML copy, in CSS pixels (0 when every copy is visually hidden). */
function widestMathml(page: Page): Promise<number> {
  return page.locator('.katex-mathml').evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
}

describe.skipIf(noBrowser)('math', () => {
  it('links the KaTeX stylesheet when client navigation reaches a page with math', async () => {
    const { page } = await tabs.open();
    await goto(page, '/rules');
    expect(await page.locator('.katex').count()).toBe(0);
    expect(await page.locator('head link[href*="katex"]').count()).toBe(0);

    await page.locator('.docs-sidebar a[href="/faq"]').click();
    await waitForRoute(page, '/faq');
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    const link = page.locator('head link[rel="stylesheet"][href*="katex"]');
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.getAttribute('href')).toMatch(KATEX_CSS);
    // KaTeX's own fonts apply once its stylesheet has loaded.
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
