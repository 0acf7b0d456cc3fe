import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, goto, noBrowser, useBrowser } from './harness.ts';

// The icons are views of one SVG file (theme/css/icons.css): a page makes one image document for
// all of them, not one per icon (each a task of 7–14 ms in a new tab), and each icon still shows
// its own shape, in both colour modes. (Which shape each view holds: test/theme/icons.test.ts.)

const tabs = useBrowser();

/** The icon as drawn, as drawn without its mask (a filled square), and hidden (nothing): its box's pixels. */
async function threeShots(icon: Locator): Promise<[Buffer, Buffer, Buffer]> {
  const page = icon.page();
  // A handle: the locator finds visible icons only, and the third shot hides this one.
  const el = (await icon.elementHandle())!;
  const clip = (await el.boundingBox())!;
  const shot = () => page.screenshot({ clip, animations: 'disabled' });
  const drawn = await shot();
  await el.evaluate((e) => {
    (e as HTMLElement).style.setProperty('mask', 'none');
    (e as HTMLElement).style.setProperty('-webkit-mask', 'none');
  });
  const square = await shot();
  await el.evaluate((e) => (e as HTMLElement).style.setProperty('visibility', 'hidden'));
  const none = await shot();
  await el.evaluate((e) => e.removeAttribute('style'));
  return [drawn, square, none];
}

describe.skipIf(noBrowser)('icons', { timeout: 180_000 }, () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`draws every icon of a page from one file, each with its own shape (${theme})`, async () => {
      const { page } = await tabs.open({ width: 1280, height: 900, theme });
      const svgs: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname.startsWith('/assets/media/') && pathname.endsWith('.svg')) svgs.push(pathname);
      });
      // Hydrated first (a key or focus is intent, and hydration must not change the page between shots).
      await goto(page, '/quickstart');
      // The article's and the footer's icons too: the End key draws every deferred block.
      await page.locator('body').focus();
      await page.keyboard.press('End');
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-drawing'));
      await afterFrames(page);
      const selectors = ['.navbar .icon-search', '.color-mode-toggle .icon', '.navbar .icon-github', '.navbar .icon-discord', '.admonition-note .admonition-icon', '.admonition-warning .admonition-icon', '.footer .icon-external'];
      await page.waitForLoadState('networkidle');
      // Every SVG the page's stylesheet draws is one file (the real site's CSS draws no other).
      expect(svgs.length, svgs.join(' ')).toBe(1);
      expect(svgs[0]).toMatch(/^\/assets\/media\/icons\.[A-Z0-9]+\.svg$/);
      const shapes = new Set<string>();
      for (const selector of selectors) {
        const icon = page.locator(`${selector} >> visible=true`).first();
        await icon.scrollIntoViewIfNeeded();
        const [drawn, square, none] = await threeShots(icon);
        expect(drawn.equals(none), `${selector}: drawn`).toBe(false);
        expect(drawn.equals(square), `${selector}: a shape, not a filled box`).toBe(false);
        const mask = await icon.evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage);
        shapes.add(/#([a-z-]+)"?\)$/.exec(mask)?.[1] ?? mask);
      }
      // Seven icons, seven views.
      expect(shapes.size).toBe(selectors.length);
    });
  }
});
