import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, chooseMode, goto, noBrowser, shownModeChoice, useBrowser } from './harness.ts';

// Issue 29 › 3: the colour mode follows the system without JavaScript, the switch offers light,
// dark and the system's mode, and the search controls are honest without JavaScript.

const tabs = useBrowser();

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const DARK_BG = 'rgb(14, 20, 18)';
const LIGHT_BG = 'rgb(255, 255, 255)';

describe.skipIf(noBrowser)('colour mode without JavaScript', { timeout: 180_000 }, () => {
  for (const [scheme, expected] of [['dark', DARK_BG], ['light', LIGHT_BG]] as const) {
    it(`follows a ${scheme} system: page, code and logo`, async () => {
      const { page } = await tabs.open({ path: '/quickstart', javaScriptEnabled: false, colorScheme: scheme });
      expect(await background(page)).toBe(expected);
      expect(await page.locator('.logo-dark').isVisible()).toBe(scheme === 'dark');
      expect(await page.locator('.logo-light').isVisible()).toBe(scheme === 'light');
      // Highlighted code takes the same mode's colours (its own custom properties).
      const code = await page.locator('.code-block .shiki').first().evaluate((pre) => {
        const style = getComputedStyle(pre);
        return { color: style.color, light: style.getPropertyValue('--shiki-light').trim(), dark: style.getPropertyValue('--shiki-dark').trim() };
      });
      const probe = await page.evaluate((c) => {
        const d = document.createElement('div');
        d.style.color = c;
        document.body.append(d);
        return getComputedStyle(d).color;
      }, scheme === 'dark' ? code.dark : code.light);
      expect(code.color).toBe(probe);
    });
  }

  it('shows the search pill as a button-like link and no dead search box on /search', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 1280, javaScriptEnabled: false });
    const pill = page.locator('a.search-button');
    expect(await pill.isVisible()).toBe(true);
    expect(await pill.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
    await pill.click();
    await page.waitForURL('**/search');
    expect(await page.locator('input[type="search"]').isVisible()).toBe(false);
    const note = page.locator('.search-noscript');
    expect(await note.innerText()).toMatch(/needs JavaScript/);
    expect(await note.getByRole('link').count()).toBeGreaterThan(0);
  });
});

describe.skipIf(noBrowser)('colour mode switch', { timeout: 180_000 }, () => {
  const toggle = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('.color-mode-toggle');

  it('steps through light, dark and system, one press a step, each with its own icon and name', async () => {
    const { page } = await tabs.open({ path: '/rules', colorScheme: 'dark' });
    const seen = async () => ({
      choice: await shownModeChoice(page),
      icon: await toggle(page).locator('[data-choice] .icon').evaluateAll((icons) => icons.filter((i) => i.checkVisibility()).map((i) => i.className)),
      name: await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Colour mode/ }).evaluate((b) => (b as HTMLElement).innerText),
      theme: await theme(page),
    });
    expect(await seen()).toEqual({ choice: 'system', icon: ['icon icon-system'], name: 'Colour mode: system (switch to light)', theme: 'dark' });
    await toggle(page).click();
    expect(await seen()).toEqual({ choice: 'light', icon: ['icon icon-sun'], name: 'Colour mode: light (switch to dark)', theme: 'light' });
    expect(await background(page)).toBe(LIGHT_BG);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await toggle(page).click();
    expect(await seen()).toEqual({ choice: 'dark', icon: ['icon icon-moon'], name: 'Colour mode: dark (switch to system)', theme: 'dark' });
    await toggle(page).click();
    expect(await seen()).toMatchObject({ choice: 'system', theme: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(null);
    // Following the system again: a change of the system's mode shows at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    await page.reload();
    await goto(page, '/rules');
    expect(await shownModeChoice(page)).toBe('system');
    await afterFrames(page);
    expect(await theme(page)).toBe('light');
  });

  it('shows the stored choice after a reload and in another tab', async () => {
    const first = await tabs.open({ path: '/', colorScheme: 'light' });
    const second = await tabs.another(first, '/blog');
    await chooseMode(first.page, 'dark');
    await expect.poll(() => theme(second.page)).toBe('dark');
    expect(await shownModeChoice(second.page)).toBe('dark');
    await chooseMode(second.page, 'system');
    await expect.poll(() => theme(first.page)).toBe('light');
    expect(await shownModeChoice(first.page)).toBe('system');
  });
});
