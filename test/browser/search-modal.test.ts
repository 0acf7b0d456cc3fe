import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, goto, hydrated, noBrowser, useBrowser, waitForRoute, whenIdle } from './harness.ts';

// Issue 6 › Modal: shortcuts, placeholder, results as you type grouped by page, keyboard
// navigation, focus, recent searches, "See all", no results, failure, contextual search and the
// bytes of a first query. All against the real site's local index.

const tabs = useBrowser();

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const input = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search docs' });
const options = (page: Page) => dialog(page).getByRole('option');
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

/** Whether the focused element is inside the dialog, and what it is. */
const focus = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return { inDialog: !!el?.closest('[role="dialog"]'), tag: el?.tagName.toLowerCase(), text: el?.textContent?.trim().slice(0, 30) };
});

/** Types `query` into a freshly opened modal at once and waits for its first results. */
async function search(page: Page, query: string): Promise<void> {
  await input(page).fill(query);
  await options(page).first().waitFor();
}

/** Paths of the search-index files the page requests from now on. */
function recordIndexRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/search-index/')) paths.push(pathname);
  });
  return paths;
}

/** A marker on `window` survives client navigations and is gone after a full load. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(noBrowser)('search modal', () => {
  it('opens from the navbar button, Ctrl+K, Meta+K and `/`, fetching nothing until used', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const requested = recordIndexRequests(page);
    await searchButton(page).click();
    expect(await input(page).getAttribute('placeholder')).toBe('Search docs');
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog(page).count()).toBe(0);
    for (const keys of ['Control+k', 'Meta+k', 'Control+K', '/']) {
      await page.keyboard.press(keys);
      // The modal's module may still be arriving: wait for it, as a reader would.
      await input(page).waitFor();
      // `/` opens the modal without typing itself into the input.
      expect(await input(page).inputValue()).toBe('');
      await page.keyboard.press('Escape');
      expect(await dialog(page).count()).toBe(0);
    }
    // Opening is not using: the index loads with the first query.
    expect(requested).toEqual([]);
  });

  it('closes at Esc wherever focus is, the modal and the early box before it', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await searchButton(page).click();
    await input(page).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    expect(await dialog(page).count()).toBe(0);
    // Before the scripts: the head script's early box.
    const early = await tabs.open();
    await goto(early.page, '/rules', { hydrate: false });
    await early.page.keyboard.press('Control+k');
    await early.page.locator('#search-early').waitFor();
    await early.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await early.page.keyboard.press('Escape');
    expect(await early.page.locator('.search-modal-root').count()).toBe(0);
  });

  it('leaves `/` alone while typing in an input or a textarea', async () => {
    const { page } = await tabs.open({ path: '/search' });
    const field = page.locator('#search-page-input');
    await field.click();
    await page.keyboard.type('a/b');
    expect(await field.inputValue()).toBe('a/b');
    expect(await dialog(page).count()).toBe(0);

    // Hydrated, or the `/` shortcut would not be listened for and this would prove nothing.
    await goto(page, '/this-page-does-not-exist');
    await page.locator('#not-found-q').click();
    await page.keyboard.type('x/y');
    expect(await page.locator('#not-found-q').inputValue()).toBe('x/y');
    expect(await dialog(page).count()).toBe(0);

    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('textarea')));
    await page.locator('main textarea').click();
    await page.keyboard.type('1/2');
    expect(await page.locator('main textarea').inputValue()).toBe('1/2');
    expect(await dialog(page).count()).toBe(0);
    // Outside a field `/` opens search again.
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    // The modal's module is fetched at the first opening on this page: wait for it.
    await input(page).waitFor();
    expect(await input(page).inputValue()).toBe('');
  });

  it('shows results as you type, grouped by page, with the section and a marked snippet', async () => {
    const { page } = await tabs.open({ path: '/' });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('head-to-he', { delay: 30 });
    // Results for the unfinished word (a prefix) appear before the query is complete.
    await options(page).first().waitFor();
    await page.keyboard.type('ad collision', { delay: 30 });
    const rules = dialog(page).getByRole('group', { name: 'Rules', exact: true });
    await rules.waitFor();
    const hit = rules.getByRole('option').filter({ hasText: 'Head-to-head collisions' }).first();
    expect(await hit.getAttribute('href')).toBe('/rules#head-to-head-collisions');
    expect(await hit.locator('.search-hit-title').innerText()).toBe('Head-to-head collisions');
    // Until the finished query's results replace those of `head-to-he`, marks may differ.
    const marked = () => hit.locator('.search-hit-snippet mark').allInnerTexts();
    await expect.poll(async () => (await marked()).map((t) => t.toLowerCase()).sort())
      .toSatisfy((words: string[]) => words.length > 0 && words.every((t) => /^(heads?|collisions?)$/.test(t)));
    // Every group holds the hits of one page, and no page has two groups.
    const groups = await dialog(page).getByRole('group').evaluateAll((els) => els.map((g) => ({
      title: g.getAttribute('aria-label'),
      pages: [...new Set([...g.querySelectorAll('[role="option"]')].map((a) => a.getAttribute('href')!.split('#')[0]))],
    })));
    expect(groups.length).toBeGreaterThan(2);
    expect(groups.every((g) => g.pages.length === 1)).toBe(true);
    expect(new Set(groups.map((g) => g.pages[0])).size).toBe(groups.length);
  });

  it('moves the selection with the arrows and opens the selected hit with Enter, by client navigation', async () => {
    const { page } = await tabs.open({ path: '/' });
    await mark(page);
    await page.keyboard.press('Control+k');
    await search(page, 'royale shrink');
    const selected = () => dialog(page).locator('[role="option"][aria-selected="true"]');
    const active = () => input(page).getAttribute('aria-activedescendant');
    expect(await selected().getAttribute('id')).toBe('search-hit-0');
    expect(await active()).toBe('search-hit-0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await selected().getAttribute('id')).toBe('search-hit-2');
    expect(await active()).toBe('search-hit-2');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('search-hit-1');
    expect(await selected().count()).toBe(1);
    const href = (await selected().getAttribute('href'))!;
    expect(href).toMatch(/^\/[^#]+#[\w-]+$/);
    await page.keyboard.press('Enter');
    const [path, hash] = href.split('#');
    await waitForRoute(page, path);
    expect(new URL(page.url()).hash).toBe(`#${hash}`);
    expect(await dialog(page).count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    // The hash target is scrolled into view.
    await expect.poll(() => page.locator(`[id="${hash}"]`).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(250);
  });

  it('traps focus inside while open and returns it to the trigger on close', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await searchButton(page).click();
    await search(page, 'flood fill');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect((await focus(page)).inDialog, `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focus(page)).inDialog, `Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await dialog(page).count()).toBe(0);
    expect(await searchButton(page).evaluate((el) => el === document.activeElement)).toBe(true);

    // Opened with the keyboard from a focused link, focus goes back to that link.
    const link = page.locator('.docs-sidebar a[href="/quickstart"]');
    await link.focus();
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('remembers recent searches and offers them when the modal opens empty', async () => {
    const { page } = await tabs.open({ path: '/' });
    await page.keyboard.press('Control+k');
    // The first time, the modal's code may still be on its way (it is fetched at the first sign of intent).
    await expect.poll(() => dialog(page).getByText('Type to search the docs and the blog.').isVisible()).toBe(true);
    await search(page, 'flood fill');
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/guides/useful-algorithms');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('search-recent')))!)).toEqual(['flood fill']);

    await page.reload();
    await hydrated(page);
    await page.keyboard.press('Control+k');
    const recent = dialog(page).getByRole('region', { name: 'Recent searches' });
    await recent.waitFor();
    expect(await recent.getByRole('button').allInnerTexts()).toEqual(['flood fill']);
    await recent.getByRole('button', { name: 'flood fill' }).click();
    expect(await input(page).inputValue()).toBe('flood fill');
    await options(page).first().waitFor();
  });

  it('works, without remembering, when localStorage throws', async () => {
    const { page, context } = await tabs.open();
    await context.addInitScript(() => {
      const fail = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      Object.assign(Storage.prototype, { getItem: fail, setItem: fail, removeItem: fail, clear: fail, key: fail });
    });
    await goto(page, '/');
    await page.keyboard.press('Control+k');
    await search(page, 'trueskill');
    await page.keyboard.press('Enter');
    await waitForRoute(page, '/guides/leaderboards');
    await page.keyboard.press('Control+k');
    await expect.poll(() => dialog(page).getByText('Type to search the docs and the blog.').isVisible()).toBe(true);
    expect(await dialog(page).getByRole('region', { name: 'Recent searches' }).count()).toBe(0);
  });

  it('links "See all {count} results" to the search page with the same count', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await mark(page);
    await page.keyboard.press('Control+k');
    await search(page, 'hazard damage');
    const seeAll = dialog(page).getByRole('link', { name: /^See all \d+ results$/ });
    const count = Number(/\d+/.exec(await seeAll.innerText())![0]);
    expect(count).toBeGreaterThan(await options(page).count() - 1);
    expect(await seeAll.getAttribute('href')).toBe('/search?q=hazard%20damage');
    await seeAll.click();
    await waitForRoute(page, '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('hazard damage');
    expect(await sameDocument(page)).toBe(true);
    expect(await page.locator('#search-page-input').inputValue()).toBe('hazard damage');
    await expect.poll(() => page.locator('.search-count').textContent()).toBe(`${count} results for "hazard damage"`);
  });

  it('says when nothing matched, offers suggestions that run, and links to the issues', async () => {
    const { page } = await tabs.open({ path: '/' });
    await page.keyboard.press('Control+k');
    await input(page).fill('xylophonequartz');
    const status = dialog(page).getByRole('status');
    await status.getByText('No results for "xylophonequartz"').waitFor();
    expect(await status.getByText('Try searching for').isVisible()).toBe(true);
    expect(await status.innerText()).toContain('Believe this query should return results? Let us know.');
    const letUsKnow = status.getByRole('link', { name: 'Let us know.' });
    expect(await letUsKnow.getAttribute('href')).toMatch(/^https:\/\/github\.com\/serpent-arena\/docs\/issues(\/|\?|$)/);
    expect(await dialog(page).getByRole('link', { name: /^See all/ }).count()).toBe(0);
    const suggestion = status.getByRole('button').first();
    const suggested = await suggestion.innerText();
    await suggestion.click();
    expect(await input(page).inputValue()).toBe(suggested);
    await options(page).first().waitFor();
  });

  it('says "Unable to fetch results" when the index cannot be fetched, and recovers', async () => {
    const { page } = await tabs.open({ path: '/' });
    await page.route('**/search-index/**', (route) => route.abort());
    await page.keyboard.press('Control+k');
    await input(page).fill('snake');
    const alert = dialog(page).getByRole('alert');
    await alert.getByText('Unable to fetch results').waitFor();
    expect(await alert.getByText('You might want to check your network connection.').isVisible()).toBe(true);
    await page.unroute('**/search-index/**');
    await input(page).fill('snakes');
    await options(page).first().waitFor();
    expect(await alert.count()).toBe(0);
  });

  it('opens for a Ctrl+K or `/` pressed before the page hydrated', async () => {
    // Issue 16 › 1: the shortcut must not be lost (nor reach the browser) while the runtime loads;
    // issue 41 › 2: the box is there at once (the head script's), and the modal takes it over.
    for (const key of ['Control+k', '/']) {
      const { page } = await tabs.open();
      const held: Route[] = [];
      await page.route('**/assets/js/entry.*.js', (route) => { held.push(route); });
      await goto(page, '/rules', { hydrate: false, waitUntil: 'domcontentloaded' });
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      await page.keyboard.press(key);
      // Whatever the key does before the runtime is there, it has done two frames later.
      await afterFrames(page);
      expect(await dialog(page).count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search docs');
      await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(0);
      for (const route of held) await route.continue();
      await page.unroute('**/assets/js/entry.*.js');
      // The modal itself, which took the box's place.
      await input(page).waitFor({ timeout: 60_000 });
      expect(await dialog(page).count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search docs');
      // Typing goes to the search field, not the page.
      expect(await input(page).inputValue()).toBe('');
    }
  });

  it('loads the search code only once search is used, and recovers when that download fails', async () => {
    const { page } = await tabs.open({ path: '/' });
    const engine: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/js\/search-client\.[\w-]+\.js$/.test(new URL(request.url()).pathname)) engine.push(request.url());
    });
    // A first visit, hydrated and scrolled: no search code yet.
    await page.mouse.wheel(0, 400);
    await afterFrames(page);
    await whenIdle(page);
    await afterRequests(page);
    expect(engine).toEqual([]);

    // Every URL of that file, a retry's `?retry=N` included.
    const engineUrl = (url: URL) => /\/assets\/js\/search-client\.[\w-]+\.js$/.test(url.pathname);
    await page.route(engineUrl, (route) => route.abort());
    await page.keyboard.press('Control+k');
    await input(page).fill('snake');
    const alert = dialog(page).getByRole('alert');
    await alert.getByText('Unable to fetch results').waitFor();
    expect(engine.length).toBeGreaterThan(0);

    await page.unroute(engineUrl);
    await input(page).fill('snakes');
    await options(page).first().waitFor({ timeout: 60_000 });
    expect(await alert.count()).toBe(0);
  });

  it('keeps to docs and blog posts in English, and tags blog hits', async () => {
    const { page } = await tabs.open({ path: '/' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.keyboard.press('Control+k');
    await search(page, 'season recap');
    const hits = await options(page).evaluateAll((els) => els.map((a) => ({
      url: a.getAttribute('href')!,
      group: a.closest('[role="group"]')!.getAttribute('aria-label')!,
    })));
    const blog = hits.filter((h) => h.url.startsWith('/blog/'));
    expect(blog.length).toBeGreaterThan(0);
    // Posts only: no list, archive, tag or search pages.
    expect(blog.every((h) => /^\/blog\/\d{4}\/\d{2}\/\d{2}\/[\w-]+(#[\w-]+)?$/.test(h.url))).toBe(true);
    expect(blog.every((h) => h.group.endsWith(' · Blog'))).toBe(true);
    expect(hits.filter((h) => !h.url.startsWith('/blog/')).every((h) => !h.group.endsWith(' · Blog'))).toBe(true);
    expect(hits.some((h) => /^\/(search|blog\/(page|archive|tags))/.test(h.url))).toBe(false);
  });

  it('fetches only a few small files for a first query (bytes printed)', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const responses: { path: string; encoding?: string; bytes: Promise<{ body: number; headers: number }> }[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.startsWith('/search-index/')) return;
      const bytes = response.request().sizes().then((s) => ({ body: s.responseBodySize, headers: s.responseHeadersSize }));
      responses.push({ path: pathname, encoding: response.headers()['content-encoding'], bytes });
    });
    await page.keyboard.press('Control+k');
    await afterFrames(page);
    expect(responses).toEqual([]);
    await search(page, 'head-to-head collision');
    const sizes = await Promise.all(responses.map((r) => r.bytes));
    const body = sizes.reduce((sum, s) => sum + s.body, 0);
    const headers = sizes.reduce((sum, s) => sum + s.headers, 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`Search, first query on the real site ("head-to-head collision"): ${responses.length} files, ${kb(body)} of bodies as served (gzip) + ${kb(headers)} of headers = ${kb(body + headers)} transferred`);
    expect(responses[0].path).toBe('/search-index/manifest.json');
    // The rest were gzipped by the build, and are served as they are.
    expect(responses.length).toBeGreaterThan(1);
    expect(responses.slice(1).filter((r) => !r.path.endsWith('.json.gz') || r.encoding !== undefined)).toEqual([]);
    expect(new Set(responses.map((r) => r.path)).size).toBe(responses.length);
  });
});
