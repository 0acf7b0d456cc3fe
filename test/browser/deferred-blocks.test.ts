import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goto, noBrowser, useBrowser } from './harness.ts';

// Issue 29 › 9: the article's blocks below the first screen are styled and laid out only near the
// viewport (`content-visibility: auto`, theme/css/markdown.css), which halves the style and layout
// of a long page's first load. What a reader sees must not change: the same layout once drawn,
// whole focus rings, every block on paper. (Back and forward keep the reader's place by block:
// navigation.test.ts; axe on every page type: accessibility-*.test.ts.)

const tabs = useBrowser();

/** Pages with each kind of block: code, tables (stacked on phones), loose lists, admonitions, diagrams, math. */
const pages = ['/api/webhooks', '/quickstart', '/rules', '/policies/privacy', '/guides/leaderboards', '/blog/2023/12/04/season-7-recap-and-season-8'];

/** Each block of the article: its top in the page and its height, with the blocks it defers laid out with or without their containment. */
function layoutOf(page: Page, contain: 'none' | 'layout paint style'): Promise<string[]> {
  return page.evaluate((contain) => {
    const blocks = [...document.querySelectorAll<HTMLElement>('main .markdown > *')];
    for (const block of blocks) if (getComputedStyle(block).contentVisibility === 'auto') block.dataset.deferred = '';
    let style = document.getElementById('test-containment');
    if (!style) style = document.head.appendChild(Object.assign(document.createElement('style'), { id: 'test-containment' }));
    style.textContent = `[data-deferred] { content-visibility: visible !important; contain: ${contain} !important; }`;
    return blocks.map((b) => { const r = b.getBoundingClientRect(); return `${b.tagName.toLowerCase()} ${Math.round(r.top + window.scrollY)} ${Math.round(r.height)}`; });
  }, contain);
}

describe.skipIf(noBrowser)('deferred article blocks', { timeout: 240_000 }, () => {
  it('defers blocks far below the first screen of a long page, and draws those near it', async () => {
    const { page } = await tabs.open({ width: 412, height: 823 });
    await goto(page, '/api/webhooks', { hydrate: false });
    const state = await page.evaluate(() => {
      const blocks = [...document.querySelectorAll('main .markdown > *')];
      const deferred = blocks.filter((b) => getComputedStyle(b).contentVisibility === 'auto');
      // A skipped block's content is not rendered: checkVisibility says so for its descendants.
      const drawn = (b: Element) => b.firstElementChild!.checkVisibility({ contentVisibilityAuto: true });
      const below = deferred.filter((b) => b.getBoundingClientRect().top > 3 * window.innerHeight && b.firstElementChild);
      return { blocks: blocks.length, deferred: deferred.length, firstDeferred: blocks.indexOf(deferred[0]!), belowDrawn: below.filter(drawn).map((b) => `${b.tagName} ${b.firstElementChild?.tagName} ${b.getBoundingClientRect().top}`), below: below.length };
    });
    // The first 30 blocks fill the first screen at any width: drawn at once (a deferred block on
    // screen would shift what follows it when drawn; layout-shift.test.ts).
    expect(state.firstDeferred).toBeGreaterThanOrEqual(30);
    expect(state.deferred).toBeGreaterThan(30);
    expect(state.below).toBeGreaterThan(20);
    expect(state.belowDrawn).toEqual([]);
    // Scrolled near, a deferred block is drawn.
    const drawnWhenNear = await page.evaluate(async () => {
      const block = [...document.querySelectorAll('main .markdown > *')].filter((b) => getComputedStyle(b).contentVisibility === 'auto' && b.firstElementChild).at(-1)!;
      const before = block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true });
      block.scrollIntoView();
      for (let i = 0; i < 3; i++) await new Promise(requestAnimationFrame);
      return [before, block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })];
    });
    expect(drawnWhenNear).toEqual([false, true]);
  });

  for (const width of [375, 1280]) {
    it(`lays out every block where it would be without deferring, at ${width} px`, async () => {
      const { page } = await tabs.open({ width });
      for (const route of pages) {
        await goto(page, route, { hydrate: false });
        // Containment keeps a block's children's margins inside it: a difference means a margin
        // no longer collapses with the next block's, and the text moved.
        expect(await layoutOf(page, 'layout paint style'), route).toEqual(await layoutOf(page, 'none'));
      }
    });
  }

  it('draws a focused link at the edge of a deferred block with its whole focus ring', async () => {
    const { page } = await tabs.open({ width: 1280 });
    await goto(page, '/rules', { hydrate: false });
    const ring = await page.evaluate(() => {
      const link = [...document.querySelectorAll<HTMLAnchorElement>('main .markdown > p a')].find((a) => getComputedStyle(a.parentElement!).contentVisibility === 'auto')!;
      link.focus();
      const focus = getComputedStyle(link);
      return { reach: parseFloat(focus.outlineWidth) + parseFloat(focus.outlineOffset), clip: parseFloat(getComputedStyle(link.parentElement!).overflowClipMargin) };
    });
    expect(ring.reach).toBeGreaterThan(0);
    expect(ring.clip).toBeGreaterThanOrEqual(ring.reach);
  });

  it('defers nothing on paper', async () => {
    const { page } = await tabs.open({ width: 1024 });
    await goto(page, '/api/webhooks', { hydrate: false });
    await page.emulateMedia({ media: 'print' });
    const deferred = await page.evaluate(() => [...document.querySelectorAll('main .markdown > *')].filter((b) => getComputedStyle(b).contentVisibility !== 'visible').length);
    expect(deferred).toBe(0);
  });
});
