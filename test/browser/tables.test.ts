import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, goto, noBrowser, useBrowser } from './harness.ts';

// Issue 29 › 5: a code token in a table cell never breaks across lines, and on a phone reference
// tables are readable: no column squeezed to a few words, and a table that scrolls shows it.

const tabs = useBrowser();

/**
 * Inline code in table cells laid out across lines where it must not be: a token (short code) on
 * more than one line, or a value (long code marked data-wrap) broken inside a word that fits its cell.
 */
function brokenTokens(page: Page): Promise<string[]> {
  return page.locator('.markdown td code, .markdown th code').evaluateAll((codes) => {
    const lines = (rects: DOMRectList) => new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    return codes.flatMap((c) => {
      if (!c.hasAttribute('data-wrap')) return lines(c.getClientRects()) > 1 ? [c.textContent ?? ''] : [];
      const text = c.firstChild;
      if (!(text instanceof Text)) return [];
      const room = (c.closest('td, th') as HTMLElement).clientWidth;
      const broken: string[] = [];
      for (const word of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getBoundingClientRect().width < room && lines(range.getClientRects()) > 1) broken.push(word[0]);
      }
      return broken;
    });
  });
}

describe.skipIf(noBrowser)('tables', { timeout: 180_000 }, () => {
  for (const width of [375, 768, 1440]) {
    // One page a width, taken from route to route: these tests only read the layout.
    const tab = tabs.shared({ width });
    for (const path of ['/api/webhooks', '/api/json-schema', '/api/objects/board', '/api/objects/serpent']) {
      it(`keep each code token in a cell on one line: ${path} at ${width} px`, async () => {
        // Wrapping is the stylesheet's and the server's markup (data-wrap): the page as served.
        const { page } = await tab();
        await goto(page, path, { hydrate: false });
        expect(await page.locator('.markdown td code').count()).toBeGreaterThan(0);
        expect(await brokenTokens(page)).toEqual([]);
      });
    }
  }

  it('give every cell of the /api/webhooks tables room on a phone, and mark tables that scroll', async () => {
    const { page } = await tabs.open({ path: '/api/webhooks', width: 375 });
    const tables = page.locator('.markdown table');
    const report = [];
    // Each as the reader sees it, scrolled to.
    for (let i = 0; i < await tables.count(); i++) {
      await tables.nth(i).scrollIntoViewIfNeeded();
      await afterFrames(page);
      report.push(await tables.nth(i).evaluate((table, i) => {
        const cells = [...table.querySelectorAll('td')].filter((td) => (td.textContent ?? '').trim().length > 12);
        const narrowest = Math.min(...cells.map((td) => td.getBoundingClientRect().width));
        const scrolls = table.scrollWidth > table.clientWidth + 1;
        const style = getComputedStyle(table);
        const marked = style.maskImage !== 'none' || style.webkitMaskImage !== 'none' || style.boxShadow !== 'none';
        return { i, narrowest: Math.round(narrowest), scrolls, marked };
      }, i));
    }
    expect(report.length).toBeGreaterThan(5);
    // A cell holding a phrase is at least a third of the phone's text column wide.
    expect(report.filter((t) => t.narrowest < 110)).toEqual([]);
    expect(report.filter((t) => t.scrolls && !t.marked)).toEqual([]);
  });

  it('lay out every table of three columns or more as fields per row on a phone, each cell as wide as the text (issue 41)', async () => {
    const { page } = await tabs.open({ width: 375 });
    const xml = await (await page.request.get('/sitemap.xml')).text();
    const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const squeezed: string[] = [];
    let tables = 0;
    for (const route of routes) {
      const html = await (await page.request.get(route)).text();
      if (!/<th[^>]*>[\s\S]*?<th[^>]*>[\s\S]*?<th/.test(html)) continue;
      await page.goto(route);
      const found = await page.locator('.markdown table:has(th:nth-child(3))').evaluateAll((list) => list.map((table) => {
        const column = table.closest('.markdown')!.getBoundingClientRect().width;
        const cells = [...table.querySelectorAll('td')].filter((td) => (td.textContent ?? '').trim().length > 12);
        return { column, narrowest: Math.min(column, ...cells.map((td) => td.getBoundingClientRect().width)), header: table.querySelector('th')!.textContent };
      }));
      tables += found.length;
      for (const t of found) if (t.narrowest < 0.8 * t.column) squeezed.push(`${route} (${t.header}…): ${Math.round(t.narrowest)} of ${Math.round(t.column)} px`);
    }
    expect(tables).toBeGreaterThan(10);
    expect(squeezed).toEqual([]);
  });

  for (const width of [1024, 1280, 1440]) {
    it(`give a column of prose room beside a column of JSON examples: /api/webhooks at ${width} px`, async () => {
      // A JSON example kept on one line set its column's least width (364 px), and the Meaning column beside it got 102–138 px.
      const { page } = await tabs.open({ path: '/api/webhooks', width, hydrate: false });
      // As laid out once the page has drawn its deferred blocks (src/render/deferred-blocks.browser.ts), as the reader scrolls to them.
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-drawing'), undefined, { polling: 50, timeout: 60_000 });
      const cells = await page.locator('.markdown table:has(code[data-wrap]) td').evaluateAll((tds) => tds
        .filter((td) => !td.querySelector('code') && (td.textContent ?? '').trim().length > 12)
        .map((td) => ({ text: (td.textContent ?? '').trim().slice(0, 30), width: Math.round(td.getBoundingClientRect().width) })));
      expect(cells.length).toBeGreaterThan(10);
      // 7.5em: about 14 characters a line.
      expect(cells.filter((c) => c.width < 120)).toEqual([]);
    });
  }

  it('keep a table invisible while its rows are still arriving, so later rows never shift earlier ones', async () => {
    const path = '/blog/2023/12/04/season-7-recap-and-season-8';
    const { page } = await tabs.open({ path, width: 1440 });
    const visibility = () => page.locator('.markdown table').first().evaluate((t) => getComputedStyle(t).visibility);
    expect(await visibility()).toBe('visible');
    // The same page cut off after the table's second body row, as a slow connection delivers it.
    await page.route(`**${path}`, async (route) => {
      const html = await (await route.fetch()).text();
      const rows = html.indexOf('<tbody>');
      const cut = html.indexOf('</tr>', html.indexOf('</tr>', rows) + 1) + '</tr>'.length;
      await route.fulfill({ contentType: 'text/html', body: html.slice(0, cut) });
    });
    await page.reload();
    expect(await page.locator('.markdown table tbody tr').count()).toBe(2);
    expect(await visibility()).toBe('hidden');
  });
});
