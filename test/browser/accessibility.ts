import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { resultsDir, saveAccessibilityResults, widths, type ModeResults } from './axe-table.ts';
import { afterFrames, goto, noBrowser, useBrowser } from './harness.ts';

// Issue 8: axe-core finds no violation on any page type, in light and dark, at desktop and
// phone widths; the screenshots taken on the way (not under CI unless asked) are the artifacts
// to look at. One test file per mode (they run in parallel); the global teardown prints the
// merged table (axe-table.ts).

/** Every page type of the site, by a short name. */
const pageTypes: [string, string][] = [
  ['home', '/'],
  ['doc', '/rules'],
  // Display formulas wider than a phone scroll; a table's header cells hold math.
  ['doc-with-math', '/guides/leaderboards'],
  ['category-index', '/api'],
  ['api-object', '/api/objects/serpent'],
  ['blog-list', '/blog'],
  ['blog-post', '/blog/2023/12/04/season-7-recap-and-season-8'],
  ['blog-archive', '/blog/archive'],
  ['search', '/search'],
  ['not-found', '/does-not-exist'],
];
const screenshotDir = path.join(resultsDir, 'screenshots');
/**
 * Full-page screenshots are for a person to look at: taken locally, and under CI only when
 * asked for (SITEGEN_SCREENSHOTS=1), where nobody looks at them and they cost a minute or two.
 */
const takeScreenshots = process.env.CI !== 'true' || process.env.SITEGEN_SCREENSHOTS === '1';

/** Audits and photographs every page type in one colour mode. */
export function describeAccessibility(mode: 'light' | 'dark'): void {
  const tabs = useBrowser();
  const results: ModeResults = {};

  describe.skipIf(noBrowser)(`accessibility (axe-core) and screenshots in ${mode} mode`, () => {
    afterAll(() => saveAccessibilityResults(mode, results));
    // One page for every page type: the audit and the screenshots write no storage and route
    // nothing, so each load is as in a fresh context, without the context's start.
    const tab = tabs.shared({ theme: mode });

    it.each(pageTypes)(`%s (%s) has no violations`, async (name, route) => {
      mkdirSync(screenshotDir, { recursive: true });
      const { page } = await tab();
      // Loaded at the first width, as the last page type left the page at the last one.
      await page.setViewportSize({ width: widths[0], height: 800 });
      await goto(page, route);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      const found: string[] = [];
      results[name] = {};
      for (const width of widths) {
        // The same page at each width: the layout is CSS only (nothing renders per width).
        await page.setViewportSize({ width, height: width < 996 ? 812 : 800 });
        await afterFrames(page);
        const violations = await audit(page);
        results[name][width] = violations.length;
        found.push(...violations.map((v) => `[${width}px] ${v}`));
        if (!takeScreenshots) continue;
        await loadImages(page);
        await afterFrames(page);
        await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}-${mode}.png`), fullPage: true });
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}

async function audit(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself (twice as fast; our pages have no frames), and
  // only violations are collected (passes on a long page cost seconds).
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}

/** Lazily loaded images (avatars) are loaded before the full-page screenshot. */
async function loadImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => (img.complete ? undefined : new Promise((r) => { img.onload = img.onerror = r; }))));
  });
}
