import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';

// Issue 8 › Works without JavaScript: every page is complete HTML; only enhancements need JS.

const tabs = useBrowser();

describe.skipIf(noBrowser)('with JavaScript disabled', () => {
  it('reads a doc page with its sidebar, breadcrumbs, TOC and footer', async () => {
    const { page } = await tabs.open({ path: '/rules', javaScriptEnabled: false });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Rules');
    // All of it is in the page and drawn: what a reader's tool reads (innerText) holds it all.
    expect((await page.locator('article .markdown').innerText()).length).toBeGreaterThan(5000);
    expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).locator('[aria-current="page"]').innerText()).toBe('Rules');
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).isVisible()).toBe(true);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.getByRole('link', { name: 'The board' }).getAttribute('href')).toBe('#the-board');
    expect(await page.getByRole('contentinfo').getByRole('link').count()).toBeGreaterThanOrEqual(16);
  });

  it('opens and closes sidebar categories (native <details>)', async () => {
    const { page } = await tabs.open({ path: '/rules', javaScriptEnabled: false });
    // Guides has an overview page: its name is a link to /guides, and the summary beside it, named
    // for screen readers, is the toggle.
    const guides = page.locator('.docs-sidebar details').filter({ has: page.locator('> summary[aria-label="Guides section"]') });
    const link = guides.getByRole('link', { name: 'Useful algorithms', exact: false }).first();
    expect(await link.isVisible()).toBe(false);
    await guides.locator('> summary').click();
    expect(await link.isVisible()).toBe(true);
    await guides.locator('> summary').click();
    expect(await link.isVisible()).toBe(false);
  });

  it('navigates with links as full page loads', async () => {
    const { page } = await tabs.open({ path: '/rules', javaScriptEnabled: false });
    await page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: 'Quickstart' }).click();
    await page.waitForURL('**/quickstart');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL('**/blog');
    expect(await page.locator('article.blog-post-preview').count()).toBe(10);
    await page.getByRole('link', { name: 'Older posts »' }).click();
    await page.waitForURL('**/blog/page/2');
    // TOC links jump within the page.
    await page.goto('/rules');
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Hazards' }).click();
    await page.waitForURL('**/rules#hazards');
    const top = await page.locator('#hazards').evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });

  it('shows the TOC as a collapsible "On this page" on a phone, and the blog and 404 pages read', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375, javaScriptEnabled: false });
    const toc = page.locator('details.toc-mobile');
    await toc.locator('summary').click();
    expect(await toc.getByRole('link', { name: 'The board' }).isVisible()).toBe(true);
    await page.goto('/blog/archive');
    expect(await page.locator('.archive-year li a').count()).toBe(50);
    await page.goto('/does-not-exist');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
  });
});
