import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, goto, noBrowser, useBrowser, waitForRoute, whenIdle, type Tab } from './harness.ts';

// Issue 16: a first visit loads React and the runtime, all listed in the page (no download waits
// on another), once the reader shows intent (issue 29: a pointer moving, a touch, a scroll, a
// key), and nothing before; the page's own module too where its body needs script at once (the
// search page), else with the first scroll or with client navigation (issue 41 › 4); client
// navigation and the parts hydrated with it once the reader points at, touches or focuses a link;
// the rest (other page modules, the search modal, the error screens) once navigation is up and the
// reader points at or focuses something to follow or press; each piece loaded later works, or
// fails, on its own.

const tabs = useBrowser();

/** Script paths the page requests from now on. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/js/') || pathname.startsWith('/_chunks/')) paths.push(pathname);
  });
  return paths;
}

async function preloadList(page: Page): Promise<string[]> {
  return (await page.locator('head script[data-preload]').getAttribute('data-preload'))!.split(' ');
}

/** A tab whose requests for scripts matching `blocked` fail, as when offline. */
async function openBlocking(blocked: RegExp, path: string, options: { width?: number } = {}): Promise<Tab> {
  const tab = await tabs.open(options);
  await tab.context.route(blocked, (route) => route.abort('internetdisconnected'));
  await goto(tab.page, path);
  return tab;
}

describe.skipIf(noBrowser)('code splitting', () => {
  it('fetches no script while the reader only reads, then the scripts its head lists at the first sign of intent, then navigation and the rest', async () => {
    const { page } = await tabs.open();
    const scripts = recordScripts(page);
    await page.goto('/rules');
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    const listed = await preloadList(page);
    expect(listed.some((u) => /\/react\.[A-Z0-9]+\.js$/.test(u))).toBe(true);
    expect(listed.some((u) => /\/(docs|blog|search-modal)\.[A-Z0-9]+\.js$/.test(u))).toBe(false);
    // Besides scripts, the list names the site data's file.
    expect(listed.filter((u) => !u.endsWith('.js'))).toEqual([expect.stringMatching(/^\/_chunks\/site\.[0-9a-f]{10}\.json$/)]);
    // Until the network is idle, and after, no script at all while the reader only reads (issue 29: first-visit JS).
    await page.waitForLoadState('networkidle');
    await whenIdle(page);
    expect(scripts).toEqual([]);
    // The reader's pointer moves over the text: the listed files, each once (preloaded, then used
    // from the preload), and nothing more.
    const fetched = (name: string) => scripts.some((s) => new RegExp(`/${name}\\.[A-Z0-9]+\\.js$`).test(s));
    const title = (await page.locator('main h1').boundingBox())!;
    await page.mouse.move(title.x + 10, title.y + title.height / 2);
    await page.mouse.move(title.x + 20, title.y + title.height / 2);
    await page.waitForFunction(() => Object.keys(document.querySelector('.navbar-inner')!).some((k) => k.startsWith('__reactProps')));
    await afterFrames(page);
    await whenIdle(page);
    await afterRequests(page);
    for (const url of listed) expect(scripts.filter((s) => s === url), url).toHaveLength(1);
    expect(scripts.slice(0, listed.length).sort()).toEqual([...listed].sort());
    expect(scripts.slice(listed.length)).toEqual([]);
    // Pointing at a link: client navigation and the parts hydrated with it, the page's body among them.
    await page.locator('.navbar-items a[href="/blog"]').hover();
    await expect.poll(() => fetched('navigation')).toBe(true);
    for (const name of ['sidebar', 'pagination', 'footer', 'docs', 'mobile-menu']) expect(fetched(name), name).toBe(true);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.prefetch)).toBe('waiting');
    await whenIdle(page);
    for (const name of ['blog', 'search-modal', 'error-screens']) expect(fetched(name), name).toBe(false);
    // Pointing at a link again, navigation up: the blog's module, the search modal and the error screens follow.
    await page.locator('.navbar-items a[href="/api"]').hover();
    expect(await page.evaluate(() => document.documentElement.dataset.prefetch)).toBe('started');
    for (const name of ['blog', 'search-modal', 'error-screens']) await expect.poll(() => fetched(name), { message: name }).toBe(true);
  });

  it('lists the page\'s own module in its head where its body needs script at once: the search page', async () => {
    const { page } = await tabs.open();
    const scripts = recordScripts(page);
    await page.goto('/search?q=food');
    const listed = await preloadList(page);
    expect(listed.some((u) => /\/search\.[A-Z0-9]+\.js$/.test(u))).toBe(true);
    // It hydrates without waiting for intent, its results drawn by its module.
    await expect.poll(() => page.locator('.search-page-hit > a').count()).toBeGreaterThan(0);
    expect(scripts.some((s) => /\/search\.[A-Z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/docs\.[A-Z0-9]+\.js$/.test(s))).toBe(false);
  });

  it('links the blog\'s and the search page\'s stylesheets only on their pages, the blog\'s before client navigation shows it (issue 41 › 4)', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    const sheets = () => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .map((l) => new URL(l.href).pathname.replace(/\.[A-Z0-9]+\.css$/, '')));
    expect(await sheets()).toEqual(['/assets/css/main']);
    // How the blog's wrapper is laid out the moment it enters the page (before any frame shows it).
    await page.evaluate(() => {
      const w = window as unknown as { __blogDisplay?: string };
      new MutationObserver(() => {
        const wrapper = document.querySelector('.blog-wrapper');
        if (wrapper && w.__blogDisplay === undefined) w.__blogDisplay = getComputedStyle(wrapper).display;
      }).observe(document.getElementById('__root')!, { childList: true, subtree: true });
    });
    await page.locator('.navbar-items a[href="/blog"]').click();
    await waitForRoute(page, '/blog');
    expect(await page.evaluate(() => (window as unknown as { __blogDisplay?: string }).__blogDisplay)).toBe('grid');
    expect(await sheets()).toEqual(['/assets/css/main', '/assets/css/blog']);
    await goto(page, '/search', { hydrate: false });
    expect(await sheets()).toEqual(['/assets/css/main', '/assets/css/search-page']);
    expect(await page.locator('.search-page').evaluate((e) => getComputedStyle(e).maxWidth)).toBe('820px');
  });

  it('goes from docs to the blog without a script download once the blog module is prefetched', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.prefetch)).toBe('waiting');
    await page.locator('.navbar-items a[href="/blog"]').hover();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/blog\.[A-Z0-9]+\.js$/.test(e.name)))).toBe(true);
    const scripts = recordScripts(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.locator('.navbar-items a[href="/blog"]').click();
    await waitForRoute(page, '/blog');
    expect(documents).toEqual([]);
    // Other modules may still arrive while idle; the blog's is not fetched again.
    expect(scripts.filter((s) => /\/blog\.[A-Z0-9]+\.js$/.test(s))).toEqual([]);
  });

  it('opens the search page with the query when the search modal cannot be downloaded', async () => {
    const { page } = await openBlocking(/\/assets\/js\/search-modal\.[A-Z0-9]+\.js$/, '/rules');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\?q=$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/search/i);
  });

  it('follows links as plain links while client navigation is not there', async () => {
    const tab = await tabs.open();
    await tab.context.route(/\/assets\/js\/navigation\.[A-Z0-9]+\.js$/, (route) => route.abort('internetdisconnected'));
    const { page } = tab;
    await goto(page, '/rules', { hydrate: false });
    await page.waitForFunction(() => document.documentElement.dataset.intent === 'waiting');
    // Pointing at a link brings the parts hydrated with navigation (React's props on the footer),
    // with the search button working, but no client navigation.
    await page.locator('.docs-sidebar a[href="/quickstart"]').hover();
    await page.waitForFunction(() => Object.keys(document.querySelector('footer')!).some((k) => k.startsWith('__reactProps')));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('dialog', { name: 'Search' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Search' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dataset.navigation)).toBe('on-demand');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await page.locator('.docs-sidebar a[href="/quickstart"]').click();
    await page.waitForURL(/\/quickstart$/);
    await page.waitForLoadState('load');
    expect(documents).toEqual(['/quickstart']);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
  });

  it('loads another kind of page in full when its module cannot be downloaded', async () => {
    const { page } = await openBlocking(/\/assets\/js\/blog\.[A-Z0-9]+\.js$/, '/rules');
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname);
    });
    await page.locator('.navbar-items a[href="/blog"]').click();
    await page.waitForURL(/\/blog$/);
    await page.waitForLoadState('load');
    expect(documents).toEqual(['/blog']);
    // Served as HTML, it reads without its script.
    expect(await page.locator('main h1, main h2').first().isVisible()).toBe(true);
  });
});
