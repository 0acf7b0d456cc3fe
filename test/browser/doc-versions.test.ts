import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 39 › 4 (test/fixtures/docusaurus-reference: versions.json lists 1.0, at /docs; the docs
// folder is Next, at /docs/next): the navbar's version menu, the reader's choice kept in
// storage (spec §4), and search that keeps the reader's version.

const tabs = useBrowser();

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('docs-preferred-version'));
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });

describe.skipIf(noBrowser)('docs versions', () => {
  it('go from version to version through the menu, remember the choice, and search the version being read', async () => {
    const { page } = await tabs.open({ site: 'versions' });
    await goto(page, '/docs/intro');
    await expect.poll(() => stored(page)).toBe('1.0');
    expect(await page.locator('.version-banner').count()).toBe(0);
    // The 1.0 page's own word is found while reading 1.0.
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('combobox', { name: 'Search docs' }).fill('barrow');
    await expect.poll(() => dialog(page).getByRole('option').first().getAttribute('href'), { timeout: 30_000 }).toMatch(/^\/docs\/intro#/);
    await page.keyboard.press('Escape');
    // The menu: a native <details>; "Next" leads to this doc in the docs folder.
    const menu = page.locator('.navbar-items .version-menu');
    await menu.locator('summary').click();
    // Styled by the versions' stylesheet, which this site's pages link (a one-version site's do not).
    expect(await menu.locator('ul').evaluate((ul) => getComputedStyle(ul).position)).toBe('absolute');
    await menu.getByRole('link', { name: 'Next' }).click();
    await waitForRoute(page, '/docs/next/intro');
    await expect.poll(() => stored(page)).toBe('current');
    expect(await page.locator('.version-banner').innerText()).toContain('which is not released yet. The latest version is 1.0.');
    expect(await page.locator('.version-banner').evaluate((el) => getComputedStyle(el).borderLeftWidth)).toBe('4px');
    expect(await page.locator('.navbar-items .version-menu summary').innerText()).toBe('Next');
    // Reading Next, 1.0's word is not among the docs found.
    await page.keyboard.press('Control+k');
    await dialog(page).getByRole('combobox', { name: 'Search docs' }).fill('barrow');
    await dialog(page).getByText(/No results for/).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    // The navbar's `dropdown` item: a menu of links, like the version menu.
    const guild = page.locator('.navbar-items .navbar-dropdown', { has: page.locator('summary', { hasText: 'Guild' }) });
    await guild.locator('summary').click();
    await guild.getByRole('link', { name: 'Charter' }).click();
    await waitForRoute(page, '/blog/guild-charter');
  });

  it('closes the open sidebar category when a reader opens a sibling (themeConfig.docs.sidebar.autoCollapseCategories)', async () => {
    const { page } = await tabs.open({ site: 'versions' });
    await goto(page, '/docs/next/surveys/soil');
    const category = (label: string) => page.locator('.docs-sidebar .sidebar-category', { hasText: label }).locator('> details');
    await expect.poll(() => category('Surveys').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await category('Lanterns').locator('> summary').click();
    await expect.poll(() => category('Lanterns').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await expect.poll(() => category('Surveys').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });

  it('has no axe violation on an unreleased version\'s doc with the menu open, in light and dark, at desktop and phone widths', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await tabs.open({ site: 'versions', theme });
      const found: string[] = [];
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        // (The intro's own headings skip a level on purpose: a heading-id pattern of the fixture.)
        await goto(page, '/docs/next/surveys/soil');
        await (width > 996 ? page.locator('.navbar-items .version-menu summary') : page.locator('.navbar-menu-button')).click();
        if (width <= 996) await page.locator('.mobile-version-menu summary').click();
        const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
        found.push(...violations.map((v) => `[${theme} ${width}px] ${v.id}: ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
      }
      expect(found, found.join('\n')).toEqual([]);
    }
  });
});
