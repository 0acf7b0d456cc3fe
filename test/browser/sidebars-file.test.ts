import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 13 › 1: a site with a sidebars file (test/fixtures/sidebars-site) shows each page the
// sidebar that lists it, also after client-side navigation, and none on a page no sidebar lists.

const tabs = useBrowser();

/** Link texts of the desktop sidebar, or null when the page has none. */
async function sidebarLinks(page: Page, within = '.docs-sidebar'): Promise<string[] | null> {
  if (await page.locator(within).count() === 0) return null;
  return page.locator(`${within} .sidebar-list > li > a`).evaluateAll((as) => as.map((a) => a.textContent!.trim()));
}

describe.skipIf(noBrowser)('sidebars file', () => {
  it('swaps the sidebar on client navigation into another sidebar, and shows none where no sidebar lists the page', async () => {
    const { page } = await tabs.open({ site: 'sidebars', path: '/guides/tuning' });
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    expect(await sidebarLinks(page)).toEqual(['Introduction', 'First steps', 'Tuning your snake', 'API overview', 'Source code', 'The API index']);
    expect(await page.locator('.docs-sidebar a[aria-current="page"]').textContent()).toBe('Tuning your snake');
    expect(await page.locator('.docs-sidebar .sidebar-html').textContent()).toBe('Learning');

    // "API overview" is a `ref`: the page it opens belongs to the api sidebar.
    await page.locator('.docs-sidebar').getByRole('link', { name: 'API overview' }).click();
    await waitForRoute(page, '/api/overview');
    expect(await sidebarLinks(page)).toEqual(['API', 'API overview', 'Board', 'Serpent', 'Help', 'FAQ', 'Walkthrough', 'Walkthrough, part 2']);
    expect(await page.locator('.docs-sidebar a[aria-current="page"]').textContent()).toBe('API overview');

    await page.locator('main').getByRole('link', { name: 'changelog' }).click();
    await waitForRoute(page, '/changelog');
    expect(await sidebarLinks(page)).toBeNull();
    expect(await page.locator('.breadcrumbs').count()).toBe(0);
    // Still the same document: client-side navigation all along.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.goBack();
    await waitForRoute(page, '/api/overview');
    expect(await sidebarLinks(page)).toContain('API overview');
  });

  it('shows the page\'s own sidebar in the mobile menu', async () => {
    const { page } = await tabs.open({ site: 'sidebars', path: '/api/objects/board', width: 375 });
    await page.locator('.navbar-menu-button').click();
    // The page's own docs sidebar, shown below the menu's links.
    await page.locator('.docs-sidebar .sidebar-list > li > a').first().waitFor({ timeout: 60_000 });
    const links = await sidebarLinks(page, '.docs-sidebar');
    expect(links).toContain('Board');
    expect(links).not.toContain('Tuning your snake');
  });
});
