import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser } from './harness.ts';

// Issue 14 › 2 and 3: the search page lists every result (a page at a time, keyboard
// reachable), and the modal and the page show and announce a loading state while the index
// is still on its way.

const tabs = useBrowser();

const hits = (page: Page) => page.locator('.search-page-hit');

/** Holds every search-index request until `release` is called (a slow connection). */
function holdIndex(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let released = false;
  return page.route('**/search-index/**', (route) => {
    if (released) return route.continue();
    held.push(route);
  }).then(() => () => {
    released = true;
    for (const route of held.splice(0)) void route.continue();
  });
}

describe.skipIf(noBrowser)('search states', () => {
  it('lists every result of a query with many hits, a page at a time, from the keyboard', async () => {
    const { page } = await tabs.open({ path: '/search?q=move' });
    await expect.poll(() => page.locator('.search-count').textContent(), { timeout: 60_000 }).toMatch(/^\d+ results for "move"$/);
    const total = Number((await page.locator('.search-count').textContent())!.split(' ')[0]);
    expect(total).toBeGreaterThan(100);
    expect(await hits(page).count()).toBe(50);
    expect(await page.locator('.search-more-count').innerText()).toBe(`Showing 50 of ${total} results`);

    let shown = 50;
    while (shown < total) {
      const more = page.getByRole('button', { name: /^Show \d+ more results?$/ });
      expect(await more.innerText()).toBe(`Show ${Math.min(50, total - shown)} more ${total - shown === 1 ? 'result' : 'results'}`);
      await more.focus();
      await page.keyboard.press('Enter');
      const next = Math.min(total, shown + 50);
      await expect.poll(() => hits(page).count()).toBe(next);
      // Focus moved to the first added result: Tab order carries on from there.
      await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.search-page-hit > a')].indexOf(document.activeElement!))).toBe(shown);
      shown = next;
    }
    expect(await page.getByRole('button', { name: /more result/ }).count()).toBe(0);
    expect(await page.locator('.search-count').textContent()).toBe(`${total} results for "move"`);

    // A new query starts again at one page.
    await page.locator('#search-page-input').fill('snake');
    await expect.poll(() => hits(page).count()).toBeLessThanOrEqual(50);
  });

  it('shows and announces a loading state on the search page while the index loads', async () => {
    const { page } = await tabs.open();
    const release = await holdIndex(page);
    await goto(page, '/search?q=hazard');
    const loading = page.locator('.search-loading');
    await loading.waitFor();
    expect(await loading.innerText()).toContain('Loading search results…');
    expect(await page.locator('.search-count').textContent()).toBe('Loading search results…');
    expect(await page.locator('.search-count').getAttribute('aria-live')).toBe('polite');
    release();
    await hits(page).first().waitFor({ timeout: 60_000 });
    expect(await loading.count()).toBe(0);
    expect(await page.locator('.search-count').textContent()).toMatch(/^\d+ results? for "hazard"$/);
  });

  it('shows and announces a loading state in the modal while the index loads', async () => {
    const { page } = await tabs.open({ path: '/' });
    const release = await holdIndex(page);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill('hazard');
    await dialog.locator('.search-loading').waitFor();
    const live = dialog.locator('[aria-live="polite"]');
    expect(await live.textContent()).toBe('Loading search results…');
    release();
    await dialog.getByRole('option').first().waitFor({ timeout: 60_000 });
    expect(await dialog.locator('.search-loading').count()).toBe(0);
    expect(await live.textContent()).toMatch(/^\d+ results?$/);
  });
});
