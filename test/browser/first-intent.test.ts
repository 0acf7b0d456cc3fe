import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, REACT, useBrowser, whenIdle } from './harness.ts';

// Issue 29 › 9: a first visit fetches no script until the reader shows intent (src/render/
// head-script.browser.ts). What a reader presses or chooses while the page's scripts are on
// their way is held and made again once React has hydrated the page, not lost; and if the
// scripts never come, it does what it does without them. (The menu, the colour mode, the
// sidebar and search answer the first press themselves: first-press.test.ts.)

const tabs = useBrowser();

/** Whether React has hydrated the navbar. */
const navbarHydrated = (page: Page) => page.evaluate(() => Object.keys(document.querySelector('.navbar-inner')!).some((k) => k.startsWith('__reactProps')));

describe.skipIf(noBrowser)('first intent', () => {
  it('answers a press that comes with no pointer, key or focus before it (assistive technology)', async () => {
    const { page } = await tabs.open({ width: 375 });
    await goto(page, '/rules', { hydrate: false });
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.dataset.intent)).toBe('waiting');
    await page.evaluate(() => document.querySelector<HTMLElement>('.navbar-menu-button')!.click());
    await page.getByRole('dialog', { name: 'Navigation menu' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.intent)).toBe('shown');
  });

  it('lets a held press do what it does without script when the scripts cannot come', async () => {
    const tab = await tabs.open({ allowErrors: true });
    const { page } = tab;
    await page.route(REACT, (route) => route.abort('internetdisconnected'));
    await goto(page, '/this-page-does-not-exist', { hydrate: false });
    await page.waitForLoadState('networkidle');
    await whenIdle(page);
    await page.locator('#not-found-q').fill('hazard');
    // Submitting presses the form's button: held, then, the scripts having failed, made again.
    await page.locator('#not-found-q').press('Enter');
    await page.waitForURL(/\/search\?q=hazard$/);
  });

  it('hydrates the search page without waiting for intent: its results need script', async () => {
    const { page } = await tabs.open();
    await goto(page, '/search?q=hazard', { hydrate: false });
    await page.locator('.search-page-hit').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.intent)).toBe('waiting');
    // Any other page waits.
    await goto(page, '/rules', { hydrate: false });
    await page.waitForLoadState('networkidle');
    await whenIdle(page);
    expect(await navbarHydrated(page)).toBe(false);
  });
});
