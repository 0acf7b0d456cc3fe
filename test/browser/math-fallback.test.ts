import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 29 › 6: the KaTeX stylesheet still comes from the CDN, and when the CDN fails the page
// falls back to the copy the site serves itself (stylesheet and fonts). The tests have no
// network: every request to the CDN fails, as it does offline or where the CDN is blocked.

const tabs = useBrowser();

const CDN = /^https:\/\/cdn\.jsdelivr\.net\//;

/** The font KaTeX's stylesheet gives formulas, and whether a KaTeX font was actually loaded. */
function mathFonts(page: Page): Promise<{ family: string; loaded: boolean }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const family = getComputedStyle(document.querySelector('.katex')!).fontFamily;
    const loaded = [...document.fonts].some((f) => f.family.replace(/"/g, '').startsWith('KaTeX') && f.status === 'loaded');
    return { family, loaded };
  });
}

describe.skipIf(noBrowser)('math without the CDN', { timeout: 180_000 }, () => {
  it('styles formulas with the self-served KaTeX stylesheet and fonts on a page load', async () => {
    const { page, context } = await tabs.open();
    const cdn: string[] = [];
    await context.route(CDN, (route) => {
      cdn.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await goto(page, '/faq');
    // The CDN is still asked first.
    expect(cdn.some((u) => /katex(\.min)?\.css$/.test(u))).toBe(true);
    await expect.poll(() => mathFonts(page)).toEqual({ family: expect.stringContaining('KaTeX_Main'), loaded: true });
  });

  it('styles formulas with the self-served copy after a client navigation', async () => {
    const { page, context } = await tabs.open();
    await context.route(CDN, (route) => route.abort('internetdisconnected'));
    await goto(page, '/rules');
    await page.locator('.docs-sidebar a[href="/faq"]').click();
    await waitForRoute(page, '/faq');
    await expect.poll(() => mathFonts(page)).toEqual({ family: expect.stringContaining('KaTeX_Main'), loaded: true });
  });
});
