import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, site, useBrowser, waitForRoute } from './harness.ts';

// Issue 41 › 5: KaTeX's stylesheet and fonts are the site's own (from the installed katex
// package, content-hashed under /assets), not a CDN's: formulas are styled on a page load and
// after client navigation with no request leaving the site. (Issue 29 › 6 had the CDN first and
// the site's copy after a failure.)

const tabs = useBrowser();

/** The font KaTeX's stylesheet gives formulas, and whether a KaTeX font was actually loaded. */
function mathFonts(page: Page): Promise<{ family: string; loaded: boolean }> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const family = getComputedStyle(document.querySelector('.katex')!).fontFamily;
    const loaded = [...document.fonts].some((f) => f.family.replace(/"/g, '').startsWith('KaTeX') && f.status === 'loaded');
    return { family, loaded };
  });
}

/** Every request of the page to another origin than the site's. */
function recordOutside(page: Page): string[] {
  const outside: string[] = [];
  const origin = new URL(site()).origin;
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== origin && !r.url().startsWith('data:')) outside.push(r.url());
  });
  return outside;
}

describe.skipIf(noBrowser)('KaTeX from the site itself', { timeout: 180_000 }, () => {
  it('styles formulas with the site\'s hashed copy of the stylesheet and its fonts on a page load', async () => {
    const { page } = await tabs.open();
    const outside = recordOutside(page);
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    });
    await goto(page, '/faq');
    expect(await page.locator('head link[rel="stylesheet"][href*="katex"]').evaluateAll((l) => l.map((e) => e.getAttribute('href')))).toEqual([expect.stringMatching(/^\/assets\/css\/katex\.[0-9a-f]{10}\.css$/)]);
    await expect.poll(() => mathFonts(page)).toEqual({ family: expect.stringContaining('KaTeX_Main'), loaded: true });
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => /^\/assets\/katex-[\d.]+\/fonts\/KaTeX_[\w-]+\.woff2$/.test(f))).toBe(true);
    expect(outside).toEqual([]);
  });

  it('styles formulas with the same copy after a client navigation', async () => {
    const { page } = await tabs.open();
    const outside = recordOutside(page);
    await goto(page, '/rules');
    await page.locator('.docs-sidebar a[href="/faq"]').click();
    await waitForRoute(page, '/faq');
    await expect.poll(() => mathFonts(page)).toEqual({ family: expect.stringContaining('KaTeX_Main'), loaded: true });
    expect(outside).toEqual([]);
  });
});
