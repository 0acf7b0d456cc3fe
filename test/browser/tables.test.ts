import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';
import { patientTabs } from './patient-tabs.ts';

// Issue 29 › 5: a code token in a table cell never breaks across lines, and on a phone reference
// tables are readable: no column squeezed to a few words, and a table that scrolls shows it.

const tabs = patientTabs(useBrowser());

/** Inline code in table cells that the browser laid out on more than one line. */
function brokenTokens(page: Page): Promise<string[]> {
  return page.locator('.markdown td code, .markdown th code').evaluateAll((codes) => codes
    .filter((c) => new Set([...c.getClientRects()].map((r) => Math.round(r.top))).size > 1)
    .map((c) => c.textContent ?? ''));
}

describe.skipIf(noBrowser)('tables', { timeout: 180_000 }, () => {
  for (const width of [375, 768, 1440]) {
    for (const path of ['/api/webhooks', '/api/json-schema', '/api/objects/board']) {
      it(`keep each code token in a cell on one line: ${path} at ${width} px`, async () => {
        const { page } = await tabs.open({ path, width });
        expect(await page.locator('.markdown td code').count()).toBeGreaterThan(0);
        expect(await brokenTokens(page)).toEqual([]);
      });
    }
  }

  it('give every cell of the /api/webhooks tables room on a phone, and mark tables that scroll', async () => {
    const { page } = await tabs.open({ path: '/api/webhooks', width: 375 });
    const report = await page.locator('.markdown table').evaluateAll((tables) => tables.map((table, i) => {
      const cells = [...table.querySelectorAll('td')].filter((td) => (td.textContent ?? '').trim().length > 12);
      const narrowest = Math.min(...cells.map((td) => td.getBoundingClientRect().width));
      const scrolls = table.scrollWidth > table.clientWidth + 1;
      const style = getComputedStyle(table);
      const marked = style.maskImage !== 'none' || style.webkitMaskImage !== 'none' || style.boxShadow !== 'none';
      return { i, narrowest: Math.round(narrowest), scrolls, marked };
    }));
    expect(report.length).toBeGreaterThan(5);
    // A cell holding a phrase is at least a third of the phone's text column wide.
    expect(report.filter((t) => t.narrowest < 110)).toEqual([]);
    expect(report.filter((t) => t.scrolls && !t.marked)).toEqual([]);
  });
});
