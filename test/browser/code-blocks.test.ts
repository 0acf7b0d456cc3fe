import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { noBrowser, useBrowser } from './harness.ts';

// Issue 29 › 4: code in blocks is as big as inline code, and neither the language label nor the
// copy button (shown on hover) ever covers code, at any width.

const tabs = useBrowser();

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
    it(`keep the language label and the copy button off the code at ${width} px`, async () => {
      const { page } = await tabs.open({ path: '/quickstart', width, height: 900 });
      // The button is where hovering shows it (hover changes its opacity only).
      await page.locator('.markdown .code-block').first().hover();
      const button = page.locator('.markdown .code-block').first().locator('.copy-button');
      await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
      const covered = await page.locator('.markdown .code-block').evaluateAll((blocks) => blocks.flatMap((block, i) => {
        const range = document.createRange();
        range.selectNodeContents(block.querySelector('pre code')!);
        const text = [...range.getClientRects()].filter((r) => r.width > 0);
        const over = (el: Element | null) => {
          const b = el?.getBoundingClientRect();
          return !!b && b.width > 0 && text.some((r) => b.left < r.right && r.left < b.right && b.top < r.bottom && r.top < b.bottom);
        };
        return [
          ...(over(block.querySelector('.copy-button')) ? [`block ${i}: copy button over code`] : []),
          ...(over(block.querySelector('.code-block-lang')) ? [`block ${i}: language label over code`] : []),
        ];
      }));
      expect(await page.locator('.markdown .code-block').count()).toBeGreaterThan(5);
      expect(covered).toEqual([]);
    });
  }
});
