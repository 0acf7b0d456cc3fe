import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FOLD_PX, NARROW_FOLD_PX, NARROW_PX } from '../../src/markdown/plugins/rehype-fold.ts';
import { afterFrames, goto, noBrowser, site, useBrowser } from './harness.ts';

// Issue 41 › 1 with 29 › 9: the article's blocks from the one marked `fold` (surely 1500 px below
// its top, src/markdown/plugins/rehype-fold.ts) are skipped by the first layout while
// `<html data-drawing>` is set, and the head script draws them a slice at a time after the first
// paint (src/render/deferred-blocks.browser.ts). What a reader sees must not change: the same
// layout once drawn, and no far move (a link, End) made with a guessed height. landing.test.ts
// checks every landing with the deferral on; this file checks the deferral itself.

const tabs = useBrowser();

/** Pages with each kind of block: code, tables (stacked on phones), loose lists, admonitions, math. */
const pages = ['/api/webhooks', '/quickstart', '/rules', '/policies/privacy', '/guides/leaderboards', '/blog/2023/12/04/season-7-recap-and-season-8', '/blog'];

/** Resolves once the head script has drawn every block (`data-drawing` gone), or says it never did. */
function drawn(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.readyState !== 'loading' && !document.documentElement.hasAttribute('data-drawing'), undefined, { polling: 50, timeout: 60_000 });
}

/** Each article block's (or blog preview's) top in the page and its height. */
function layoutOf(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('main .markdown > *, main .blog-post-preview')].map((b) => {
    const r = b.getBoundingClientRect();
    return `${b.tagName.toLowerCase()} ${Math.round(r.top + window.scrollY)} ${Math.round(r.height)}`;
  }));
}

/**
 * How many of the blocks `selector` finds the browser skipped (`content-visibility: auto`, not drawn), frame by
 * frame from the first one after the document is parsed (frames wait for the stylesheet), until
 * the head script has drawn them all.
 */
const recordSkipped = (selector: string) => {
  const frames: number[] = [];
  // Blocks marked drawn, task by task: a mutation observer's records come once per task that
  // made them, so each entry is one slice's, however many slices a frame saw.
  const slices: number[] = [];
  Object.assign(window, { __skipped: frames, __slices: slices });
  new MutationObserver((records) => {
    const marked = records.filter((r) => (r.target as Element).matches(selector)).length;
    if (marked) slices.push(marked);
  }).observe(document, { subtree: true, attributeFilter: ['data-drawn'] });
  const count = () => [...document.querySelectorAll(selector)]
    .filter((b) => getComputedStyle(b).contentVisibility === 'auto' && b.firstElementChild && !b.firstElementChild.checkVisibility({ contentVisibilityAuto: true })).length;
  document.addEventListener('DOMContentLoaded', () => {
    const frame = () => {
      frames.push(count());
      if (document.documentElement.hasAttribute('data-drawing') && frames.length < 5000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
};

/**
 * How many elements Chromium restyles while `change` runs in the page: its trace's
 * `UpdateLayoutTree` events between two time stamps the page writes around it, so that a frame
 * the page renders before or after (the trace starts and ends by round trips, longer on a busy
 * machine) is not counted. Returns the total and each event's count.
 */
async function countRestyled(page: Page, change: () => void): Promise<{ total: number; each: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  type TraceEvent = { name: string; ts: number; tid: number; args?: { elementCount?: number; data?: { message?: string } } };
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await page.evaluate((source) => {
    console.timeStamp('restyle:start');
    (0, eval)(`(${source})`)();
    console.timeStamp('restyle:end');
  }, change.toString());
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const stamp = (message: string) => events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === message);
  const start = stamp('restyle:start');
  const end = stamp('restyle:end');
  if (!start || !end) throw new Error(`the trace has no time stamps around the change (${events.length} events)`);
  const each = events
    .filter((e) => e.name === 'UpdateLayoutTree' && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts)
    .map((e) => e.args?.elementCount ?? 0);
  return { total: each.reduce((sum, n) => sum + n, 0), each };
}

describe.skipIf(noBrowser)('deferred article blocks', { timeout: 300_000 }, () => {
  // An article's blocks, and a blog list's previews (src/routes/blog-list-folds.ts).
  for (const { route, blocks: selector, skipped, steps } of [
    { route: '/api/webhooks', blocks: 'main .markdown > *', skipped: 20, steps: 3 },
    { route: '/blog', blocks: 'main .blog-post-preview', skipped: 5, steps: 2 },
  ]) {
    it(`skips the blocks from the fold in the first layout, then draws them all, over several frames (${route})`, async () => {
      const { page } = await tabs.open({ width: 412, height: 823 });
      await page.addInitScript(recordSkipped, selector);
      await goto(page, route, { hydrate: false });
      await drawn(page);
      // The recorder's last frame, the first after the drawing ended, may still be to come.
      await afterFrames(page);
      const { frames, slices } = await page.evaluate(() => {
        const recorded = window as unknown as { __skipped: number[]; __slices: number[] };
        return { frames: recorded.__skipped, slices: recorded.__slices };
      });
      const blocks = await page.evaluate((sel) => {
        const all = [...document.querySelectorAll(sel)];
        const fold = all.find((b) => b.matches('.fold-narrow'))!;
        return { count: all.length, fold: all.indexOf(fold), foldTop: fold.getBoundingClientRect().top + window.scrollY };
      }, selector);
      // The fold is below the first screen; from it on, the browser skipped blocks at first.
      expect(blocks.fold).toBeGreaterThan(0);
      expect(blocks.foldTop).toBeGreaterThan(823);
      expect(Math.max(...frames), `skipped, frame by frame: ${frames.join(' ')}`).toBeGreaterThanOrEqual(skipped);
      // Drawn in slices, to none. Slices are counted, not the frames: a busy machine paints fewer
      // frames between them (/blog: 7 7 0 in a CI rehearsal, from 4 slices).
      expect(slices.length, `drawn, slice by slice: ${slices.join(' ')}; skipped, frame by frame: ${frames.join(' ')}`).toBeGreaterThan(steps);
      expect(frames.at(-1)).toBe(0);
      expect(await page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((b) => getComputedStyle(b).contentVisibility !== 'visible').length, selector)).toBe(0);
    });
  }

  it('lays out the phone menu\'s sidebar a category at a time after the first paint, and all of it when the menu opens first', async () => {
    // The whole sidebar in one slice was a task of 13–24 ms at full speed on /api/webhooks.
    const { page } = await tabs.open({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const frames: number[] = [];
      // Categories marked drawn, task by task: a mutation observer's records come once per task
      // that made them, so each entry is one slice's, however many slices a frame saw.
      const slices: number[] = [];
      Object.assign(window, { __categories: frames, __slices: slices });
      const selector = '.docs-sidebar .sidebar > .sidebar-list > .sidebar-category';
      const hidden = () => [...document.querySelectorAll(selector)].filter((c) => getComputedStyle(c).contentVisibility === 'hidden').length;
      new MutationObserver((records) => {
        const marked = records.filter((r) => (r.target as Element).matches(selector)).length;
        if (marked) slices.push(marked);
      }).observe(document, { subtree: true, attributeFilter: ['data-drawn'] });
      document.addEventListener('DOMContentLoaded', () => {
        const frame = () => {
          frames.push(hidden());
          if (document.documentElement.hasAttribute('data-drawing') && frames.length < 5000) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    });
    await goto(page, '/api/webhooks', { hydrate: false });
    await drawn(page);
    await afterFrames(page);
    const { frames, slices } = await page.evaluate(() => ({
      frames: (window as unknown as { __categories: number[] }).__categories,
      slices: (window as unknown as { __slices: number[] }).__slices,
    }));
    const categories = await page.locator('.docs-sidebar .sidebar > .sidebar-list > .sidebar-category').count();
    expect(categories).toBeGreaterThan(3);
    // The first frame skipped them all; slices then drew them a few at a time, not all in one (a
    // busy machine may paint fewer frames between slices, so the slices are counted, not the
    // frames; how many fit in a slice follows the time the last one took: 2 3 beside two
    // processes spinning, 1 1 3 or 1 1 1 2 at rest).
    expect(frames[0], `categories not drawn, frame by frame: ${frames.join(' ')}`).toBe(categories);
    expect(slices.reduce((a, b) => a + b, 0)).toBe(categories);
    expect(slices.length, `categories drawn, slice by slice: ${slices.join(' ')}`).toBeGreaterThanOrEqual(2);
    expect(frames.at(-1)).toBe(0);

    // The menu opened before any slice: the sidebar's every category is laid out in the frame that shows it.
    const tab = await tabs.open({ width: 412, height: 823 });
    await tab.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => (document.querySelector('.navbar-menu > summary') as HTMLElement).click());
    });
    await goto(tab.page, '/api/webhooks', { hydrate: false });
    const shown = await tab.page.evaluate(() => new Promise<{ drawing: boolean; hidden: number; empty: number }>((resolve) => requestAnimationFrame(() => {
      const all = [...document.querySelectorAll('.docs-sidebar .sidebar > .sidebar-list > .sidebar-category')];
      resolve({
        drawing: document.documentElement.hasAttribute('data-drawing'),
        hidden: all.filter((c) => getComputedStyle(c).contentVisibility !== 'visible').length,
        empty: all.filter((c) => c.getBoundingClientRect().height === 0).length,
      });
    })));
    expect(await tab.page.locator('.navbar-menu').getAttribute('open')).not.toBeNull();
    expect(shown).toMatchObject({ hidden: 0, empty: 0 });
  });

  it('ends the drawing by restyling the parts it deferred, not the whole page', async () => {
    // Removing `<html data-drawing>` invalidates the style of whatever its rules could match: a
    // rule whose subject is any element (`.fold ~ *`) or a pseudo-element under a `:not()` of the
    // root had Chromium restyle all 2,126 elements of /api/webhooks, a task of 7–16 ms at full
    // speed (30–60 ms at CPU ×4) at the end of the drawing. Now about 150 (the blocks after the
    // fold); CI once counted 270 when the trace took in everything between its start and end,
    // so only the change's own restyle is counted, against a fifth of the page.
    const { page } = await tabs.open({ width: 412, height: 823 });
    await goto(page, '/api/webhooks', { hydrate: false });
    await drawn(page);
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    // The drawing's end, again: every part is drawn, the attribute goes.
    await page.evaluate(() => {
      document.documentElement.setAttribute('data-drawing', '');
      void document.documentElement.offsetHeight;
    });
    const { total: restyled, each } = await countRestyled(page, () => {
      document.documentElement.removeAttribute('data-drawing');
      void document.documentElement.offsetHeight;
    });
    expect(elements).toBeGreaterThan(1500);
    expect(each.length, 'the change is restyled once, when the page reads its height').toBeGreaterThan(0);
    expect(restyled, `of ${elements} elements (${each.join(' + ')})`).toBeLessThan(elements / 5);
  });

  for (const width of [375, 1280]) {
    it(`lays out every block where a page that defers nothing does, once drawn, at ${width} px`, async () => {
      const { page } = await tabs.open({ width });
      for (const route of pages) {
        await goto(page, route, { hydrate: false });
        await drawn(page);
        const drawnLayout = await layoutOf(page);
        // A load with a #hash defers nothing (the browser keeps its target in place by offset).
        await goto(page, `${route}#no-such-heading`, { hydrate: false });
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-drawing'))).toBe(false);
        expect(drawnLayout, route).toEqual(await layoutOf(page));
      }
    });
  }

  // The End key's scroll goes to the end the page has when it starts: the key draws every block
  // first (without that, it stopped 5,700 px short). A link's target the browser keeps in place
  // itself while the blocks above it are drawn; the link draws them all first anyway, for the
  // runtime's own scrolls after hydration.
  for (const { move, route } of [
    { move: 'the End key', route: '/api/webhooks' },
    { move: 'the End key', route: '/blog' },
    { move: 'a link to a heading far down', route: '/api/webhooks' },
  ] as const) {
    it(`lands exactly when ${move} comes before the blocks are drawn (${route})`, async () => {
      const { page } = await tabs.open({ width: 1440, height: 900 });
      // The drawing's slices are held (the page's timers are, and the slices come by timer): the
      // press comes with every block from the fold still skipped, however fast the machine.
      await page.addInitScript(() => {
        const timeout = window.setTimeout;
        window.setTimeout = ((fn: () => void, ms?: number) => (ms ? timeout(fn, ms) : 0)) as typeof window.setTimeout;
      });
      await goto(page, route, { hydrate: false });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const full = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(await page.evaluate(() => document.querySelectorAll('main [data-drawn]').length), 'nothing drawn yet').toBe(0);
      expect(await page.evaluate(() => document.querySelectorAll('main .fold').length), 'a fold on the page').toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-drawing')), 'drawing under way').toBe(true);
      let target = 'html';
      if (move === 'the End key') {
        await page.locator('body').focus();
        await page.keyboard.press('End');
      }
      else {
        const href = await page.locator('nav.toc a').last().getAttribute('href');
        target = `[id="${decodeURIComponent(href!.slice(1))}"]`;
        await page.locator('nav.toc a').last().click();
      }
      // The scroll is animated: its first step may come a few frames later.
      await page.waitForFunction(() => window.scrollY > 0, undefined, { polling: 100 });
      const settled = await page.evaluate(async (sel) => {
        const state = () => `${Math.round(document.querySelector(sel)!.getBoundingClientRect().top)} ${window.scrollY} ${document.documentElement.scrollHeight}`;
        let last = '';
        for (let same = 0; same < 10;) {
          await new Promise(requestAnimationFrame);
          const now = state();
          same = now === last ? same + 1 : 0;
          last = now;
        }
        const el = document.querySelector(sel)!;
        const offset = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) + parseFloat(getComputedStyle(el).scrollMarginTop);
        const end = document.documentElement.scrollHeight - window.innerHeight;
        const wanted = sel === 'html' ? end : Math.min(Math.max(el.getBoundingClientRect().top + window.scrollY - offset, 0), end);
        return { scrollY: Math.round(window.scrollY), wanted: Math.round(wanted), height: document.documentElement.scrollHeight, drawing: document.documentElement.hasAttribute('data-drawing') };
      }, target);
      expect(settled.drawing).toBe(false);
      // The blocks took their real heights, and the move still ended on its target.
      expect(settled.height).not.toBe(full);
      expect(Math.abs(settled.scrollY - settled.wanted), JSON.stringify(settled)).toBeLessThanOrEqual(1);
    });
  }

  for (const { mark, width, depth } of [{ mark: 'fold', width: 1440, depth: FOLD_PX }, { mark: 'fold-narrow', width: NARROW_PX, depth: NARROW_FOLD_PX }]) {
    it(`finds the ${mark} at least ${depth} px below the article's top on every page, in the widest column it is for (${width} px)`, async () => {
      // The estimate counts only what is surely drawn, as in the widest column the mark is for,
      // where text wraps least: a narrower screen only makes blocks taller.
      const { page } = await tabs.open({ width, height: 900 });
      const xml = await (await page.request.get(`${site()}/sitemap.xml`)).text();
      const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      const folded: string[] = [];
      for (const route of routes) {
        if (new RegExp(`class="[^"]*\\b${mark}(?!-)\\b`).test(await (await page.request.get(`${site()}${route}`)).text())) folded.push(route);
      }
      const short: string[] = [];
      for (const route of folded) {
        await goto(page, `${route}#no-such-heading`, { hydrate: false });
        // An article's fold from the article's top; a blog list's from the list's.
        const offsets = await page.evaluate((m) => [...document.querySelectorAll(`.markdown > .${m}, .blog-post-preview.${m}`)].map((fold) => fold.getBoundingClientRect().top - fold.parentElement!.getBoundingClientRect().top), mark);
        for (const offset of offsets) if (offset < depth) short.push(`${route}: ${Math.round(offset)} px`);
      }
      // Most long pages have one.
      expect(folded.length).toBeGreaterThan(30);
      expect(short).toEqual([]);
    });
  }
});
