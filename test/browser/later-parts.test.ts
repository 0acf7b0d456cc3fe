import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, goto, hydrated, noBrowser, useBrowser, whenIdle } from './harness.ts';

// Issue 16 › 3: the docs sidebar, the table of contents, the pagination links, the footer, the
// mobile menu and a docs page's body are not in a first visit's scripts
// (theme/layout/later-parts.tsx). They show as the server drew them until their code comes: the
// page's body, the TOC and "back to top" when the reader first scrolls, the others with client
// navigation when the reader first points at a link (issue 41 › 4: a pointer moving over the text
// fetches only the scripts of the navbar and the app). Nothing a reader does before then loses
// them, and a failed download leaves them working as plain HTML.

const tabs = useBrowser();

/** The code of the parts hydrated later (`docs`: the page's body). */
const LATER = /\/assets\/js\/(sidebar|toc|pagination|footer|back-to-top|mobile-menu|docs)\.[A-Z0-9]+\.js$/;
/** The parts for reading, which come at the first scroll. */
const READING = /\/assets\/js\/(toc|back-to-top|docs)\./;

/** Moves the pointer over the middle of the page's title: intent, but not towards a link. */
async function pointAtText(page: Page): Promise<void> {
  const box = (await page.locator('main h1').first().boundingBox())!;
  await page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2);
}

/** Whether React has hydrated the first element matching `selector` (it holds React's props). */
function owned(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => Object.keys(document.querySelector(s)!).some((k) => k.startsWith('__reactProps')), selector);
}

/** Waits until the navbar, which a first visit hydrates with the page, is hydrated. */
async function navbarHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.querySelector('.navbar-inner')!).some((k) => k.startsWith('__reactProps')));
}

describe.skipIf(noBrowser)('parts hydrated later', () => {
  it('keeps their server markup while their code is on its way, search opened meanwhile, and hydrates it in place', async () => {
    const { page } = await tabs.open();
    // Each request for their code waits until the test lets it through (also one that comes late).
    const asked: string[] = [];
    let letThrough!: () => void;
    const released = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route(LATER, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    await goto(page, '/rules', { hydrate: false });
    // Not asked for while the reader only reads, even once the page and the network are idle.
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    await page.waitForLoadState('networkidle');
    await whenIdle(page);
    expect(asked).toEqual([]);
    // The pointer moving over the text brings the scripts of the navbar and the app (which
    // hydrate the navbar at once), not theirs.
    await pointAtText(page);
    await navbarHydrated(page);
    await afterFrames(page);
    await whenIdle(page);
    await afterRequests(page);
    expect(asked).toEqual([]);
    // The first scroll asks for the parts for reading (a pixel: the pointer stays on the title),
    // pointing at a link for the others.
    await page.evaluate(() => window.scrollTo(0, 1));
    await expect.poll(() => asked.filter((p) => READING.test(p)).length, { timeout: 60_000 }).toBe(3);
    expect(asked.every((p) => READING.test(p))).toBe(true);
    await page.locator('nav.sidebar a').first().hover();
    await expect.poll(() => asked.length, { timeout: 60_000 }).toBe(7);
    const preload = await page.locator('head script[data-preload]').getAttribute('data-preload');
    for (const url of preload!.split(' ')) expect(url).not.toMatch(LATER);
    const parts = ['nav.sidebar', 'nav.toc', '.pagination-nav', 'footer', '.doc-container'];
    const before = await Promise.all(parts.map((s) => page.locator(s).innerHTML()));
    for (const s of parts) expect(await owned(page, s)).toBe(false);

    // Search opens and closes before the code comes: the app re-renders, the parts stay.
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await Promise.all(parts.map((s) => page.locator(s).innerHTML()))).toEqual(before);
    expect(await page.locator('nav.sidebar a').count()).toBeGreaterThan(5);
    expect(await page.evaluate(() => document.documentElement.dataset.navigation)).not.toBe('ready');

    letThrough();
    await hydrated(page);
    for (const s of parts) expect(await owned(page, s)).toBe(true);
    // Hydrated in place: the same markup (the TOC may since mark the section in view).
    expect(await page.locator('nav.sidebar').innerHTML()).toBe(before[0]);
    expect(await page.locator('footer').innerHTML()).toBe(before[3]);
  });

  it('brings the mobile menu\'s code when the reader first opens it, without client navigation', async () => {
    const { page } = await tabs.open({ width: 375, height: 740, hasTouch: true, isMobile: true });
    const menuCode: string[] = [];
    // Client navigation's module, when it had been asked for as the menu's code was.
    let navigationBeforeMenu: boolean | undefined;
    let navigationAsked = false;
    page.on('request', (r) => {
      if (/\/assets\/js\/navigation\.[A-Z0-9]+\.js$/.test(r.url())) navigationAsked = true;
      if (/\/assets\/js\/mobile-menu\.[A-Z0-9]+\.js$/.test(r.url())) {
        menuCode.push(r.url());
        navigationBeforeMenu ??= navigationAsked;
      }
    });
    await goto(page, '/rules', { hydrate: false });
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    await pointAtText(page);
    await navbarHydrated(page);
    await afterFrames(page);
    await whenIdle(page);
    await afterRequests(page);
    expect(menuCode).toEqual([]);
    expect(await owned(page, '#mobile-menu')).toBe(false);
    // Opened: the menu shows at once (a <details>), its code comes and makes it a modal dialog that Esc closes.
    const button = (await page.locator('.navbar-menu-button').boundingBox())!;
    await page.touchscreen.tap(button.x + button.width / 2, button.y + button.height / 2);
    const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
    await dialog.waitFor();
    await expect.poll(() => menuCode.length).toBe(1);
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true');
    // The menu's code came on its own. (Client navigation may follow: the open menu puts focus on
    // its first link, which is a sign the reader may follow one.)
    expect(navigationBeforeMenu).toBe(false);
    // Focus moved into the menu: what an open menu does with script is up.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true);
    // The page behind stops scrolling once the menu is on screen (not in the frame that shows it: issue 41 › 2).
    // Polled: the lock comes in the frame after the one that shows the menu, which can follow the focus's move.
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    await expect.poll(overflow).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await overflow()).toBe('visible');
    expect(await page.locator('.navbar-menu-button').evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('leaves them working as plain HTML when their code cannot be downloaded', async () => {
    const { page, context } = await tabs.open();
    let refused = 0;
    await context.route(LATER, (route) => {
      refused++;
      return route.abort('internetdisconnected');
    });
    const sidebarFailed = page.waitForEvent('requestfailed', (request) => /\/assets\/js\/sidebar\.[A-Z0-9]+\.js$/.test(request.url()));
    await goto(page, '/rules', { hydrate: false });
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    await pointAtText(page);
    await navbarHydrated(page);
    // Pointing at a link asks for the sidebar's code (with client navigation's parts).
    await page.locator('nav.sidebar a').first().hover();
    await expect.poll(() => refused, { timeout: 60_000 }).toBeGreaterThan(0);
    // The sidebar's code was refused; whatever the page does about it has run two frames and an
    // idle period later.
    await sidebarFailed;
    await afterFrames(page);
    await whenIdle(page);
    expect(await owned(page, 'nav.sidebar')).toBe(false);
    expect(await page.locator('footer a').count()).toBeGreaterThan(3);

    // A collapsed category opens natively (a <details>), and its links load pages in full.
    const index = await page.locator('nav.sidebar details').evaluateAll((all) => all.findIndex((d) => !(d as HTMLDetailsElement).open));
    const closed = page.locator('nav.sidebar details').nth(index);
    await closed.locator(':scope > summary').click();
    expect(await closed.getAttribute('open')).toBe('');
    const link = closed.locator('a:visible').first();
    const href = await link.getAttribute('href');
    const [request] = await Promise.all([page.waitForRequest((r) => r.resourceType() === 'document'), link.click()]);
    expect(new URL(request.url()).pathname).toBe(href);
  });

  // React stops a press, a key or a pointer over a part it has not hydrated yet, to replay it to
  // its own handlers later: listeners of ours on the document's bubble phase never saw it
  // (theme/runtime/listen-before-react.ts). The parts' code is held here, so the article stays
  // unhydrated while the navbar and the app are up.
  it('answers a press or a key inside a part whose code has not come: a copy button copies, Ctrl+K and / open search from a link', async () => {
    const { page, context } = await tabs.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.route(LATER, () => new Promise(() => undefined));
    await goto(page, '/quickstart', { hydrate: false, waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    await pointAtText(page);
    await navbarHydrated(page);
    await afterFrames(page);
    expect(await owned(page, '.doc-container')).toBe(false);

    const block = page.locator('.code-block').filter({ has: page.locator('.code-block-title', { hasText: 'server.js' }) });
    await block.hover();
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => block.getByRole('button').first().innerText()).toBe('Copied');
    const code = await block.locator('pre code').innerText();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.replace(/\n$/, ''));

    const dialog = page.getByRole('dialog', { name: 'Search' });
    for (const key of ['Control+k', '/']) {
      await page.locator('main .markdown a[href^="/"]').first().focus();
      await page.keyboard.press(key);
      await dialog.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
        const state = await page.evaluate(() => JSON.stringify([document.activeElement?.outerHTML.slice(0, 80), [...document.querySelectorAll('[role=dialog]')].map((d) => d.outerHTML.slice(0, 120)), !!document.getElementById('sitegen-early-search'), document.documentElement.dataset.navigation]));
        throw new Error(`${key}: ${error.message}; the page had ${state}`);
      });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(await owned(page, '.doc-container')).toBe(false);
  });

  it('switches tabs inside a part whose code has not come (a Docusaurus site\'s MDX page)', async () => {
    const { page } = await tabs.open({ site: 'docusaurus' });
    await page.route(/\/assets\/js\/(sidebar|toc|pagination|footer|back-to-top|mobile-menu|docs|page)\.[A-Z0-9]+\.js$/, () => new Promise(() => undefined));
    await goto(page, '/docs/setup', { hydrate: false, waitUntil: 'domcontentloaded' });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-tabs-ready'));
    await pointAtText(page);
    await navbarHydrated(page);
    await afterFrames(page);
    expect(await owned(page, '.doc-container')).toBe(false);
    const torch = page.getByRole('tab', { name: 'Torch' });
    await torch.click();
    await expect.poll(() => torch.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('A torch lasts until its battery is flat.').isVisible()).toBe(true);
    // The keyboard too: the arrow goes back to the first tab.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Lamp' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('An oil lamp burns for a shift.').isVisible()).toBe(true);
  });

  it('closes the open mobile menu with Esc from a link of the docs sidebar below it, the sidebar\'s code held', async () => {
    const { page } = await tabs.open({ width: 375, height: 740, hasTouch: true, isMobile: true });
    await page.route(/\/assets\/js\/sidebar\.[A-Z0-9]+\.js$/, () => new Promise(() => undefined));
    await goto(page, '/rules', { hydrate: false, waitUntil: 'domcontentloaded' });
    const button = (await page.locator('.navbar-menu-button').boundingBox())!;
    await page.touchscreen.tap(button.x + button.width / 2, button.y + button.height / 2);
    const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
    // The menu's code has come and runs the open menu (Esc, focus kept inside).
    await expect.poll(() => dialog.getAttribute('aria-modal'), { timeout: 60_000 }).toBe('true');
    expect(await owned(page, 'nav.sidebar')).toBe(false);
    await page.locator('.docs-sidebar a').first().focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});
