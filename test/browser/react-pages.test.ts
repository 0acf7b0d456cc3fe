import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 30 › 4: the pages of src/pages (test/fixtures/react-pages-site) in Chromium: inside the
// layout, styled by the CSS they import, reached and left by client navigation, and accessible
// in both colour modes.

const tabs = useBrowser();

/** The border colour of the landing page's first card (its CSS module's rule). */
const cardBorder = (page: Page) => page.locator('main article').first().evaluate((el) => getComputedStyle(el).borderTopColor);

/** Page CSS linked in the head now (`data-page-css`). */
const pageCss = (page: Page) => page.evaluate(() => document.querySelectorAll('link[data-page-css]').length);

describe.skipIf(noBrowser)('React and Markdown pages', () => {
  it('show a React page inside the layout, styled by its CSS module', async () => {
    const { page } = await tabs.open({ site: 'pages', path: '/' });
    expect(await page.locator('main h1').textContent()).toBe('Harbour Almanac');
    expect(await page.locator('.navbar').isVisible()).toBe(true);
    expect(await page.locator('footer').isVisible()).toBe(true);
    expect(await cardBorder(page)).toBe('rgb(0, 90, 120)');
    expect(await page.title()).toBe('Welcome aboard | Harbour Almanac');
  });

  it('are reached and left by client navigation, their CSS with them', async () => {
    const { page } = await tabs.open({ site: 'pages', path: '/docs' });
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    expect(await pageCss(page)).toBe(0);

    await page.locator('main .markdown').getByRole('link', { name: 'landing page' }).click();
    await waitForRoute(page, '/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.locator('main h1').textContent()).toBe('Harbour Almanac');
    expect(await cardBorder(page)).toBe('rgb(0, 90, 120)');
    expect(await page.title()).toBe('Welcome aboard | Harbour Almanac');

    // From the React page's own link to a Markdown page, then to a doc: the page CSS goes.
    await page.getByRole('link', { name: 'about the almanac' }).click();
    await waitForRoute(page, '/about');
    expect(await page.locator('main h1').textContent()).toBe('About the almanac');
    await page.locator('main .markdown').getByRole('link', { name: 'guide' }).click();
    await waitForRoute(page, '/docs/guide');
    expect(await pageCss(page)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.goBack();
    await waitForRoute(page, '/about');
    await page.goBack();
    await waitForRoute(page, '/');
    expect(await cardBorder(page)).toBe('rgb(0, 90, 120)');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`have no axe violations in ${mode} mode`, async () => {
      const { page } = await tabs.open({ site: 'pages', theme: mode });
      const found: string[] = [];
      for (const route of ['/', '/help', '/about', '/docs/islands', '/tide-clock']) {
        await goto(page, route);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
        await afterFrames(page);
        const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
        found.push(...violations.map((v) => `${route}: ${v.id} (${v.impact}): ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
