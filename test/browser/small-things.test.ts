import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser } from './harness.ts';

// Issue 29 › 7: the small things a careful reader notices.

const tabs = useBrowser();

/** Rows of a grid of boxes (by their top edge), as counts of boxes per row. */
function rowsOf(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) => {
    const rows = new Map<number, number>();
    for (const e of els) {
      const top = Math.round(e.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });
}

describe.skipIf(noBrowser)('small things', { timeout: 180_000 }, () => {
  it('gives the sidebar\'s top-level items one style, linked categories or not', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const styles = await page.locator('.docs-sidebar nav > .sidebar-list > li').evaluateAll((items) => items
      .filter((li) => li.classList.contains('sidebar-category'))
      .map((li) => {
        const label = li.querySelector(':scope > a, :scope > details > summary > .sidebar-summary-label')!;
        const s = getComputedStyle(label);
        return `${s.color} ${s.fontWeight} ${s.fontSize}`;
      }));
    expect(styles.length).toBeGreaterThan(2);
    expect(new Set(styles).size).toBe(1);
  });

  it('keeps each /blog/archive date on one line at 1440 px', async () => {
    const { page } = await tabs.open({ path: '/blog/archive', width: 1440 });
    const wrapped = await page.locator('.archive-list time').evaluateAll((times) => times
      .filter((t) => new Set([...t.getClientRects()].map((r) => Math.round(r.top))).size > 1).map((t) => t.textContent));
    expect(wrapped).toEqual([]);
  });

  it('marks only the current page with aria-current="page", sections with "true"', async () => {
    // One context, each route loaded in it: the test only reads the hydrated pages.
    const { page } = await tabs.open();
    for (const route of ['/rules', '/maps/royale', '/api/webhooks', '/quickstart', '/blog/2023/12/04/season-7-recap-and-season-8']) {
      await goto(page, route);
      const wrong = await page.locator('a[aria-current="page"]').evaluateAll((links, r) => links
        .filter((a) => new URL((a as HTMLAnchorElement).href).pathname !== r).map((a) => a.outerHTML.slice(0, 120)), route);
      expect(wrong, route).toEqual([]);
      if (route === '/maps/royale') expect(await page.locator('.navbar-items a', { hasText: /^Docs$/ }).getAttribute('aria-current')).toBe('true');
    }
  });

  it('indents the mobile menu\'s links like its sidebar and marks the current section', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    await page.locator('.navbar-menu-button').click();
    const menu = page.getByRole('dialog', { name: 'Navigation menu' });
    const navLeft = await menu.locator('.mobile-menu-items a').first().evaluate((a) => {
      const r = document.createRange();
      r.selectNodeContents(a);
      return Math.round(r.getBoundingClientRect().left);
    });
    const sideLeft = await page.locator('.docs-sidebar .sidebar > .sidebar-list > li > a').first().evaluate((a) => {
      const r = document.createRange();
      r.selectNodeContents(a);
      return Math.round(r.getBoundingClientRect().left);
    });
    expect(navLeft).toBe(sideLeft);
    const docs = menu.locator('.mobile-menu-items a', { hasText: /^Docs$/ });
    expect(await docs.getAttribute('aria-current')).toBe('true');
    const [current, other] = await Promise.all([docs, menu.locator('.mobile-menu-items a', { hasText: /^Blog$/ })]
      .map((l) => l.evaluate((a) => `${getComputedStyle(a).color} ${getComputedStyle(a).backgroundColor}`)));
    expect(current).not.toBe(other);
    // The menu's header names the site as the navbar's brand does: the same weight and size.
    const title = (selector: string) => page.locator(selector).evaluate((t) => `${getComputedStyle(t).fontWeight} ${getComputedStyle(t).fontSize}`);
    expect(await title('.mobile-menu-header .navbar-title')).toBe(await title('.navbar-brand .navbar-title'));
  });

  it('moves focus to the navbar when the announcement is closed', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await page.locator('.announcement-close').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.navbar'))).toBe(true);
  });

  for (const width of [375, 768, 1024, 1440]) {
    it(`never leaves one card alone on a row at ${width} px`, async () => {
      // The grid is the stylesheet's alone (container queries): the pages as served, not hydrated.
      const found: string[] = [];
      const { page } = await tabs.open({ width });
      for (const route of ['/', '/starter-projects', '/api', '/maps', '/quickstart']) {
        await goto(page, route, { hydrate: false });
        const rows = await rowsOf(page, '.cards > *');
        if (Math.max(...rows) > 1 && rows.includes(1)) found.push(`${route}: ${rows.join('+')}`);
      }
      expect(found).toEqual([]);
    });
  }

  it('left-aligns a figure caption that takes several lines', async () => {
    const { page } = await tabs.open({ path: '/maps/royale', width: 1280 });
    const captions = await page.locator('.markdown figcaption').evaluateAll((els) => els.map((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { lines, align: getComputedStyle(e).textAlign };
    }));
    const long = captions.filter((c) => c.lines > 1);
    expect(long.length).toBeGreaterThan(0);
    expect(long.filter((c) => c.align !== 'left' && c.align !== 'start')).toEqual([]);
  });

  it('keeps "Back to top" off the text at 375 px', async () => {
    const { page } = await tabs.open({ path: '/guides/useful-algorithms', width: 375, height: 740 });
    const button = page.getByRole('button', { name: 'Back to top' });
    for (const y of [3000, 6000, 9000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await button.waitFor();
      const box = (await button.boundingBox())!;
      const covered = await page.evaluate((b) => {
        const main = document.querySelector('main')!;
        // Text scrolled under the sticky navbar is hidden by it anyway.
        const navbar = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        const hits: string[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (!n.textContent?.trim()) continue;
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            // Only the part of a line below the navbar can be seen (and covered).
            const top = Math.max(r.top, navbar);
            if (r.left < b.x + b.width && b.x < r.right && top < b.y + b.height && b.y < r.bottom) hits.push(n.textContent.trim().slice(0, 40));
          }
        }
        return hits;
      }, box);
      expect(covered, `scrolled to ${y}`).toEqual([]);
    }
  });

  it('closes the mobile "On this page" once a link in it is tapped', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375, hasTouch: true, isMobile: true });
    const toc = page.locator('details.toc-mobile');
    await toc.locator('summary').tap();
    const link = toc.getByRole('link', { name: 'Hazards' });
    await link.tap();
    await page.waitForURL('**/rules#hazards');
    await expect.poll(() => toc.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    const top = await page.locator('#hazards').evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });
});
