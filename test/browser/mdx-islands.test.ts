import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, hydrated, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 30 › 3: components of an MDX page that need the browser (state, event handlers,
// BrowserOnly) are hydrated where the server rendered them, each alone; the rest of the page is
// the server's HTML, and a page without such components loads nothing more.
// (test/fixtures/react-pages-site/content/docs/islands.mdx)

const tabs = useBrowser();

/** Console errors (React reports a hydration mismatch there) of a page from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The browser's own request for /favicon.ico (the fixture has no icon) is not the page's.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`${m.text()} (${m.location().url})`);
  });
  // Which resource a "Failed to load resource" was.
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

/** Waits until every island of the page is hydrated (React keeps its root on the element). */
async function islandsHydrated(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => {
    const islands = [...document.querySelectorAll('sitegen-island')];
    return islands.length === n && islands.every((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer')));
  }, count, { timeout: 30_000 });
}

const ISLANDS = 6;

describe.skipIf(noBrowser)('MDX islands', () => {
  it('are the server\'s HTML without JavaScript: fallbacks shown, components in their first state', async () => {
    const { page } = await tabs.open({ site: 'pages', path: '/docs/islands', javaScriptEnabled: false });
    expect(await page.locator('sitegen-island').count()).toBe(ISLANDS);
    expect(await page.getByText('Loading the local time…').isVisible()).toBe(true);
    expect(await page.locator('output').allTextContents()).toEqual(['2 tides', '7 tides', '10 tides']);
    // A component without state is plain HTML, outside any island.
    expect(await page.locator('aside.harbour-note').first().evaluate((el) => el.closest('sitegen-island') === null)).toBe(true);
    // The counter is as wide as without the wrapper (`display: contents`).
    expect(await page.locator('sitegen-island').first().evaluate((el) => getComputedStyle(el).display)).toBe('contents');
  });

  it('hydrate each island: state, event handlers and BrowserOnly work, with no hydration error', async () => {
    const { page } = await tabs.open({ site: 'pages' });
    const errors = consoleErrors(page);
    await goto(page, '/docs/islands');
    await islandsHydrated(page, ISLANDS);
    await expect.poll(() => page.locator('.browser-time').textContent()).toBe('Your browser says the harbour is open.');
    expect(await page.getByText('Loading the local time…').count()).toBe(0);
    await page.getByRole('button', { name: 'Count a tide' }).first().click();
    await page.getByRole('button', { name: 'Count a tide' }).nth(1).click();
    await page.getByRole('button', { name: 'Count a tide' }).nth(1).click();
    expect(await page.locator('output').allTextContents()).toEqual(['3 tides', '9 tides', '10 tides']);
    // A highlighted code block in an island keeps the server's markup, also after a state change.
    const island = page.locator('sitegen-island').filter({ hasText: 'tide.js' });
    const before = await island.locator('.code-block').innerHTML();
    expect(before).toContain('<span class="line">');
    await island.getByRole('button', { name: 'Count a tide' }).click();
    expect(await island.locator('output').textContent()).toBe('11 tides');
    expect(await island.locator('.code-block').innerHTML()).toBe(before);
    await page.locator('.tide-bell').click();
    expect(await page.locator('.tide-bell').textContent()).toBe('Bell rung 1 times');
    await page.getByRole('button', { name: 'Moon: new' }).click();
    expect(await page.getByRole('button', { name: 'Moon: full' }).count()).toBe(1);
    // The server's markup of the island's children is kept (Markdown in a component's children).
    expect(await page.locator('sitegen-island').first().locator('strong').textContent()).toBe('one');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('only the page with islands loads their script', async () => {
    const { page } = await tabs.open({ site: 'pages' });
    const islandScripts = () => page.evaluate(() => [...document.scripts].filter((s) => /\/islands-[^/]*\.js$/.test(s.src)).length);
    await goto(page, '/docs/guide');
    expect(await islandScripts()).toBe(0);
    await goto(page, '/docs/islands');
    expect(await islandScripts()).toBe(1);
  });

  it('are hydrated after client navigation to their page, and start again after leaving and coming back', async () => {
    const { page } = await tabs.open({ site: 'pages' });
    const errors = consoleErrors(page);
    await goto(page, '/docs');
    await hydrated(page);
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 1; });
    await page.locator('main .markdown').getByRole('link', { name: 'tide counters', exact: true }).click();
    await waitForRoute(page, '/docs/islands');
    await islandsHydrated(page, ISLANDS);
    await page.getByRole('button', { name: 'Count a tide' }).first().click();
    expect(await page.locator('output').first().textContent()).toBe('3 tides');
    await page.goBack();
    await waitForRoute(page, '/docs');
    expect(await page.locator('sitegen-island').count()).toBe(0);
    await page.goForward();
    await waitForRoute(page, '/docs/islands');
    await islandsHydrated(page, ISLANDS);
    // The page as the server rendered it, hydrated afresh.
    expect(await page.locator('output').first().textContent()).toBe('2 tides');
    await page.getByRole('button', { name: 'Count a tide' }).first().click();
    expect(await page.locator('output').first().textContent()).toBe('3 tides');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('hydrate a React page with state whole, and no page without it', async () => {
    const { page } = await tabs.open({ site: 'pages' });
    const errors = consoleErrors(page);
    const islandScripts = () => page.evaluate(() => [...document.scripts].filter((s) => /\/islands-[^/]*\.js$/.test(s.src)).length);
    await goto(page, '/');
    expect(await islandScripts()).toBe(0);
    expect(await page.locator('sitegen-island').count()).toBe(0);
    await goto(page, '/tide-clock');
    await islandsHydrated(page, 1);
    expect(await page.locator('main h1').textContent()).toBe('Tide clock of Harbour Almanac');
    await page.getByRole('button', { name: 'Raise the tide' }).click();
    expect(await page.locator('output').textContent()).toBe('3 m');
    // Its CSS module's class is the server's (identifiers of island scripts are not minified).
    expect(await page.locator('.tide-clock article').evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(0, 90, 120)');
    // Left by a client navigation and come back to: hydrated afresh.
    await hydrated(page);
    await page.getByRole('link', { name: 'Back to the docs' }).click();
    await waitForRoute(page, '/docs');
    await page.goBack();
    await waitForRoute(page, '/tide-clock');
    await islandsHydrated(page, 1);
    await page.getByRole('button', { name: 'Raise the tide' }).click();
    expect(await page.locator('output').textContent()).toBe('3 m');
    expect(errors, errors.join('\n')).toEqual([]);
  });
  // Issue 39 › 2 (content/docs/theme-modules.mdx): Docusaurus's router and colour mode hooks in
  // islands, and an island that throws in the browser.
  it('give islands the router and the colour mode; an island that throws keeps the server\'s markup', async () => {
    const { page } = await tabs.open({ site: 'pages' });
    const errors = consoleErrors(page);
    await goto(page, '/docs/theme-modules?tide=high');
    // The throwing island is never hydrated: wait for the other two.
    await page.waitForFunction(() => [...document.querySelectorAll('sitegen-island')].filter((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer'))).length >= 2, null, { timeout: 30_000 });
    const report = page.locator('.query-report');
    await expect.poll(() => report.textContent()).toContain('Query: [?tide=high], changes heard: 0.');
    await report.getByRole('button', { name: 'Mark the chart' }).click();
    await expect.poll(() => report.textContent()).toContain('Query: [?marked=1], changes heard: 1.');
    expect(new URL(page.url()).search).toBe('?marked=1');
    // The colour mode: read as painted, and set as the navbar's switch sets it.
    const mode = page.locator('.mode-report');
    await expect.poll(() => mode.textContent()).toContain('Charts painted light.');
    await mode.getByRole('button', { name: 'Night charts' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect.poll(() => mode.textContent()).toContain('Charts painted dark.');
    // Which image the mode shows, by the CSS (a lazy image still loading has no size, so `isVisible` would race its download).
    const display = (mode: 'light' | 'dark') => page.locator(`img.themedComponent--${mode}`).evaluate((img) => getComputedStyle(img).display);
    await expect.poll(() => display('dark')).not.toBe('none');
    expect(await display('light')).toBe('none');
    // The island that threw: the server's markup stays, and the console says which island it was.
    await expect.poll(() => errors.some((e) => e.includes('threw while hydrating'))).toBe(true);
    expect(await page.locator('.squall').textContent()).toBe('Calm before the squall');
    expect(errors.filter((e) => !e.includes('threw while hydrating') && !e.includes('The squall broke')), errors.join('\n')).toEqual([]);
  });
});
