import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, emulateConnection, goto, hydrated, noBrowser, routePageFetch, site, useBrowser } from './harness.ts';

// Issue 14 › 5–13: the navbar at every width, no sideways scrolling on phones, mobile without
// JavaScript, the mobile menu after a resize, the copy button, the /api category cards, the
// navbar's current item on the 404 page and after a failed load, back to top, and polish.

const tabs = useBrowser();

/** Every route of the built site, from its sitemap, plus the 404 page. */
async function allRoutes(page: Page): Promise<string[]> {
  const xml = await (await page.request.get(`${site()}/sitemap.xml`)).text();
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return [...routes, '/no-such-page'];
}

/** Layout problems of the navbar at the current width: wrapped links, squashed or clipped controls. */
function navbarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    for (const link of document.querySelectorAll<HTMLElement>('.navbar-link')) {
      if (!shown(link)) continue;
      const lines = Math.round(link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight || '24'));
      if (link.getClientRects().length > 1 || link.getBoundingClientRect().height > 44) problems.push(`"${link.textContent}" wraps (${lines} lines)`);
    }
    const controls = document.querySelectorAll<HTMLElement>('.navbar-menu-button, .navbar-brand, .search-button, .navbar-icon-link, .color-mode-toggle');
    for (const el of controls) {
      if (!shown(el)) continue;
      const box = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') ?? el.className;
      if (box.width < 32 || box.height < 32) problems.push(`${name} squashed to ${Math.round(box.width)}×${Math.round(box.height)}`);
      if (box.left < 0 || box.right > window.innerWidth + 0.5) problems.push(`${name} outside the viewport`);
    }
    const inner = document.querySelector('.navbar-inner')!;
    if (inner.scrollWidth > inner.clientWidth + 1) problems.push(`navbar overflows by ${inner.scrollWidth - inner.clientWidth}px`);
    return problems;
  });
}

describe.skipIf(noBrowser)('layout at every width', () => {
  it('keeps the navbar on one line with full-size controls from 320 to 1920 px', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    const failures: string[] = [];
    for (let width = 320; width <= 1920; width += 16) {
      for (const w of width === 992 ? [996, 997, 1024] : [width]) {
        await page.setViewportSize({ width: w, height: 800 });
        await afterFrames(page);
        failures.push(...(await navbarProblems(page)).map((p) => `${w}px: ${p}`));
      }
    }
    expect(failures).toEqual([]);
  });

  it('never scrolls sideways at 320 and 375 px, on any route', async () => {
    const { page } = await tabs.open({ path: '/' });
    const wide: string[] = [];
    // Each route at the width the last one ended at (it loads there), then at the other: one
    // resize and layout of a long page a route, not two.
    let widths = [320, 375];
    for (const route of await allRoutes(page)) {
      await page.goto(route);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 700 });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) wide.push(`${route} at ${width}px: ${scrollWidth}px`);
      }
      widths = [...widths].reverse();
    }
    expect(wide).toEqual([]);
  }, 240_000);
});

describe.skipIf(noBrowser)('mobile without JavaScript', () => {
  it('opens a menu over a backdrop that reaches the docs sidebar, marks the current section, links search to /search and shows no dead control', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375, javaScriptEnabled: false });
    for (const dead of ['button.search-button', '.color-mode-toggle']) {
      expect(await page.locator(dead).isVisible(), dead).toBe(false);
    }
    const summary = page.locator('summary.navbar-menu-button');
    expect(await summary.isVisible()).toBe(true);
    const sidebarLink = page.locator('.docs-sidebar a[href="/quickstart"]');
    expect(await sidebarLink.isVisible()).toBe(false);
    await summary.click();
    const panel = page.locator('#mobile-menu');
    expect(await panel.getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    // The section the page is in is marked, as in the navbar.
    expect(await panel.getByRole('link', { name: 'Docs', exact: true }).getAttribute('aria-current')).toBe('true');
    // No control that needs script.
    expect(await panel.locator('.mobile-menu-close').isVisible()).toBe(false);
    // The page's own docs sidebar opens with the menu, below its links, not covered by them.
    expect(await sidebarLink.isVisible()).toBe(true);
    const [links, sidebar] = [await panel.locator('.mobile-menu-items').boundingBox(), await page.locator('.docs-sidebar').boundingBox()];
    expect(sidebar!.y).toBeGreaterThanOrEqual(links!.y + links!.height - 1);
    // A backdrop dims the page and closes the menu when pressed; the page does not scroll meanwhile.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const backdrop = await page.evaluate(() => {
      const hit = document.elementFromPoint(window.innerWidth - 10, 400)!;
      return { hit: hit.className, colour: getComputedStyle(hit, '::before').backgroundColor };
    });
    expect(backdrop.hit).toContain('navbar-menu-button');
    expect(backdrop.colour).not.toBe('rgba(0, 0, 0, 0)');
    await page.mouse.click(365, 400);
    expect(await panel.isVisible()).toBe(false);
    await summary.click();
    await sidebarLink.click();
    await page.waitForURL(/\/quickstart$/);

    const search = page.locator('a.search-button');
    expect(await search.isVisible()).toBe(true);
    await search.click();
    await page.waitForURL(/\/search$/);
    expect(await page.locator('.search-noscript').innerText()).toMatch(/needs JavaScript/);
  });

  it('closes the announcement for the page view', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375, javaScriptEnabled: false });
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.isVisible()).toBe(true);
    await bar.locator('.announcement-close').click();
    expect(await bar.isVisible()).toBe(false);
    expect(await page.locator('header.navbar').evaluate((n) => n.getBoundingClientRect().top)).toBe(0);
  });

  it('shows the search link at desktop width too, and hides the menu there', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 1280, javaScriptEnabled: false });
    expect(await page.locator('a.search-button').isVisible()).toBe(true);
    expect(await page.locator('summary.navbar-menu-button').isVisible()).toBe(false);
  });

  it('leaves the no-JS stand-ins out of a page with JavaScript', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    expect(await page.locator('a.search-button').count()).toBe(0);
    expect(await page.locator('.navbar-menu-button').isVisible()).toBe(true);
  });
});

describe.skipIf(noBrowser)('mobile menu', () => {
  it('closes and unlocks the page when the window grows to desktop width', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    await page.locator('.navbar-menu-button').click();
    await page.getByRole('dialog', { name: 'Navigation menu' }).waitFor();
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    await expect.poll(() => overflow()).toBe('hidden');
    await page.setViewportSize({ width: 1280, height: 800 });
    // The dialog, the menu's open state and the page's lock go one after the other (a frame apart on a busy machine).
    await expect.poll(() => page.getByRole('dialog', { name: 'Navigation menu' }).count()).toBe(0);
    await expect.poll(() => page.locator('.navbar-menu').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await expect.poll(() => overflow()).toBe('visible');
  });
});

describe.skipIf(noBrowser)('copy button', () => {
  const serverBlock = (page: Page) => page.locator('.code-block', { has: page.locator('.code-block-title', { hasText: /^server\.js$/ }) }).first();
  const opacity = (page: Page) => serverBlock(page).locator('.copy-button').evaluate((b) => getComputedStyle(b).opacity);

  it('sits at the top right of a long block and shows on hover and on keyboard focus', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    const block = serverBlock(page);
    const button = block.locator('.copy-button');
    const [b, c] = [await block.boundingBox(), await button.boundingBox()];
    expect(c!.y - b!.y).toBeLessThan(48);
    expect(b!.x + b!.width - (c!.x + c!.width)).toBeLessThan(24);
    expect(await opacity(page)).toBe('0');
    await block.hover();
    await expect.poll(() => opacity(page)).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(() => opacity(page)).toBe('0');
    await button.focus();
    await expect.poll(() => opacity(page)).toBe('1');
  });

  it('is always shown on touch screens', async () => {
    const { page } = await tabs.open({ path: '/quickstart', width: 375, height: 800, hasTouch: true, isMobile: true });
    await expect.poll(() => opacity(page)).toBe('1');
    // The language label makes room instead of sitting under the button.
    const block = serverBlock(page);
    const [lang, button] = [await block.locator('.code-block-lang').boundingBox(), await block.locator('.copy-button').boundingBox()];
    if (lang) expect(lang.x + lang.width).toBeLessThanOrEqual(button!.x);
  });

  it('never covers code on touch screens, in a block without a title either', async () => {
    const { page } = await tabs.open({ path: '/quickstart', width: 375, height: 800, hasTouch: true, isMobile: true });
    await expect.poll(() => opacity(page)).toBe('1');
    const untitled = page.locator('.code-block:not(:has(.code-block-title))');
    expect(await untitled.count()).toBeGreaterThan(2);
    for (const block of await untitled.all()) {
      const [line, lang, button] = await Promise.all(['.line', '.code-block-lang', '.copy-button'].map((s) => block.locator(s).first().boundingBox()));
      expect(button!.y + button!.height).toBeLessThanOrEqual(line!.y);
      if (lang) expect(lang.y + lang.height).toBeLessThanOrEqual(line!.y);
    }
  });
});

describe.skipIf(noBrowser)('category index cards', () => {
  it('gives every child category of /api a card, linking to its overview page (issue 40 › 4: Objects has one now)', async () => {
    const { page } = await tabs.open({ path: '/api' });
    const card = page.locator('.card', { hasText: 'Objects' });
    expect(await card.count()).toBe(1);
    const href = await card.getAttribute('href');
    expect(href).toBe('/api/objects');
    // A category with a page of its own is described by that page's description.
    expect(await card.innerText()).toContain('The objects inside every game state');
    expect((await page.request.get(href!)).status()).toBe(200);
  });
});

describe.skipIf(noBrowser)('current navbar item', () => {
  const current = (page: Page) => page.locator('.navbar-items [aria-current]').allInnerTexts();

  it('is none on the 404 page', async () => {
    const { page } = await tabs.open({ path: '/no-such-page' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/not found/i);
    expect(await current(page)).toEqual([]);
  });

  it('follows the requested page after a failed load, not the page left behind', async () => {
    const { page, context } = await tabs.open();
    // A slow connection: nothing is prefetched, so the click is what fails.
    await emulateConnection(context, { effectiveType: '2g', saveData: false });
    await goto(page, '/rules');
    expect(await current(page)).toEqual(['Docs']);
    await routePageFetch(page, '/blog', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => (document.querySelector('.navbar-items a[href="/blog"]') as HTMLAnchorElement).click());
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await current(page)).toEqual(['Blog']);
  });
});

describe.skipIf(noBrowser)('back to top', () => {
  it('appears after scrolling a long page, is reachable by keyboard and returns to the top', async () => {
    const { page } = await tabs.open({ path: '/guides/useful-algorithms' });
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 4000));
    await button.waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    // The context asks for reduced motion: the jump is immediate.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => button.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
  });

  it('is not shown without JavaScript', async () => {
    const { page } = await tabs.open({ path: '/guides/useful-algorithms', javaScriptEnabled: false });
    await page.evaluate(() => window.scrollTo(0, 4000));
    expect(await page.locator('.back-to-top').count()).toBe(0);
  });
});

describe.skipIf(noBrowser)('polish', () => {
  it('rings the focused search input in the brand colour and dims the page behind the modal', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { page } = await tabs.open({ path: '/', theme });
      await page.keyboard.press('Control+k');
      const input = page.getByRole('dialog', { name: 'Search' }).getByRole('combobox');
      await input.waitFor();
      const [outline, primary] = await input.evaluate((el) => [
        getComputedStyle(el).outlineColor,
        getComputedStyle(document.documentElement).getPropertyValue('--c-primary').trim(),
      ]);
      const probe = await page.evaluate((c) => {
        const d = document.createElement('div');
        d.style.color = c;
        document.body.append(d);
        const rgb = getComputedStyle(d).color;
        d.remove();
        return rgb;
      }, primary);
      expect(outline, theme).toBe(probe);
      const alpha = await page.locator('.search-backdrop').evaluate((el) => {
        const m = /rgba?\([^)]*[,/]\s*([\d.]+)\)/.exec(getComputedStyle(el).backgroundColor);
        return m ? Number(m[1]) : 1;
      });
      expect(alpha, theme).toBeGreaterThanOrEqual(0.6);
    }
  });

  it('hides keyboard hints on touch screens', async () => {
    const { page } = await tabs.open({ path: '/', width: 1280, hasTouch: true, isMobile: true });
    expect(await page.locator('.search-button-keys').isVisible()).toBe(false);
    await page.locator('button.search-button').click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill('hazard');
    await dialog.locator('.search-footer').waitFor();
    expect(await dialog.locator('.search-keys').isVisible()).toBe(false);
  });

  it('highlights a heading in the TOC as soon as it is in the upper half of the viewport', async () => {
    const { page } = await tabs.open({ path: '/rules', height: 800 });
    const active = () => page.locator('.toc [aria-current="location"]').getAttribute('href');
    const ids = await page.locator('.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    // A heading after a long section (over a screen), so its predecessor is out of sight.
    const tops = await page.evaluate((list) => list.map((id) => document.getElementById(id)!.getBoundingClientRect().top + window.scrollY), ids);
    const i = tops.findIndex((top, n) => n > 0 && top - tops[n - 1] > 900);
    expect(i).toBeGreaterThan(0);
    const place = (fraction: number) => page.evaluate(([id, f]) => {
      const el = document.getElementById(id as string)!;
      window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - window.innerHeight * (f as number));
    }, [ids[i], fraction]);
    // At 40 % of the viewport height: that section is the one being read.
    await place(0.4);
    await expect.poll(active).toBe(`#${ids[i]}`);
    // At 75 %: the reader is still in the section before it.
    await place(0.75);
    await expect.poll(active).toBe(`#${ids[i - 1]}`);
  });
});

describe.skipIf(noBrowser)('hydration of the layout fixes', () => {
  it('marks <html> for JavaScript before the first paint', async () => {
    const { page } = await tabs.open();
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    await hydrated(page);
    await goto(page, '/rules');
  });
});
