import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';
import { patientTabs } from './patient-tabs.ts';

// Issue 29 › 4: code in blocks is as big as inline code, and neither the language label nor the
// copy button (shown on hover) ever covers code, at any width.

const tabs = patientTabs(useBrowser());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the code's text (each line's glyphs, not the line's full-width box). */
function textBoxes(block: Locator): Promise<Box[]> {
  return block.locator('pre code').evaluate((code) => {
    const range = document.createRange();
    range.selectNodeContents(code);
    return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

const fontSize = (page: Page, selector: string) => page.locator(selector).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));

describe.skipIf(noBrowser)('code blocks', { timeout: 180_000 }, () => {
  it('set code at about 14 px: not smaller than inline code nor than the block title', async () => {
    const { page } = await tabs.open({ path: '/quickstart' });
    const block = await fontSize(page, '.code-block pre code');
    expect(block).toBeGreaterThanOrEqual(13.5);
    expect(block).toBeGreaterThanOrEqual(await fontSize(page, '.code-block-title'));
    expect(block).toBeGreaterThanOrEqual((await fontSize(page, '.markdown :not(pre) > code')) - 0.5);
  });

  for (const width of [375, 768, 1024, 1440]) {
    it(`keep the language label and the hovered copy button off the code at ${width} px`, async () => {
      const { page } = await tabs.open({ path: '/quickstart', width, height: 900 });
      const blocks = await page.locator('.markdown .code-block').all();
      expect(blocks.length).toBeGreaterThan(5);
      const covered: string[] = [];
      for (const [i, block] of blocks.entries()) {
        await block.scrollIntoViewIfNeeded();
        await block.hover();
        const button = block.locator('.copy-button');
        await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
        const lang = block.locator('.code-block-lang');
        const labelBox = (await lang.count()) ? await lang.boundingBox() : null;
        const buttonBox = await button.boundingBox();
        const text = await textBoxes(block);
        // The label shows while the pointer is elsewhere (it gives way to the button on hover).
        await page.mouse.move(0, 0);
        for (const box of text) {
          if (buttonBox && overlaps(buttonBox, box)) covered.push(`block ${i}: copy button over code`);
          if (labelBox && overlaps(labelBox, box)) covered.push(`block ${i}: language label over code`);
        }
      }
      expect([...new Set(covered)]).toEqual([]);
    });
  }
});
