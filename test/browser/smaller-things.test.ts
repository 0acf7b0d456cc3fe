import { describe, expect, it } from 'vitest';
import { afterFrames, goto, noBrowser, useBrowser } from './harness.ts';

// Issue 41 › 5: smaller things, each checked at the width where it shows. (Tables on phones:
// tables.test.ts; printing: print.test.ts; the search page: search-page.test.ts; the colour mode
// switch: colour-mode.test.ts and first-press.test.ts; without JavaScript: layout.test.ts.)

const tabs = useBrowser();

describe.skipIf(noBrowser)('smaller things', { timeout: 300_000 }, () => {
  for (const [width, height] of [[1440, 900], [1280, 720]] as const) {
    it(`keeps the right-hand TOC and the left sidebars whole below the navbar down to the end of long pages (${width}×${height})`, async () => {
      const { page } = await tabs.open({ width, height });
      const misses: string[] = [];
      // Our blog has no sidebar: its post checks the TOC (Docusaurus sites' blog sidebars: blog.css).
      for (const route of ['/api/webhooks', '/rules', '/quickstart', '/guides/useful-algorithms', '/blog/2022/10/17/maps-v2']) {
        await goto(page, route);
        const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
        // The last two screens, where the TOC's column ends above the footer, in steps.
        for (let y = end - 2 * height; y <= end; y += height / 4) {
          await page.evaluate((top) => window.scrollTo(0, top), Math.max(0, Math.round(y)));
          await afterFrames(page);
          const boxes = await page.evaluate(() => {
            const navbar = Math.round(document.querySelector('.navbar')!.getBoundingClientRect().bottom);
            // The sidebars' last item may end above the box: the box is what must stay clear.
            return [...document.querySelectorAll('nav.toc, .docs-sidebar, .blog-sidebar')].map((box) => {
              const { top, bottom, height: tall } = box.getBoundingClientRect();
              return { name: box.className.split(' ')[0]!, top: Math.round(top), bottom: Math.round(bottom), tall: Math.round(tall), navbar, scrollY: Math.round(window.scrollY) };
            });
          });
          if (!boxes.some((b) => b.name === 'toc')) misses.push(`${route}: no TOC`);
          if (!route.startsWith('/blog') && !boxes.some((b) => b.name === 'docs-sidebar')) misses.push(`${route}: no sidebar`);
          for (const at of boxes) {
            // A box shrunk to nothing (the wrapper's end above the navbar) is nowhere to be seen.
            if (at.top < at.navbar && at.tall > 0) misses.push(`${route} at ${at.scrollY}: ${at.name} starts ${at.navbar - at.top} px under the navbar`);
            if (at.bottom > height) misses.push(`${route} at ${at.scrollY}: ${at.name} ends ${at.bottom - height} px below the screen`);
          }
        }
      }
      expect(misses).toEqual([]);
    });
  }

  it('names the search shortcut ⌘ K on Apple keyboards and Ctrl K elsewhere, from the first paint', async () => {
    for (const [platform, keys] of [['MacIntel', '⌘K'], ['Win32', 'CtrlK'], ['Linux x86_64', 'CtrlK']] as const) {
      const { page, context } = await tabs.open({ width: 1440 });
      await context.addInitScript((p) => Object.defineProperty(Navigator.prototype, 'platform', { configurable: true, get: () => p }), platform);
      await goto(page, '/rules', { hydrate: false });
      expect((await page.locator('.search-button-keys').innerText()).replace(/\s+/g, ''), platform).toBe(keys);
      await context.close();
    }
  });
});
