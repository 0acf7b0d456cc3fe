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
 */
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { startStaticServer } from '../../src/serve/start-static-server.ts';
import { chromePath } from './run-lighthouse.ts';

export interface FirstPressMeasurement {
  route: string; cpuSlowdown: number; loadAverage: number;
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
    var tap = window.__tap = { start: event.timeStamp };
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

/** Taps at the centre of `box` and returns the in-page time to the menu and the driver's wall time. */
async function tapMenu(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<{ ms: number; fromDown: number; wall: number }> {
  await page.evaluate(() => {
    (window as unknown as { __tap?: unknown }).__tap = undefined;
    (window as unknown as { __events: unknown[] }).__events = [];
  });
  const started = performance.now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const ms = await page.waitForFunction(() => {
    const tap = (window as unknown as { __tap?: { start: number; end?: number } }).__tap;
    return tap?.end === undefined ? false : tap.end - tap.start;
  }, undefined, { timeout: 120_000 });
  const wall = Math.round(performance.now() - started);
  return { ms: Math.round(await tapLatency(page)), fromDown: Math.round(await ms.jsonValue() as number), wall };
}

export async function measureFirstPress(options: { buildDir: string; route?: string; runs?: number; cpuSlowdown?: number }): Promise<FirstPressMeasurement> {
  const { buildDir, route = '/rules', runs = 5, cpuSlowdown = 4 } = options;
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  const server = await startStaticServer({ dir: buildDir, port: 0, host: '127.0.0.1', baseUrl: '/' });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const result: FirstPressMeasurement = { route, cpuSlowdown, loadAverage, firstMs: [], fromDownMs: [], againMs: [], firstWallMs: [] };
  try {
    const blank = await browser.newPage();
    result.benchmarkIndex = await benchmarkIndex(blank);
    await blank.close();
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await watchTaps(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await page.goto(new URL(route, server.url).href, { waitUntil: 'networkidle' });
      const box = (await page.locator('.navbar-menu-button').boundingBox())!;
      const first = await tapMenu(page, box);
      result.firstMs.push(first.ms);
      result.fromDownMs.push(first.fromDown);
      result.firstWallMs.push(first.wall);
      // Everything loaded (the tap was the sign of intent that brings the page's scripts), then closed and tapped again.
      await page.waitForFunction(() => Object.keys(document.querySelector('.navbar-inner')!).some((k) => k.startsWith('__reactProps')), undefined, { timeout: 120_000 });
      // Closed by its close button (Esc waits for the open menu's module, which may still be on its way).
      await page.getByRole('button', { name: 'Close navigation menu' }).tap();
      await page.getByRole('dialog', { name: 'Navigation menu' }).waitFor({ state: 'hidden', timeout: 120_000 });
      result.againMs.push((await tapMenu(page, box)).ms);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return result;
}
