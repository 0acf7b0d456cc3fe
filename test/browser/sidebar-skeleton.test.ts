import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// The largest sidebars (the `skeleton` fixture lowers docs.sidebarInlineLimit to 3): even the
// skeleton is a file of its own. A page shows its own section first, from its own data, and the
// whole list of sections once the skeleton has loaded; without JavaScript it keeps its section.

const tabs = useBrowser();
const sections = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];

/** Labels of the desktop sidebar's top-level entries. */
const topLevel = 'document.querySelectorAll(".docs-sidebar nav > ul > li")';

describe.skipIf(noBrowser)('a sidebar whose skeleton is loaded after the page', () => {
  it('hydrates the page\'s own section as rendered, then shows every section with the page still current', async () => {
    const { page } = await tabs.open({ site: 'skeleton' });
    const skeletonRequests: string[] = [];
    const consoleProblems: string[] = [];
    page.on('request', (r) => {
      if (/\/_chunks\/sidebar\.[0-9a-f]+\.skeleton\.json$/.test(r.url())) skeletonRequests.push(r.url());
    });
    page.on('console', (m) => {
      if (!m.location().url.endsWith('/favicon.ico') && (m.type() === 'error' || m.type() === 'warning')) consoleProblems.push(m.text());
    });
    const served = await (await page.request.get('/gamma/gamma-two')).text();
    expect(served.match(/<nav class="sidebar" aria-label="Docs sidebar">.*?<\/nav>/)![0]).not.toContain('Alpha');

    await goto(page, '/gamma/gamma-two');
    await page.waitForFunction(`${topLevel}.length === 7`);
    const labels = await page.locator('.docs-sidebar nav > ul > li').allTextContents();
    for (const section of sections) expect(labels.some((text) => text.startsWith(section))).toBe(true);
    const current = page.locator('.docs-sidebar [aria-current="page"]');
    await expect.poll(() => current.textContent()).toBe('Gamma two');
    expect(await current.isVisible()).toBe(true);
    expect(skeletonRequests).toHaveLength(1);
    // A hydration mismatch would be logged as an error.
    expect(consoleProblems).toEqual([]);
  });

  it('keeps the sections across client navigations and opens the section of the page it leads to', async () => {
    const { page } = await tabs.open({ site: 'skeleton' });
    await goto(page, '/gamma/gamma-one');
    await page.waitForFunction(`${topLevel}.length === 7`);
    // Zeta is closed: opening it loads the whole sidebar, then its pages can be followed.
    await page.locator('.docs-sidebar summary', { hasText: 'Zeta' }).click();
    await page.locator('.docs-sidebar a', { hasText: 'Zeta two' }).click();
    await waitForRoute(page, '/zeta/zeta-two');
    expect(await page.locator('.docs-sidebar nav > ul > li').count()).toBe(7);
    await expect.poll(() => page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Zeta two');
  });

  it('shows the page\'s own section without JavaScript', async () => {
    const { page } = await tabs.open({ site: 'skeleton', path: '/beta/beta-one', javaScriptEnabled: false });
    const labels = await page.locator('.docs-sidebar nav > ul > li').allTextContents();
    expect(labels).toHaveLength(1);
    expect(labels[0]).toContain('Beta');
    expect(await page.locator('.docs-sidebar [aria-current="page"]').textContent()).toBe('Beta one');
  });
});
