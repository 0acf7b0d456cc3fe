import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FOLD_PX } from '../../src/markdown/plugins/rehype-fold.ts';
import { goto, noBrowser, site, useBrowser } from './harness.ts';

// Issue 29 › 9: the article's blocks from the one marked `fold` (surely below the first screen,
// src/markdown/plugins/rehype-fold.ts) are styled and laid out only near the viewport
// (`content-visibility: auto`, theme/css/markdown.css), which cuts the style and layout of a long
// page's first load. What a reader sees must not change: the same layout once drawn,
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
      const fold = document.querySelector('main .markdown > .fold')!;
      // A skipped block's content is not rendered: checkVisibility says so for its descendants.
      const drawn = (b: Element) => b.firstElementChild!.checkVisibility({ contentVisibilityAuto: true });
      const below = deferred.filter((b) => b.getBoundingClientRect().top > 3 * window.innerHeight && b.firstElementChild);
      return {
        deferred: deferred.length, fold: blocks.indexOf(fold), firstDeferred: blocks.indexOf(deferred[0]!),
        foldTop: fold.getBoundingClientRect().top, screen: window.innerHeight,
        belowDrawn: below.filter(drawn).map((b) => `${b.tagName} ${b.firstElementChild?.tagName} ${b.getBoundingClientRect().top}`), below: below.length,
      };
    });
    // Nothing before the fold is deferred, and the fold is below the first screen (a deferred
    // block on screen would shift what follows it when drawn; layout-shift.test.ts).
    expect(state.fold).toBeGreaterThan(0);
    expect(state.firstDeferred).toBeGreaterThanOrEqual(state.fold);
    expect(state.foldTop).toBeGreaterThan(state.screen);
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

  it(`finds the fold at least ${FOLD_PX} px below the article's top on every page, in the widest column`, async () => {
    // The estimate counts only what is surely drawn, as in the widest column (1440 px and up: 780
    // px of text), where text wraps least: a narrower screen only makes blocks taller. Checked on
    // every page that has a fold, each block drawn as it would be without deferring.
    const { page } = await tabs.open({ width: 1440, height: 900 });
    const xml = await (await page.request.get(`${site()}/sitemap.xml`)).text();
    const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const folded: string[] = [];
    for (const route of routes) {
      if (/class="[^"]*\bfold\b/.test(await (await page.request.get(`${site()}${route}`)).text())) folded.push(route);
    }
    const short: string[] = [];
    for (const route of folded) {
      await goto(page, route, { hydrate: false });
      const offsets = await page.evaluate(() => {
        const style = document.head.appendChild(document.createElement('style'));
        style.textContent = '.markdown > * { content-visibility: visible !important; }';
        return [...document.querySelectorAll('.markdown > .fold')].map((fold) => fold.getBoundingClientRect().top - fold.parentElement!.getBoundingClientRect().top);
      });
      for (const offset of offsets) if (offset < FOLD_PX) short.push(`${route}: ${Math.round(offset)} px`);
    }
    // Most long pages have one (this site: 70 of them).
    expect(folded.length).toBeGreaterThan(30);
    expect(short).toEqual([]);
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
