import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';

// Issue 29 › 1: printed, a page is its article only (title, body, diagrams, tables, code), black
// on white in either colour mode, with external link targets written out and code wrapped. The
// screenshots (print media) land in the temp folder named in the output, to be looked at.

const tabs = useBrowser();

const shots = path.join(os.tmpdir(), 'sitegen-print');

/** What the page shows that a printout must not. */
const chrome = ['.skip-link', '.announcement-bar', '.navbar', '.docs-sidebar', '.toc', '.toc-mobile', '.breadcrumbs',
  '.version-badge', '.pagination-nav', '.edit-link', '.footer', '.copy-button', '.code-block-lang', '.back-to-top', '.blog-sidebar'];

describe.skipIf(noBrowser)('print', { timeout: 180_000 }, () => {
  for (const [route, theme] of [['/quickstart', 'dark'], ['/maps/royale', 'light'], ['/blog/2023/12/04/season-7-recap-and-season-8', 'dark']] as const) {
    it(`prints only the article of ${route}, black on white (${theme} mode)`, async () => {
      mkdirSync(shots, { recursive: true });
      const { page } = await tabs.open({ path: route, theme, width: 1024 });
      await page.evaluate(() => window.scrollTo(0, 3000));
      await page.emulateMedia({ media: 'print' });
      const shown = await page.evaluate((selectors) => selectors.filter((s) => [...document.querySelectorAll(s)]
        .some((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; })), chrome);
      expect(shown).toEqual([]);
      const colours = await page.evaluate(() => {
        const article = document.querySelector('article')!;
        const text = [...article.querySelectorAll('p, li, td, h1, h2')].map((e) => getComputedStyle(e).color);
        return { body: getComputedStyle(document.body).backgroundColor, text: [...new Set(text)] };
      });
      expect(colours.body).toBe('rgb(255, 255, 255)');
      expect(colours.text).toEqual(['rgb(0, 0, 0)']);
      // External links show where they go; code wraps instead of being cut at the page edge.
      const external = page.locator('article .markdown a[href^="http"]').first();
      if (await external.count()) {
        const [href, after] = await external.evaluate((a) => [a.getAttribute('href'), getComputedStyle(a, '::after').content]);
        expect(after).toContain(href);
      }
      const pre = page.locator('article .code-block pre').first();
      if (await pre.count()) {
        expect(await pre.evaluate((p) => getComputedStyle(p).whiteSpace)).toBe('pre-wrap');
        expect(await pre.evaluate((p) => p.scrollWidth <= p.clientWidth + 1)).toBe(true);
      }
      for (const selector of ['.board-diagram', '.markdown table', '.code-block']) {
        const breaks = await page.locator(`article ${selector}`).evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).breakInside))]);
        if (breaks.length) expect(breaks, selector).toEqual(['avoid']);
      }
      const file = path.join(shots, `${route.replace(/\W+/g, '_')}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`print screenshot: ${file}`);
    });
  }
});
