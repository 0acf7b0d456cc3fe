import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emulateConnection, goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Big-site sidebars (docs.sidebarInlineLimit, lowered to 6 on the `sidebar` fixture): pages
// inline a skeleton plus their own branch; a collapsed category loads the whole sidebar file
// when opened, once; without JavaScript it links to its page.

const tabs = useBrowser();

/**
 * The `<summary>` of a sidebar category: labelled in its text, or "X section" when it has a link.
 * `within` picks the sidebar (the page's docs sidebar, which the mobile menu shows too).
 */
function summary(page: Page, label: string, within = '.docs-sidebar') {
  return page.locator(`${within} summary`)
    .filter({ has: page.locator('.sidebar-summary-label', { hasText: new RegExp(`^${label}$`) }) })
    .or(page.locator(`${within} summary[aria-label="${label} section"]`));
}

/** The category's `<details>`. */
function details(page: Page, label: string, within?: string) {
  return summary(page, label, within).locator('xpath=..');
}

/** Hrefs of the links inside a category, in order. */
function linksIn(page: Page, label: string): Promise<(string | null)[]> {
  return details(page, label).locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
}

const isOpen = (page: Page, label: string) => details(page, label).evaluate((d) => (d as HTMLDetailsElement).open);

/**
 * Opens a blank tab of the fixture that records sidebar file requests, console errors and
 * warnings, and whether hydration kept the server's sidebar element (React replaces the markup
 * it cannot match, so a mismatch shows as a new element).
 */
async function openTab(): Promise<{ page: Page; context: BrowserContext; sidebarRequests: string[]; consoleProblems: string[]; keptServerSidebar: () => Promise<boolean> }> {
  const { page, context } = await tabs.open({ site: 'sidebar' });
  const sidebarRequests: string[] = [];
  const consoleProblems: string[] = [];
  page.on('request', (r) => {
    if (/\/_chunks\/sidebar\.[0-9a-f]+\.json$/.test(r.url())) sidebarRequests.push(r.url());
  });
  page.on('console', (m) => {
    // The browser asks for /favicon.ico by itself; the fixture has no icon.
    if (m.location().url.endsWith('/favicon.ico')) return;
    if (m.type() === 'error' || m.type() === 'warning') consoleProblems.push(`${m.text()} ${m.location().url}`);
  });
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const nav = document.querySelector('.docs-sidebar nav');
      if (!nav) return;
      (window as { serverSidebar?: Element }).serverSidebar = nav;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const keptServerSidebar = () => page.evaluate(() => {
    const server = (window as { serverSidebar?: Element }).serverSidebar;
    return !!server && server === document.querySelector('.docs-sidebar nav');
  });
  return { page, context, sidebarRequests, consoleProblems, keptServerSidebar };
}

describe.skipIf(noBrowser)('a lazily loaded docs sidebar', () => {
  it('hydrates the page branch as rendered and fetches the whole sidebar once, when a closed category opens', async () => {
    const { page, sidebarRequests, consoleProblems, keptServerSidebar } = await openTab();
    await goto(page, '/guides/one');
    expect(await keptServerSidebar()).toBe(true);
    expect(await isOpen(page, 'Guides')).toBe(true);
    expect(await linksIn(page, 'Guides')).toEqual(['/guides/one', '/guides/two']);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allInnerTexts()).toEqual(['Guide one']);
    // Not on the page's path: only the way to its first page, until opened.
    expect(await isOpen(page, 'Reference')).toBe(false);
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api']);
    expect(sidebarRequests).toEqual([]);

    await summary(page, 'Reference').click();
    await page.locator('.docs-sidebar a[href="/reference/cli"]').waitFor();
    // The file holds the whole tree: the closed Objects inside is filled too.
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api', '/reference/cli', '/reference/objects/board', '/reference/objects/game']);
    expect(await isOpen(page, 'Objects')).toBe(false);
    // Opening more categories, here or elsewhere, fetches nothing more.
    await summary(page, 'Objects').click();
    await page.locator('.docs-sidebar a[href="/reference/objects/game"]').waitFor();
    await summary(page, 'More').click();
    await page.locator('.docs-sidebar a[href="/extras/more/faq"]').waitFor();
    expect(sidebarRequests).toHaveLength(1);
    expect(consoleProblems).toEqual([]);
  });

  it('reads each page\'s branch from its sidebar state file, fetched once per category', async () => {
    const { page, context, consoleProblems, keptServerSidebar } = await openTab();
    // No prefetching (it would fetch the states of the pages linked from here too).
    await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const states: string[] = [];
    page.on('request', (r) => {
      if (/\/_chunks\/sidebar\.[0-9a-f]+\.page\.json$/.test(r.url())) states.push(new URL(r.url()).pathname);
    });
    await goto(page, '/guides/one');
    // Preloaded by the head script, then read by the runtime: one request.
    expect(states).toHaveLength(1);
    expect(await keptServerSidebar()).toBe(true);
    const inline = await page.evaluate(() => JSON.parse(document.getElementById('__sitegen')!.textContent!).page);
    expect(inline.sidebarState).toBe(states[0]);
    expect(inline).not.toHaveProperty('sidebarBranches');
    // Another page of the same category shares the file; a page of another category has its own.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.docs-sidebar a[href="/guides/two"]')!.click());
    await waitForRoute(page, '/guides/two');
    expect(states).toHaveLength(1);
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.docs-sidebar a[href="/reference/api"]')!.click());
    await waitForRoute(page, '/reference/api');
    await expect.poll(() => states.length).toBe(2);
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api', '/reference/cli', '/reference/objects/board']);
    expect(consoleProblems).toEqual([]);
  });

  it('still works when the sidebar state cannot be fetched at start: the sidebar is drawn again, navigation retries it', async () => {
    // React reports the sidebar it could not hydrate as it was (a recoverable error) and draws it
    // anew from what it has: the skeleton, without the page's own branch.
    const { page, context } = await tabs.open({ site: 'sidebar', allowErrors: true });
    await emulateConnection(context, { effectiveType: '4g', saveData: true });
    const state = /\/_chunks\/sidebar\.[0-9a-f]+\.page\.json$/;
    const attempts: string[] = [];
    await page.route(state, (route) => {
      attempts.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await goto(page, '/guides/one');
    // Fetched again once before giving up (the head script's preload, then two tries).
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(await page.locator('main h1').innerText()).toBe('Guide one');
    expect(await summary(page, 'Guides').count()).toBe(1);
    // Without it a page in another category cannot be shown: the error with Retry, as for a page that cannot be fetched.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('.docs-sidebar a[href="/reference/api"]')!.click());
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    await page.unroute(state);
    await retry.click();
    await waitForRoute(page, '/reference/api');
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allInnerTexts()).toEqual(['API']);
  });

  it('opens the branch of the page a client navigation leads to, from its data', async () => {
    const { page, sidebarRequests, consoleProblems } = await openTab();
    await goto(page, '/guides/one');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.locator('article a[href="/reference/api"]').click();
    await waitForRoute(page, '/reference/api');
    expect(documents).toEqual([]);
    expect(await isOpen(page, 'Reference')).toBe(true);
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api', '/reference/cli', '/reference/objects/board']);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allInnerTexts()).toEqual(['API']);
    expect(await page.locator('.docs-sidebar a[href="/reference/cli"]').isVisible()).toBe(true);
    expect(sidebarRequests).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  it('keeps a category the reader opened open across client navigations', async () => {
    const { page, sidebarRequests } = await openTab();
    await goto(page, '/guides/one');
    await summary(page, 'More').click();
    await page.locator('.docs-sidebar a[href="/extras/more/faq"]').waitFor();
    await page.locator('article a[href="/reference/api"]').click();
    await waitForRoute(page, '/reference/api');
    expect(await isOpen(page, 'More')).toBe(true);
    expect(await page.locator('.docs-sidebar a[href="/extras/more/faq"]').isVisible()).toBe(true);
    await page.goBack({ waitUntil: 'commit' });
    await waitForRoute(page, '/guides/one');
    expect([await isOpen(page, 'Guides'), await isOpen(page, 'More')]).toEqual([true, true]);
    expect(sidebarRequests).toHaveLength(1);
  });

  const wholeSidebar = /\/_chunks\/sidebar\.[0-9a-f]+\.json$/;

  it('says when the sidebar cannot load, keeps the fallback link and loads on Retry', async () => {
    const { page, sidebarRequests, keptServerSidebar } = await openTab();
    // The whole sidebar's file, not the page's sidebar state (`sidebar.<hash>.page.json`).
    await page.route(wholeSidebar, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await goto(page, '/guides/one');
    await summary(page, 'Reference').click();
    const alert = details(page, 'Reference').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Could not load these pages.');
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api']);

    await page.unroute(wholeSidebar);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.docs-sidebar a[href="/reference/cli"]').waitFor();
    expect(await alert.count()).toBe(0);
    expect(sidebarRequests).toHaveLength(2);
    expect(await keptServerSidebar()).toBe(true);
  });

  it('fills the sidebar of the mobile menu the same way', async () => {
    const { page, sidebarRequests, consoleProblems } = await openTab();
    await page.setViewportSize({ width: 375, height: 700 });
    await goto(page, '/guides/one');
    await page.locator('.navbar-menu-button').click();
    // The page's own docs sidebar, shown below the menu's links.
    const menu = '.docs-sidebar';
    await page.locator(menu).waitFor();
    expect(await details(page, 'Guides', menu).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await summary(page, 'Reference', menu).click();
    await page.locator(`${menu} a[href="/reference/cli"]`).waitFor();
    expect(sidebarRequests).toHaveLength(1);
    expect(consoleProblems).toEqual([]);
  });

  it('links a closed category to its first page without JavaScript', async () => {
    const { page } = await tabs.open({ site: 'sidebar', path: '/guides/one', javaScriptEnabled: false });
    // Inside a closed <details>, so hidden: found by text, not by role.
    const fallback = details(page, 'Reference').locator('a', { hasText: 'Show pages in Reference' });
    expect(await fallback.getAttribute('href')).toBe('/reference/api');
    expect(await fallback.isVisible()).toBe(false);
    await summary(page, 'Reference').click();
    await fallback.click();
    await page.waitForURL('**/reference/api');
    expect(await isOpen(page, 'Reference')).toBe(true);
    expect(await linksIn(page, 'Reference')).toEqual(['/reference/api', '/reference/cli', '/reference/objects/board']);
    expect(await details(page, 'Objects').locator('a').allTextContents()).toEqual(['Show pages in Objects']);
  });
});
