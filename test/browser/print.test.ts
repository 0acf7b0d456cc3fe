import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
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
      for (const selector of ['.board-diagram', '.admonition']) {
        const breaks = await page.locator(`article ${selector}`).evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).breakInside))]);
        if (breaks.length) expect(breaks, selector).toEqual(['avoid']);
      }
      const file = path.join(shots, `${route.replace(/\W+/g, '_')}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`print screenshot: ${file}`);
    });
  }

  for (const route of ['/quickstart', '/api/webhooks', '/rules', '/maps/royale']) {
    it(`fills every sheet of ${route} but the last, and keeps each sentence with the code or table it introduces (issue 41)`, async () => {
      const { page } = await tabs.open({ path: route, width: 1024, hydrate: false });
      await page.emulateMedia({ media: 'print' });
      const sheets = await onSheets(page);
      const empty = sheets.fill.slice(0, -1).map((fill, i) => ({ sheet: i + 1, fill })).filter((s) => s.fill < 0.5);
      expect(empty, `${sheets.fill.length} sheets`).toEqual([]);
      expect(sheets.parted).toEqual([]);
      console.log(`print: ${route} on ${sheets.fill.length} A4 sheets`);
    });
  }
});

/** An A4 sheet's content box with Chromium's default 1 cm margins, in CSS px (96 an inch). */
const SHEET = { width: 718, height: 1047 };

/**
 * The article cut into A4 sheets as print cuts it: laid out in a multi-column box whose columns
 * are the sheets' content boxes (multi-column layout breaks blocks by the same rules as pages:
 * break-inside, break-after, orphans and widows). Returns how full each sheet is (its lowest
 * fragment's bottom, as a share of the sheet), and each paragraph that introduces a code block
 * or a table (the block right after it) but ends on another sheet than the block starts.
 */
function onSheets(page: Page): Promise<{ fill: number[]; parted: string[] }> {
  return page.evaluate((sheet) => {
    const article = document.querySelector<HTMLElement>('article')!;
    Object.assign(article.style, { width: `${sheet.width}px`, height: `${sheet.height}px`, columnWidth: `${sheet.width}px`, columnGap: '0px', columnFill: 'auto', padding: '0', margin: '0' });
    const origin = article.getBoundingClientRect();
    const sheetOf = (rect: DOMRect) => Math.round((rect.left - origin.left) / sheet.width);
    const blocks = [...article.querySelectorAll<HTMLElement>(':scope > h1, .markdown > *')];
    const fill: number[] = [];
    for (const block of blocks) {
      for (const rect of block.getClientRects()) {
        if (rect.height === 0) continue;
        const i = sheetOf(rect);
        fill[i] = Math.max(fill[i] ?? 0, (rect.bottom - origin.top) / sheet.height);
      }
    }
    const parted = blocks.filter((block) => block.tagName === 'P' && block.nextElementSibling?.matches('.code-block, pre, table')).flatMap((p) => {
      const last = [...p.getClientRects()].at(-1)!;
      const first = p.nextElementSibling!.getClientRects()[0]!;
      return sheetOf(last) === sheetOf(first) ? [] : [`"${(p.textContent ?? '').slice(-40)}" on sheet ${sheetOf(last) + 1}, its block on ${sheetOf(first) + 1}`];
    });
    return { fill: [...fill].map((f) => Math.round((f ?? 0) * 100) / 100), parted };
  }, SHEET);
}
