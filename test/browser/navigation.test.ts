import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, emulateConnection, goto, noBrowser, pageData, recordPageFetches, routePageFetch, useBrowser, waitForRoute } from './harness.ts';

// Issue 5: client-side navigation (each page's data read from its fetched HTML), scroll and
// focus handling, the progress bar, the load error catalogue, prefetching and URL normalisation. Failures are injected
// with request interception.

const tabs = useBrowser();

/** Clicks a link from page script, so Playwright does not scroll it into view first. */
function clickLink(page: Page, selector: string): Promise<void> {
  return page.evaluate((s) => {
    const link = document.querySelector<HTMLAnchorElement>(s);
    if (!link) throw new Error(`No link ${s}`);
    link.click();
  }, selector);
}

const sidebarLink = (route: string) => `.docs-sidebar a[href="${route}"]`;

/** Records, from now on, whether a progress bar was ever in the page (read with {@link progressBarSeen}). */
async function watchProgressBar(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { progressBarSeen: boolean };
    w.progressBarSeen = false;
    new MutationObserver(() => { w.progressBarSeen ||= !!document.querySelector('[role="progressbar"]'); })
      .observe(document.body, { childList: true, subtree: true });
  });
}

function progressBarSeen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { progressBarSeen: boolean }).progressBarSeen);
}

/**
 * Lets work already queued in the page run (React renders a state change in a later task, posted
 * as a message): three message round trips, none of them timers, which the paused clock holds.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** Text of the headings in the article, as the TOC should list them (h2–h3). */
function articleHeadings(page: Page) {
  return page.locator('article .markdown').locator('h2[id], h3[id]').evaluateAll((hs) => hs.map((h) => `#${h.id}`));
}

describe.skipIf(noBrowser)('client-side navigation', () => {
  it('fetches only the target page and updates title, meta, sidebar, breadcrumbs, TOC and history', async () => {
    const { page } = await tabs.open();
    const target = await pageData(page, '/quickstart');
    const fetched = recordPageFetches(page);
    const fetchedPaths: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') fetchedPaths.push(new URL(r.url()).pathname);
    });
    await goto(page, '/rules');
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    const historyLength = await page.evaluate(() => history.length);

    await page.locator(sidebarLink('/quickstart')).click();
    await waitForRoute(page, '/quickstart');

    expect(requests.filter((r) => r.resourceType() === 'document').map((r) => r.url())).toEqual([]);
    // The target page, once (prefetched when its link became visible, or loaded on click): its
    // data file, not its whole HTML (issue 41 › 4).
    expect(fetched.filter((r) => r === '/quickstart')).toHaveLength(1);
    expect(fetchedPaths).toContain('/_pages/quickstart.json');
    expect(fetchedPaths).not.toContain('/quickstart');
    // Everything else loaded since is a prefetched page, an image or a script the runtime
    // fetches when idle (the other page modules, the search modal…); no page was loaded.
    const other = requests.filter((r) => r.resourceType() !== 'fetch').map((r) => new URL(r.url()).pathname);
    expect(other.filter((u) => !u.startsWith('/assets/js/') && !/\.(svg|png|webp|jpe?g)$/.test(u))).toEqual([]);

    expect(await page.title()).toBe(target.head.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(target.head.description);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe('https://serpentarena.dev/quickstart');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allInnerTexts()).toEqual(['Quickstart']);
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).locator('[aria-current="page"]').innerText()).toBe('Quickstart');
    const toc = await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(toc).toEqual(await articleHeadings(page));
    expect(toc).toEqual(target.toc!.map((t) => `#${t.id}`));
    expect(await page.evaluate(() => history.length)).toBe(historyLength + 1);
    expect(page.url()).toMatch(/\/quickstart$/);
  });

  it('reads the target page from its HTML on a site without data files (over 2,000 pages)', async () => {
    const { page, context } = await tabs.open();
    // The site data of a site that big says so (SiteData.pageDataFiles); the pages are the same.
    await context.route(/\/_chunks\/site\.[0-9a-f]+\.json$/, async (route) => {
      const site = await (await route.fetch()).json() as { pageDataFiles: boolean };
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...site, pageDataFiles: false }) });
    });
    const fetchedPaths: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') fetchedPaths.push(new URL(r.url()).pathname);
    });
    await goto(page, '/rules');
    await clickLink(page, sidebarLink('/quickstart'));
    await waitForRoute(page, '/quickstart');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
    expect(await page.locator('.docs-sidebar [aria-current="page"]').allInnerTexts()).toEqual(['Quickstart']);
    expect(fetchedPaths).toContain('/quickstart');
    expect(fetchedPaths.filter((p) => p.startsWith('/_pages/'))).toEqual([]);
  });

  it('scrolls to the top, moves focus to the main content and announces the new title', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await page.evaluate(() => window.scrollTo(0, 3000));
    await clickLink(page, 'footer a[href="/faq"]');
    await waitForRoute(page, '/faq');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    const announcer = page.locator('#route-announcer');
    expect(await announcer.getAttribute('aria-live')).toBe('assertive');
    expect(await announcer.textContent()).toBe((await pageData(page, '/faq')).title);
  });

  it('scrolls to the #hash target of the new page', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/rules#hazards', textContent: 'Hazards' });
      document.querySelector('article .markdown')!.prepend(a);
    });
    await page.getByRole('link', { name: 'Hazards', exact: true }).click();
    await waitForRoute(page, '/rules');
    expect(new URL(page.url()).hash).toBe('#hazards');
    const top = await page.locator('#hazards').evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(160);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  it('restores scroll positions on back and forward: the same text at the same height', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await page.evaluate(() => window.scrollTo(0, 2400));
    await afterFrames(page);
    const onRules = await blockAtTop(page);
    expect(onRules.text.length).toBeGreaterThan(0);
    await clickLink(page, sidebarLink('/quickstart'));
    await waitForRoute(page, '/quickstart');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await afterFrames(page);
    const onQuickstart = await blockAtTop(page);

    await page.goBack({ waitUntil: 'commit' });
    await waitForRoute(page, '/rules');
    await expect.poll(() => blockAtTop(page)).toEqual(onRules);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Rules');

    await page.goForward({ waitUntil: 'commit' });
    await waitForRoute(page, '/quickstart');
    await expect.poll(() => blockAtTop(page)).toEqual(onQuickstart);
  });

  it('leaves modified clicks, target=_blank and external links to the browser', async () => {
    const { page, context } = await tabs.open({ path: '/rules' });
    const link = page.locator(sidebarLink('/quickstart'));
    for (const modifier of ['Control', 'Shift'] as const) {
      const opened = context.waitForEvent('page');
      await link.click({ modifiers: [modifier] });
      const other = await opened;
      await other.waitForURL('**/quickstart');
      await other.close();
      expect(new URL(page.url()).pathname, `${modifier}+click`).toBe('/rules');
    }
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/faq', target: '_blank', textContent: 'FAQ in a new tab' });
      document.querySelector('article .markdown')!.prepend(a);
    });
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'FAQ in a new tab' }).click();
    await (await opened).waitForURL('**/faq');
    expect(new URL(page.url()).pathname).toBe('/rules');

    // External: a full navigation away (answered locally, nothing leaves the machine).
    await context.route('https://github.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>GitHub stand-in</title>' }));
    await page.getByRole('link', { name: 'Serpent Arena on GitHub' }).click();
    await page.waitForURL('https://github.com/serpent-arena');
    expect(await page.title()).toBe('GitHub stand-in');
  });

  it('does not intercept clicks with Ctrl, Meta, Shift or Alt, nor links with a target or download', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const intercepted = (init: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>>, attributes: Record<string, string> = {}) => page.evaluate(({ init, attributes }) => {
      const a = Object.assign(document.createElement('a'), { href: '/faq', textContent: 'FAQ' });
      for (const [k, v] of Object.entries(attributes)) a.setAttribute(k, v);
      document.querySelector('article .markdown')!.prepend(a);
      let prevented = false;
      // Runs after the runtime's document listener; stops the browser's own navigation.
      const after = (event: Event) => { prevented = event.defaultPrevented; event.preventDefault(); };
      window.addEventListener('click', after, { once: true });
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      a.remove();
      return prevented;
    }, { init, attributes });
    expect(await intercepted({})).toBe(true);
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey']) expect(await intercepted({ [key]: true }), key).toBe(false);
    expect(await intercepted({}, { target: '_blank' })).toBe(false);
    expect(await intercepted({}, { download: '' })).toBe(false);
    // The intercepted click above navigated on the client; wait for it before the test ends.
    await waitForRoute(page, '/faq');
  });

  it('leaves in-page #hash links to the browser, and back/forward between them keeps the page', async () => {
    const { page } = await tabs.open();
    const fetched = recordPageFetches(page);
    await goto(page, '/rules');
    const announced = () => page.locator('#route-announcer').textContent();
    await page.evaluate(() => window.scrollTo(0, 500));
    await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Food', exact: true }).click();
    await page.waitForURL('**/rules#food');
    await afterFrames(page);
    const top = () => page.locator('#food').evaluate((h) => Math.round(h.getBoundingClientRect().top));
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await top()).toBeLessThan(160);
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
    await page.goForward({ waitUntil: 'commit' });
    await expect.poll(top).toBeLessThan(160);
    // Neither a page load nor a client navigation happened.
    expect(fetched.filter((r) => r === '/rules')).toEqual([]);
    expect(await announced()).toBe('');
  });
});

/**
 * Stops the page's installed clock where it is now (to the millisecond a second ahead, the least
 * `pauseAt` accepts as "the future" with room to reach it). On a busy machine more than that
 * second can pass between reading the page's time and the pause: then Playwright refuses ("Cannot
 * fast-forward to the past"), and the pause is asked for again from the page's new time.
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      return;
    } catch (error) {
      if (attempt >= 5 || !/fast-forward to the past/.test((error as Error).message)) throw error;
    }
  }
}

describe.skipIf(noBrowser)('progress bar and load errors', () => {
  /**
   * /rules, with the client's fetches of `/quickstart` answered by `handler` from the start: its
   * prefetch (the sidebar link is in view) gets the same answer as the click, and a failed
   * prefetch is forgotten, so the click is what loads the page.
   */
  async function openWithQuickstart(handler: Parameters<typeof routePageFetch>[2]) {
    const tab = await tabs.open();
    const unroute = await routePageFetch(tab.page, '/quickstart', handler);
    await goto(tab.page, '/rules');
    return { ...tab, unroute };
  }

  it('shows the progress bar only after 200 ms of loading', async () => {
    // The page's clock is Playwright's: time moves only when the test says so, so "200 ms"
    // means 200 ms of the page's timers however busy the machine is. The page's fetch is held
    // until the test releases it.
    // The prefetch, started when the sidebar link came into view, is held too: the click waits for it.
    const { page } = await tabs.open();
    await page.clock.install();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await routePageFetch(page, '/quickstart', async (route) => {
      await held;
      await route.continue();
    });
    await goto(page, '/rules');
    await watchProgressBar(page);
    await pauseClock(page);
    await clickLink(page, sidebarLink('/quickstart'));
    await page.clock.runFor(199);
    await settle(page);
    expect(await progressBarSeen(page), 'progress bar before 200 ms').toBe(false);
    await page.clock.runFor(2);
    await expect.poll(() => progressBarSeen(page)).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading page');
    release();
    await page.clock.resume();
    await waitForRoute(page, '/quickstart');
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });

  it('shows no progress bar when the page is already there', async () => {
    // Prefetched, as its sidebar link is visible. The page's clock stands still from the click
    // on, so however long the machine takes to show the page, it is less than 200 ms to the page.
    const { page } = await tabs.open();
    await page.clock.install();
    const loaded = page.waitForResponse((r) => r.request().resourceType() === 'fetch' && r.url().endsWith('/_pages/quickstart.json'));
    await goto(page, '/rules');
    await (await loaded).finished();
    await afterFrames(page);
    await watchProgressBar(page);
    await pauseClock(page);
    await clickLink(page, sidebarLink('/quickstart'));
    await expect.poll(() => page.evaluate(() => window.location.pathname === '/quickstart' && !!document.querySelector('main h1'))).toBe(true);
    // The timer was cleared with the page shown: time passing now brings no bar either.
    await page.clock.runFor(1000);
    await settle(page);
    expect(await progressBarSeen(page)).toBe(false);
    await page.clock.resume();
    await waitForRoute(page, '/quickstart');
  });

  it('shows an error with Retry when the page cannot be fetched, and Retry works once unblocked', async () => {
    const { page, unroute } = await openWithQuickstart((route) => route.abort('internetdisconnected'));
    await clickLink(page, sidebarLink('/quickstart'));
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    expect(await page.getByRole('alert').innerText()).toMatch(/could not be loaded/i);
    expect(new URL(page.url()).pathname).toBe('/quickstart');
    // Still failing: the error stays.
    await retry.click();
    await afterFrames(page);
    await retry.waitFor();
    await unroute();
    await retry.click();
    // The address shows /quickstart since the first try: wait for the page itself.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
    await waitForRoute(page, '/quickstart');
    expect(await retry.count()).toBe(0);
  });

  it.each([
    ['HTTP 404', 404, 'nope'],
    ['HTTP 500', 500, 'nope'],
    // Such as a redirect page: HTML without the site's page data.
    ['a page that is not one of the site', 200, '<!doctype html><title>Moved</title><p>Moved.</p>'],
  ])('loads the page in full when its fetch answers %s', async (_, status, body) => {
    const { page } = await openWithQuickstart((route) => route.fulfill({ status, body, contentType: 'text/html' }));
    const documentRequest = page.waitForRequest((r) => r.resourceType() === 'document' && r.url().endsWith('/quickstart'));
    await clickLink(page, sidebarLink('/quickstart'));
    await documentRequest;
    await page.waitForLoadState('load');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Quickstart');
  });
});

describe.skipIf(noBrowser)('prefetching', () => {
  it('prefetches on hover, on touch start and when visible, at most once per route', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const fetched = recordPageFetches(page);
    await afterFrames(page);
    // Links in closed sidebar categories are neither visible nor hovered yet.
    expect(fetched).not.toContain('/maps/royale');
    await page.dispatchEvent('.docs-sidebar a[href="/maps/royale"]', 'mouseover');
    await expect.poll(() => fetched).toContain('/maps/royale');
    await page.dispatchEvent('.docs-sidebar a[href="/maps/standard"]', 'touchstart');
    await expect.poll(() => fetched).toContain('/maps/standard');
    // Footer links load when scrolled into view.
    expect(fetched).not.toContain('/policies/terms');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => fetched).toContain('/policies/terms');
    // Hovering, touching and seeing again fetches nothing more.
    for (const route of ['/maps/royale', '/maps/standard', '/policies/terms']) {
      await page.dispatchEvent(`a[href="${route}"]`, 'mouseover');
      await page.dispatchEvent(`a[href="${route}"]`, 'touchstart');
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Prefetches start on the event or in the visibility callback of the next frames.
    await afterFrames(page);
    await afterRequests(page);
    const counts = new Map<string, number>();
    for (const route of fetched) counts.set(route, (counts.get(route) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    // A prefetched route navigates without another request.
    await clickLink(page, 'a[href="/maps/royale"]');
    await waitForRoute(page, '/maps/royale');
    expect(fetched.filter((r) => r === '/maps/royale')).toHaveLength(1);
  });

  it.each([
    ['effectiveType 2g', { effectiveType: '2g', saveData: false }],
    ['saveData', { effectiveType: '4g', saveData: true }],
  ])('does not prefetch with %s, but still navigates on click', async (_, connection) => {
    const tab = await tabs.open();
    await emulateConnection(tab.context, connection);
    const fetched = recordPageFetches(tab.page);
    await goto(tab.page, '/rules');
    await tab.page.dispatchEvent('.docs-sidebar a[href="/maps/royale"]', 'mouseover');
    await tab.page.dispatchEvent('.docs-sidebar a[href="/maps/standard"]', 'touchstart');
    await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await afterFrames(tab.page);
    await afterRequests(tab.page);
    expect(fetched).toEqual([]);
    await clickLink(tab.page, sidebarLink('/faq'));
    await waitForRoute(tab.page, '/faq');
    expect(fetched).toEqual(['/faq']);
  });
});

describe.skipIf(noBrowser)('URL normalisation', () => {
  it.each([
    ['/quickstart.html?ref=x#step-1', '/quickstart', '/quickstart?ref=x#step-1'],
    ['/api/index.html?ref=x#top', '/api', '/api?ref=x#top'],
    ['/getting-started/?ref=x', '/getting-started', '/getting-started?ref=x'],
  ])('shows %s as the clean path', async (url, route, expected) => {
    const { page, context } = await tabs.open();
    // Hosts that serve `x.html` as is (no redirect): answer with the page of the clean route.
    const rawPath = url.split(/[?#]/)[0];
    await context.route((u) => u.pathname === rawPath, async (r) => {
      r.fulfill({ response: await r.fetch({ url: new URL(route, r.request().url()).href }) });
    });
    await goto(page, url);
    const { pathname, search, hash } = new URL(page.url());
    expect(pathname + search + hash).toBe(expected);
  });

  it('is also done by the static server with a redirect', async () => {
    const { page } = await tabs.open();
    await goto(page, '/quickstart.html?ref=x');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/quickstart?ref=x');
  });
});

describe.skipIf(noBrowser)('loading the hydration entry', () => {
  it('requests the entry module only after the first contentful paint, then hydrates', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    expect(await page.locator('script[type="module"][src]').count()).toBe(1);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/js\/entry\.[^/]+\.js$/.test(r.name));
      return { paint: paint?.startTime, entry: entry?.startTime };
    });
    expect(timing.paint).toBeGreaterThan(0);
    expect(timing.entry).toBeGreaterThanOrEqual(timing.paint!);
    // The markup itself carries no module script: the inline colour-mode script adds it.
    const html = await (await page.request.get(page.url())).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).toMatch(/"\/assets\/js\/entry\.[^"]+\.js"/);
  });
});

/** The article's first block still showing at the top of the viewport: its text's start, and its top. */
function blockAtTop(page: Page): Promise<{ text: string; top: number }> {
  return page.evaluate(() => {
    const block = [...document.querySelectorAll('main .markdown > *')].find((b) => b.getBoundingClientRect().bottom > 0)!;
    return { text: (block.textContent ?? '').trim().slice(0, 60), top: Math.round(block.getBoundingClientRect().top) };
  });
}
