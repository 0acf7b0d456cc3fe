/**
 * What a reader waits for when their first act on a page is a press (issue 41 › 2): the time
 * from a first tap on the mobile menu button, before any of the page's scripts has come, to the
 * first frame painted with the menu (on screen: a `<details>` opens in the frame after the
 * press, theme/layout/mobile-menu.tsx). A second tap, everything loaded, is the comparison.
 *
 * The figure is the tap's latency as the page's own Event Timing entries give it, by the
 * definition of INP (Interaction to Next Paint): each event of the tap from its timestamp to the
 * next frame painted after its handlers, the longest of them. The click, when the finger lifts,
 * opens the menu. Kept beside it: the time from the finger's touch down to the end of the first
 * frame showing the menu (which adds the time the finger stays down: here the driver's round
 * trips between touch start and touch end at 4× CPU, about 50 ms), and the wall time the test
 * driver saw. In Chromium at 375 px with a touchscreen, the CPU slowed 4× as Lighthouse's mobile
 * preset (not scaled), the build served on 127.0.0.1 (no network delay), with the machine's
 * benchmarkIndex (Lighthouse's own measure, in an unthrottled page) and load average.
 *
 * Beside it, where the time goes: the tap's input delay (its timestamp to its first handler),
 * whether the page was still drawing its deferred parts when it came, and the same first tap in
 * pages left until they have drawn them. A tap sent while the page draws waits longer before
 * the page sees it: in traces at 4× CPU the browser forwarded the driver's touch (DevTools'
 * emulated touch) 78 ms after stamping it while the page drew three slices and their frames.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStaticServer } from '../../src/serve/start-static-server.ts';
import { loadAverage, waitForQuiet } from './quiet.ts';
import { chromePath } from './run-lighthouse.ts';

export interface FirstPressMeasurement {
  route: string; cpuSlowdown: number;
  /** The load average as each run's first page began to load (after `waitForQuiet`). */
  loadAverage: number[];
  /** Seconds spent in all waiting for the machine to be quiet (`waitForQuiet`: load ≤ QUIET_LOAD) before the pages. */
  waited: number;
  /** Lighthouse's benchmarkIndex of this machine, measured before the runs (undefined without Lighthouse). */
  benchmarkIndex?: number;
  /**
   * The first tap's latency as Chromium's Event Timing reports it (INP's definition): for each
   * event of the tap (pointerdown, pointerup, click), from its own timestamp to the next frame
   * painted after its handlers; the longest of them. The click, on the release, opens the menu. One per run.
   */
  firstMs: number[];
  /** Milliseconds from the first touch down to the end of the first frame showing the menu (the finger's time down included), one per run. */
  fromDownMs: number[];
  /** The latency of a second tap, once everything has loaded (as `firstMs`). */
  againMs: number[];
  /** The first tap as the test driver saw it: from sending the tap to seeing the menu, per run. */
  firstWallMs: number[];
  /**
   * The first tap's input delay, per run: from its timestamp to the first pointerdown listener
   * (`watchTaps`'), the part of `firstMs` spent before the page could see the tap.
   */
  firstDelayMs: number[];
  /** Per run, whether the page was still drawing its deferred parts when the first tap came (`<html data-drawing>`). */
  drawingAtTap: boolean[];
  /** The first tap's latency (as `firstMs`) in pages left until they had drawn their deferred parts; one per run. */
  drawnMs: number[];
  /** The input delay of those taps (as `firstDelayMs`). */
  drawnDelayMs: number[];
}

/** Lighthouse's benchmarkIndex page function, run in `page` (as Lighthouse does, unthrottled). */
async function benchmarkIndex(page: Page): Promise<number | undefined> {
  try {
    const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js') as { pageFunctions: { computeBenchmarkIndex: () => number } };
    return Math.round(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`) as number);
  } catch {
    return undefined;
  }
}

/** This machine's benchmarkIndex now, in a Chromium of its own (for figures printed without a Lighthouse run). */
export async function machineBenchmarkIndex(): Promise<number | undefined> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    return await benchmarkIndex(await browser.newPage());
  } finally {
    await browser.close();
  }
}

/**
 * Times each tap in the page: from the tap's own timestamp (`pointerdown`) to the end of the
 * first frame that shows the menu (checked in each animation frame, read in a task right after
 * that frame), so neither the driver's round trips nor a press held until hydration are hidden.
 */
async function watchTaps(page: Page): Promise<void> {
  // A string: a function would be compiled by tsx with helpers (`__name`) the page does not have.
  await page.addInitScript(`addEventListener('pointerdown', function (event) {
    if (window.__tap) return;
    var tap = window.__tap = { start: event.timeStamp, delay: performance.now() - event.timeStamp, drawing: document.documentElement.hasAttribute('data-drawing') };
    // The menu's <details> is read first: asking a closed one's content for its boxes would make
    // Chromium lay that content out in every frame until it opens, work the page never does.
    function shown() {
      var details = document.querySelector('.navbar-menu');
      var menu = document.querySelector('[role="dialog"][aria-label="Navigation menu"]');
      return !!details && details.open && !!menu && menu.getClientRects().length > 0 && getComputedStyle(menu).visibility !== 'hidden';
    }
    function frame() {
      if (shown()) setTimeout(function () { tap.end = performance.now(); });
      else requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  }, true);
  // Event Timing: each event of an interaction, from its timestamp to the next paint after its handlers.
  window.__events = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { if (e.interactionId) window.__events.push({ name: e.name, id: e.interactionId, duration: e.duration }); });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });`);
}

/** Event Timing's smallest threshold: an interaction whose events all took less is reported as this. */
const EVENT_TIMING_FLOOR = 16;

/**
 * The latency of the tap just made (INP's definition: its longest event, pointerdown, pointerup
 * or click, each from its timestamp to the next paint after it). Entries arrive after their frame
 * is presented: read once a click entry is in, or after two seconds (every event under 16 ms).
 */
async function tapLatency(page: Page): Promise<number> {
  const read = () => page.evaluate(() => (window as unknown as { __events: { name: string; id: number; duration: number }[] }).__events);
  const started = performance.now();
  let events = await read();
  while (!events.some((e) => e.name === 'click') && performance.now() - started < 2000) {
    await page.waitForTimeout(100);
    events = await read();
  }
  const last = events.at(-1)?.id;
  const durations = events.filter((e) => e.id === last).map((e) => e.duration);
  return durations.length ? Math.max(...durations) : EVENT_TIMING_FLOOR;
}

/**
 * Polls `predicate` in the page with plain evaluations until it returns a value that is not
 * false, every 50 ms (two minutes at most). Not `page.waitForFunction` or a locator: either puts
 * Playwright's injected script in the page, which adds capturing, non-passive listeners for
 * pointer, touch and click events to the window (its hit-target check) and, for
 * `waitForFunction`, runs its predicate in every animation frame. A reader's browser has
 * neither: in a trace of a first tap at 4× CPU its two listeners took 7 ms of the pointerdown.
 */
async function poll<T>(page: Page, predicate: string): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await page.evaluate(predicate) as T | false;
    if (value !== false) return value;
    if (performance.now() - started > 120_000) throw new Error(`Timed out after 120 s waiting for: ${predicate}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** The box of the element `selector` names (read without a locator: see `poll`). */
async function boxOf(page: Page, selector: string): Promise<Box> {
  return poll<Box>(page, `(() => {
    var element = document.querySelector(${JSON.stringify(selector)});
    var rect = element && element.getBoundingClientRect();
    return rect && rect.width > 0 ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : false;
  })()`);
}

const tapAt = (page: Page, box: Box) => page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);

/** Taps at the centre of `box` and returns the in-page time to the menu and the driver's wall time. */
async function tapMenu(page: Page, box: Box): Promise<{ ms: number; fromDown: number; wall: number; delay: number; drawing: boolean }> {
  await page.evaluate(() => {
    (window as unknown as { __tap?: unknown }).__tap = undefined;
    (window as unknown as { __events: unknown[] }).__events = [];
  });
  const started = performance.now();
  await tapAt(page, box);
  const tap = await poll<{ start: number; end: number; delay: number; drawing: boolean }>(page, '(() => { var tap = window.__tap; return tap && tap.end !== undefined ? tap : false; })()');
  const wall = Math.round(performance.now() - started);
  return { ms: Math.round(await tapLatency(page)), fromDown: Math.round(tap.end - tap.start), wall, delay: Math.round(tap.delay), drawing: tap.drawing };
}

/** A page at 375 px with a touchscreen and the CPU slowed, loaded to network idle (taps timed: `watchTaps`). */
async function openPage(browser: Browser, url: string, cpuSlowdown: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await watchTaps(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.goto(url, { waitUntil: 'networkidle' });
  return { page, close: () => context.close() };
}

export async function measureFirstPress(options: { buildDir: string; route?: string; runs?: number; cpuSlowdown?: number }): Promise<FirstPressMeasurement> {
  const { buildDir, route = '/rules', runs = 5, cpuSlowdown = 4 } = options;
  const server = await startStaticServer({ dir: buildDir, port: 0, host: '127.0.0.1', baseUrl: '/' });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const result: FirstPressMeasurement = {
    route, cpuSlowdown, loadAverage: [], waited: 0, firstMs: [], fromDownMs: [], againMs: [], firstWallMs: [], firstDelayMs: [], drawingAtTap: [], drawnMs: [], drawnDelayMs: [],
  };
  const url = new URL(route, server.url).href;
  try {
    const blank = await browser.newPage();
    result.benchmarkIndex = await benchmarkIndex(blank);
    await blank.close();
    for (let run = 0; run < runs; run++) {
      // As a reader who taps once the page has loaded (network idle), on a machine with no other work.
      result.waited += await waitForQuiet();
      result.loadAverage.push(loadAverage());
      const { page, close } = await openPage(browser, url, cpuSlowdown);
      const box = await boxOf(page, '.navbar-menu-button');
      const first = await tapMenu(page, box);
      result.firstMs.push(first.ms);
      result.fromDownMs.push(first.fromDown);
      result.firstWallMs.push(first.wall);
      result.firstDelayMs.push(first.delay);
      result.drawingAtTap.push(first.drawing);
      // Everything loaded (the tap was the sign of intent that brings the page's scripts), then closed and tapped again.
      await poll(page, "Object.keys(document.querySelector('.navbar-inner')).some(function (k) { return k.indexOf('__reactProps') === 0; })");
      // Closed by its close button (Esc waits for the open menu's module, which may still be on its way).
      await tapAt(page, await boxOf(page, '.mobile-menu-close'));
      await poll(page, "!document.querySelector('.navbar-menu').open");
      result.againMs.push((await tapMenu(page, box)).ms);
      await close();
      // As a reader who taps a little later: the page has drawn its deferred parts (src/render/deferred-blocks.browser.ts).
      result.waited += await waitForQuiet();
      const later = await openPage(browser, url, cpuSlowdown);
      await poll(later.page, "!document.documentElement.hasAttribute('data-drawing')");
      const drawn = await tapMenu(later.page, await boxOf(later.page, '.navbar-menu-button'));
      result.drawnMs.push(drawn.ms);
      result.drawnDelayMs.push(drawn.delay);
      await later.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return result;
}
