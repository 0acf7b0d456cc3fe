import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, noBrowser, useBrowser, waitForRoute } from './harness.ts';

// Issue 5: state kept across client navigations (sidebar categories, docs version), the navbar
// hiding on scroll (fixture), and the crash screen (fixture whose doc page throws in the browser).

const tabs = useBrowser();

function categoryOpen(page: Page, label: string) {
  return page.locator('.docs-sidebar .sidebar-category').filter({ hasText: label }).locator('> details').first()
    .evaluate((d) => (d as HTMLDetailsElement).open);
}
function toggleCategory(page: Page, label: string) {
  return page.locator('.docs-sidebar .sidebar-category').filter({ hasText: label }).locator('> details > summary').first().click();
}

describe.skipIf(noBrowser)('state across client navigations', () => {
  it('keeps sidebar categories as the reader left them; the new page’s category opens', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await toggleCategory(page, 'Maps');
    await toggleCategory(page, 'Getting Started');
    expect(await categoryOpen(page, 'Maps')).toBe(true);
    expect(await categoryOpen(page, 'Getting Started')).toBe(false);
    await toggleCategory(page, 'Guides');
    await page.locator('.docs-sidebar a[href="/guides/tournaments"]').click();
    await waitForRoute(page, '/guides/tournaments');
    expect(await categoryOpen(page, 'Maps')).toBe(true);
    expect(await categoryOpen(page, 'Getting Started')).toBe(false);
    expect(await categoryOpen(page, 'Guides')).toBe(true);
    expect(await categoryOpen(page, 'Policies')).toBe(false);
    // A page in a category the reader has not touched opens it; nothing else collapses.
    await page.locator('footer a[href="/policies/conduct"]').click();
    await waitForRoute(page, '/policies/conduct');
    expect(await categoryOpen(page, 'Policies')).toBe(true);
    expect(await categoryOpen(page, 'Guides')).toBe(true);
    expect(await categoryOpen(page, 'Maps')).toBe(true);
    expect(await page.locator('.docs-sidebar [aria-current="page"]').innerText()).toBe('Code of Conduct');
  });

  it('stores the docs version in localStorage', async () => {
    const { page } = await tabs.open({ path: '/blog' });
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version'))).toBeNull();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quickstart' }).click();
    await waitForRoute(page, '/quickstart');
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version'))).toBe('current');
  });
});

describe.skipIf(noBrowser)('navbar hideOnScroll', () => {
  const hidden = (page: Page) => page.locator('header.navbar').evaluate((n) => n.getBoundingClientRect().bottom <= 0 || n.classList.contains('navbar-hidden'));
  async function scrollBy(page: Page, dy: number) {
    await page.evaluate((d) => window.scrollBy(0, d), dy);
    await afterFrames(page);
  }

  it('hides the navbar on scroll down and shows it on scroll up (fixture)', async () => {
    const { page } = await tabs.open({ site: 'options', path: '/', height: 500 });
    expect(await hidden(page)).toBe(false);
    await scrollBy(page, 400);
    await expect.poll(() => hidden(page)).toBe(true);
    await scrollBy(page, 200);
    expect(await hidden(page)).toBe(true);
    await scrollBy(page, -80);
    await expect.poll(() => hidden(page)).toBe(false);
    // Without the option (the real site) it stays.
    const real = await tabs.open({ path: '/rules', height: 500 });
    await scrollBy(real.page, 600);
    expect(await hidden(real.page)).toBe(false);
  });
});

describe.skipIf(noBrowser)('crash screen', () => {
  it('shows "This page crashed." with the error and Try again, which re-renders the page', async () => {
    const { page } = await tabs.open({ site: 'crash', path: '/', allowErrors: true });
    const alert = page.getByRole('alert');
    expect(await alert.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
    expect(await alert.innerText()).toContain('Fixture crash');
    const retry = alert.getByRole('button', { name: 'Try again' });
    await retry.click();
    expect(await alert.getByRole('heading', { name: 'This page crashed.' }).isVisible()).toBe(true);
    await page.evaluate(() => { (window as { __fixtureRecovered?: boolean }).__fixtureRecovered = true; });
    await retry.click();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Crash home');
    expect(await page.getByRole('alert').count()).toBe(0);
    // The chrome around the page kept working all along.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
  });

  it('shows the crash screen after a client navigation, and leaves it on the next one', async () => {
    const { page } = await tabs.open({ site: 'crash', path: '/blog', allowErrors: true });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
    await page.getByRole('heading', { name: 'This page crashed.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await waitForRoute(page, '/blog');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Blog');
  });
});

