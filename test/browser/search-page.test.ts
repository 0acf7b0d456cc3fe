import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, hold, hydrated, noBrowser, REACT, useBrowser, waitForRoute } from './harness.ts';

// Issue 6 › Search page `/search?q=…` (direct load, typing with replaceState, reload,
// back/forward, no JavaScript) and › Security (a query is never inserted as HTML).

const tabs = useBrowser();

const field = (page: Page) => page.locator('#search-page-input');
const hits = (page: Page) => page.locator('.search-page-hit');
const query = (page: Page) => new URL(page.url()).searchParams.get('q');

/** Waits until the page lists results whose titles and snippets mention `word`. */
async function resultsFor(page: Page, word: RegExp): Promise<void> {
  await expect.poll(async () => {
    const marks = await hits(page).locator('mark').allInnerTexts();
    return marks.length > 0 && marks.some((m) => word.test(m));
  }, { timeout: 60_000 }).toBe(true);
}

/** Opens the modal, searches `q` and follows "See all" (a client navigation, pushState). */
async function seeAll(page: Page, q: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox').fill(q);
  await dialog.getByRole('link', { name: /^See all \d+ results$/ }).click();
  await waitForRoute(page, '/search');
  await expect.poll(() => query(page)).toBe(q);
}

describe.skipIf(noBrowser)('search page', () => {
  it('reflects q on a direct load and lists results with marked snippets', async () => {
    const { page } = await tabs.open({ path: '/search?q=flood%20fill' });
    expect(await field(page).inputValue()).toBe('flood fill');
    expect(await field(page).getAttribute('placeholder')).toBe('Search docs');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Search results for "flood fill"');
    await resultsFor(page, /^flood$/i);
    expect(await page.locator('.search-count').innerText()).toMatch(/^\d+ results? for "flood fill"$/);
    const first = hits(page).first().getByRole('link');
    expect(await first.getAttribute('href')).toMatch(/^\/guides\/useful-algorithms(#|$)/);
    expect(await first.locator('.search-page-hit-page').innerText()).toBe('Useful Algorithms');
    expect(await first.locator('.search-hit-snippet').innerText()).toMatch(/flood/i);
  });

  it('shows q in its box from the first frame of a direct load, before hydration, and says the results are loading (issue 41)', async () => {
    const { page } = await tabs.open();
    const react = await hold(page, REACT);
    // What the first frame with the box drew, read in it (a frame's callback comes before its
    // paint; on a busy machine a frame may come while the parser has not reached the box yet).
    await page.addInitScript(() => {
      const frame = () => {
        const box = document.getElementById('search-page-input') as HTMLInputElement | null;
        if (box) (window as unknown as { __first: unknown }).__first = { value: box.value };
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await goto(page, '/search?q=hazard%20damage', { hydrate: false });
    expect(await page.evaluate(() => (window as unknown as { __first: unknown }).__first)).toMatchObject({ value: 'hazard damage' });
    expect(await field(page).inputValue()).toBe('hazard damage');
    const before = await page.evaluate(() => ({
      suggestions: document.querySelector('.search-suggested')?.getClientRects().length,
      count: getComputedStyle(document.querySelector('.search-count')!, '::after').content,
      top: document.querySelector('.search-count')!.getBoundingClientRect().top,
    }));
    expect(before).toMatchObject({ suggestions: 0, count: '"Loading search results…"' });
    react.release();
    await resultsFor(page, /hazard/i);
    expect(await field(page).inputValue()).toBe('hazard damage');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-search-query'))).toBe(false);
    // The count line did not move when the page's own took over.
    expect(await page.evaluate(() => document.querySelector('.search-count')!.getBoundingClientRect().top)).toBe(before.top);
  });

  it('updates q with replaceState as you type, and keeps it on reload', async () => {
    const { page } = await tabs.open({ path: '/search?q=flood' });
    await resultsFor(page, /^flood$/i);
    const length = await page.evaluate(() => history.length);
    await field(page).click();
    await field(page).press('End');
    await page.keyboard.type(' fill', { delay: 20 });
    await expect.poll(() => query(page)).toBe('flood fill');
    expect(await page.evaluate(() => history.length)).toBe(length);
    await field(page).fill('');
    await expect.poll(() => query(page)).toBe(null);
    expect(new URL(page.url()).pathname).toBe('/search');
    await field(page).fill('trueskill');
    await expect.poll(() => query(page)).toBe('trueskill');
    expect(await page.evaluate(() => history.length)).toBe(length);

    await page.reload();
    await hydrated(page);
    expect(await field(page).inputValue()).toBe('trueskill');
    await resultsFor(page, /^trueskill$/i);
  });

  it('goes back and forward between two queries reached by client navigation', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await seeAll(page, 'hazard');
    await resultsFor(page, /^hazards?$/i);
    await seeAll(page, 'royale');
    await resultsFor(page, /^royale$/i);
    expect(await field(page).inputValue()).toBe('royale');

    await page.goBack();
    await expect.poll(() => query(page)).toBe('hazard');
    await expect.poll(() => field(page).inputValue()).toBe('hazard');
    await resultsFor(page, /^hazards?$/i);
    await page.goForward();
    await expect.poll(() => query(page)).toBe('royale');
    await expect.poll(() => field(page).inputValue()).toBe('royale');
    await resultsFor(page, /^royale$/i);
    await page.goBack();
    await page.goBack();
    await waitForRoute(page, '/rules');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('says that search needs JavaScript when it is off, and lists every docs page and the sitemap instead', async () => {
    const { page } = await tabs.open({ path: '/search?q=rules', javaScriptEnabled: false });
    // (Playwright's text locators skip <noscript>, so the paragraph is found by class.)
    const note = page.locator('.search-noscript');
    expect(await note.isVisible()).toBe(true);
    expect(await note.innerText()).toMatch(/^Search needs JavaScript\./);
    expect(await hits(page).count()).toBe(0);
    const linked = await note.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(linked).toContain('/sitemap.xml');
    // Every docs page the sitemap lists is linked.
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    const docs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
      .filter((p) => !/^\/(blog|search)(\/|$)/.test(p));
    expect(docs.length).toBeGreaterThan(20);
    expect(docs.filter((p) => !linked.includes(p))).toEqual([]);
    // Nothing that would do nothing: no box, no hint to type, no suggested searches (buttons).
    const { page: empty } = await tabs.open({ path: '/search', javaScriptEnabled: false });
    const dead = await empty.evaluate(() => [...document.querySelectorAll('main input, main button, main .search-hint')].filter((e) => (e as HTMLElement).checkVisibility()).map((e) => e.outerHTML.slice(0, 80)));
    expect(dead).toEqual([]);
    expect(await empty.locator('.search-noscript').isVisible()).toBe(true);
  });

  it('has the focus in its box on arrival, and keeps what was typed before hydration', async () => {
    const { page } = await tabs.open();
    const react = await hold(page, REACT);
    await goto(page, '/search', { hydrate: false });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-page-input');
    await page.keyboard.type('hazard');
    react.release();
    await resultsFor(page, /hazard/i);
    expect(await field(page).inputValue()).toBe('hazard');
    expect(query(page)).toBe('hazard');
  });

  it('offers searches to try (and the last ones) while the query is empty', async () => {
    const { page } = await tabs.open({ path: '/search' });
    const tries = page.getByRole('region', { name: 'Suggested searches' }).getByRole('button');
    expect(await tries.count()).toBeGreaterThan(2);
    await tries.first().click();
    await expect.poll(() => hits(page).count()).toBeGreaterThan(0);
    expect(query(page)).toBe(await field(page).inputValue());
  });

  it('shows a table row in a snippet with its cells apart, not run together (issue 41)', async () => {
    const { page } = await tabs.open({ hydrate: false });
    // A word found on a page only in the first cell of a table's rows (so that a cell follows it),
    // as a reader might search for it: the first such word of these pages of settings and fields.
    let found: { route: string; word: string } | undefined;
    for (const route of ['/maps/royale', '/maps/constrictor', '/maps/snail-mode', '/api/objects/ruleset-settings', '/api/objects/game', '/api/objects/board']) {
      await goto(page, route, { hydrate: false });
      const word = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('.markdown tbody tr > td:first-child')].map((c) => (c.textContent ?? '').trim());
        const prose = [...document.querySelectorAll('.markdown p, .markdown li, .markdown h1, .markdown h2, .markdown h3')].map((p) => p.textContent ?? '').join(' ');
        return cells.find((w) => /^[A-Za-z]{8,}$/.test(w) && !prose.includes(w));
      });
      if (word) {
        found = { route, word };
        break;
      }
    }
    expect(found, 'a page of these with a word only in its tables').toBeTruthy();
    const { route, word } = found!;
    await goto(page, `/search?q=${word}`);
    // This page's hits that show the word: each a table row, its cells apart (other pages may name it in prose).
    const own = page.locator(`.search-page-hit > a[href^="${route}"] .search-hit-snippet`);
    await expect.poll(() => own.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const snippets = await own.allInnerTexts();
    const rows = snippets.filter((s) => s.includes(word));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((s) => s.includes(`${word} · `)), rows.join('\n')).toBe(true);
  });

  it('offers the reader\'s last searches, made in the modal, and hydrates as the server drew the page', async () => {
    const tab = await tabs.open({ path: '/rules' });
    await tab.page.keyboard.press('Control+k');
    await tab.page.getByRole('dialog', { name: 'Search' }).getByRole('combobox').fill('hazard');
    await tab.page.getByRole('dialog', { name: 'Search' }).getByRole('option').first().waitFor();
    await tab.page.keyboard.press('Enter');
    // The search page of the same reader: hydration must not meet a list the server did not draw
    // (an uncaught hydration error fails the test).
    const { page } = await tabs.another(tab, '/search');
    await expect.poll(() => page.getByRole('region', { name: 'Recent searches' }).getByRole('button').allInnerTexts()).toEqual(['hazard']);
  });

  it('opens no modal over itself at `/`: the key goes to its own box', async () => {
    const { page } = await tabs.open({ path: '/search?q=hazard' });
    await resultsFor(page, /hazard/i);
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.getByRole('dialog', { name: 'Search' }).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-page-input');
    expect(await field(page).inputValue()).toBe('hazard');
  });

  it('shows the whole query on a phone: the title does not cut it short', async () => {
    const long = 'head-to-head collisions with longer snakes';
    const { page } = await tabs.open({ path: `/search?q=${encodeURIComponent(long)}`, width: 375 });
    await resultsFor(page, /head/i);
    const clipped = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('main h1, main .search-count')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className));
    expect(clipped).toEqual([]);
    const shown = await page.locator('main').evaluate((main) => (main as HTMLElement).innerText);
    expect(shown).toContain(`"${long}"`);
  });
});

describe.skipIf(noBrowser)('search security', () => {
  const attempts = [
    '<img src=x onerror=window.__xss=1>',
    '"><script>window.__xss=2</script><img src=x onerror=window.__xss=3>',
  ];

  /** Elements a query could have injected, and the flag its script would set. */
  const injected = (page: Page) => page.evaluate(() => ({
    elements: document.querySelectorAll('main img[src="x"], main script, .search-modal img, .search-modal script').length,
    xss: (window as unknown as { __xss?: number }).__xss,
  }));

  it.each(attempts)('renders q=%s on the search page as text', async (attempt) => {
    const { page } = await tabs.open({ path: `/search?q=${encodeURIComponent(attempt)}` });
    expect(await field(page).inputValue()).toBe(attempt);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(`Search results for "${attempt}"`);
    // The words of the attempt (img, src, script…) may match text; whatever shows is text.
    await expect.poll(() => page.locator('.search-status, .search-count').count()).toBeGreaterThan(0);
    expect(await injected(page)).toEqual({ elements: 0, xss: undefined });
  });

  it('renders an HTML query typed into the modal as text, also in "No results for"', async () => {
    const { page } = await tabs.open({ path: '/' });
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').fill(attempts[0]);
    await expect.poll(() => dialog.locator('[role="option"], [role="status"], [role="alert"]').count()).toBeGreaterThan(0);
    expect(await injected(page)).toEqual({ elements: 0, xss: undefined });
    // Only unknown words: the query is echoed back, as text.
    const unknown = '"><b>zzqqxx</b>';
    await dialog.getByRole('combobox').fill(unknown);
    const status = dialog.getByRole('status');
    await status.getByText(`No results for "${unknown}"`).waitFor();
    expect(await status.locator('b').allInnerTexts()).toEqual([]);
    await goto(page, `/search?q=${encodeURIComponent(unknown)}`);
    await page.getByRole('status').getByText(`No results for "${unknown}"`).waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    expect(await injected(page)).toEqual({ elements: 0, xss: undefined });
  });
});
