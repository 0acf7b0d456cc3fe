import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, chooseMode, goto, hydrated, noBrowser, shownModeChoice, useBrowser } from './harness.ts';

// Issue 5: colour mode (persisted, no flash, followed across tabs and from the system), the
// announcement bar dismissal, and storage that throws.

const tabs = useBrowser();

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/**
 * Records, for every load of the context, the colour mode and announcement state at the moment
 * `<body>` is parsed (before first paint), and whether the bar was ever displayed.
 */
async function recordFirstPaint(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __atBody?: { theme?: string; dismissed: boolean }; __barShown?: boolean };
    const observer = new MutationObserver(() => {
      if (document.body && !w.__atBody) {
        const d = document.documentElement;
        w.__atBody = { theme: d.dataset.theme, dismissed: d.hasAttribute('data-announcement-dismissed') };
      }
      const bar = document.querySelector('.announcement-bar');
      if (bar && getComputedStyle(bar).display !== 'none') w.__barShown = true;
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const atBody = (page: Page) => page.evaluate(() => (window as unknown as { __atBody: { theme: string; dismissed: boolean } }).__atBody);
const barEverShown = (page: Page) => page.evaluate(() => (window as unknown as { __barShown?: boolean }).__barShown ?? false);

describe.skipIf(noBrowser)('colour mode', () => {
  it('defaults to light, toggles, persists across reloads and never flashes', async () => {
    const { page, context } = await tabs.open({ colorScheme: 'light' });
    await recordFirstPaint(context);
    await goto(page, '/rules');
    expect(await theme(page)).toBe('light');
    expect(await atBody(page)).toMatchObject({ theme: 'light' });
    await chooseMode(page, 'dark');
    expect(await theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    expect(await shownModeChoice(page)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(14, 20, 18)');

    await page.reload();
    await hydrated(page);
    expect(await atBody(page)).toMatchObject({ theme: 'dark' });
    expect(await theme(page)).toBe('dark');
    expect(await shownModeChoice(page)).toBe('dark');
    await chooseMode(page, 'light');
    expect(await theme(page)).toBe('light');
    await goto(page, '/blog');
    expect(await atBody(page)).toMatchObject({ theme: 'light' });
  });

  it('follows a change made in another tab (storage event)', async () => {
    const first = await tabs.open({ path: '/', colorScheme: 'light' });
    const second = await tabs.another(first, '/blog');
    expect(await theme(second.page)).toBe('light');
    await chooseMode(first.page, 'dark');
    await expect.poll(() => theme(second.page)).toBe('dark');
    expect(await shownModeChoice(second.page)).toBe('dark');
    await chooseMode(second.page, 'light');
    await expect.poll(() => theme(first.page)).toBe('light');
  });

  it('follows the system preference, live, until the reader chooses (respectPrefersColorScheme)', async () => {
    const { page, context } = await tabs.open({ colorScheme: 'dark' });
    await recordFirstPaint(context);
    await goto(page, '/');
    expect(await atBody(page)).toMatchObject({ theme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await shownModeChoice(page)).toBe('system');
    // A stored choice wins over the system.
    await chooseMode(page, 'light');
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await afterFrames(page);
    expect(await theme(page)).toBe('light');
  });
});

describe.skipIf(noBrowser)('announcement bar', () => {
  const bar = (page: Page) => page.getByRole('region', { name: 'Announcement' });

  it('stays closed after a reload, without flashing or shifting the layout', async () => {
    const { page, context } = await tabs.open();
    await recordFirstPaint(context);
    await goto(page, '/');
    const navTop = () => page.locator('header.navbar').evaluate((n) => n.getBoundingClientRect().top);
    expect(await navTop()).toBeGreaterThan(0);
    await bar(page).locator('.announcement-close').click();
    expect(await bar(page).count()).toBe(0);
    expect(await navTop()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('announcement-dismissed'))).toBe('season-8-winter-2024');

    await page.reload();
    await hydrated(page);
    expect(await atBody(page)).toMatchObject({ dismissed: true });
    expect(await barEverShown(page)).toBe(false);
    expect(await bar(page).count()).toBe(0);
    expect(await navTop()).toBe(0);
  });

  it('shows a bar with a new id again (fixture site), though an older bar was closed', async () => {
    const { page, context } = await tabs.open({ site: 'options' });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('announcement-dismissed', 'season-8-winter-2024');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await goto(page, '/');
    expect(await bar(page).isVisible()).toBe(true);
    expect(await bar(page).innerText()).toContain('A newer announcement with its own id.');
    await bar(page).locator('.announcement-close').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('announcement-dismissed'))).toBe('fixture-bar-2');
    await page.reload();
    await hydrated(page);
    expect(await bar(page).count()).toBe(0);
  });
});

describe.skipIf(noBrowser)('browser storage that throws', () => {
  it.each([
    ['localStorage itself is unavailable', () => {
      Object.defineProperty(window, 'localStorage', { configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    }],
    ['every read and write fails', () => {
      const fail = () => { throw new DOMException('Quota exceeded', 'QuotaExceededError'); };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
      Storage.prototype.removeItem = fail;
    }],
  ])('%s: nothing breaks and choices last for the session', async (_, breakStorage) => {
    const { page, context, errors } = await tabs.open({ colorScheme: 'light' });
    await context.addInitScript(breakStorage);
    await goto(page, '/rules');
    await chooseMode(page, 'dark');
    expect(await theme(page)).toBe('dark');
    await bar(page).locator('.announcement-close').click();
    expect(await bar(page).count()).toBe(0);
    // Client navigation keeps the session's choices.
    await page.locator('.docs-sidebar a[href="/quickstart"]').click();
    await page.waitForURL('**/quickstart');
    await afterFrames(page);
    expect(await theme(page)).toBe('dark');
    expect(await bar(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.keyboard.type('snake');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  function bar(page: Page) {
    return page.getByRole('region', { name: 'Announcement' });
  }
});
