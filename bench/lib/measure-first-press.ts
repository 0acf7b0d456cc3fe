/**
 * What a reader waits for when their first act on a page is a press (issue 41 › 2): the time
 * from a first tap on the mobile menu button, before any of the page's scripts has come, to the
 * first frame painted with the menu (on screen: a `<details>` opens in the frame after the
 * press, theme/layout/mobile-menu.tsx). A second tap, everything loaded, is the comparison.
 *
 * The time is the page's own, from the tap's timestamp to the end of the first frame that shows the
 * menu; the wall time the test driver saw, which adds its round trips to Chromium, is kept
 * beside it. In Chromium at 375 px with a touchscreen, the CPU slowed 4× as Lighthouse's mobile
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
  /** Milliseconds from the first tap to the end of the first frame showing the menu, one per run. */
  firstMs: number[];
  /** The same for a second tap, once everything has loaded. */
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
    function shown() {
      var menu = document.querySelector('[role="dialog"][aria-label="Navigation menu"]');
      return !!menu && menu.getClientRects().length > 0 && getComputedStyle(menu).visibility !== 'hidden';
    }
    function frame() {
      if (shown()) setTimeout(function () { tap.end = performance.now(); });
      else requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  }, true);`);
}

/** Taps at the centre of `box` and returns the in-page time to the menu and the driver's wall time. */
async function tapMenu(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<{ ms: number; wall: number }> {
  await page.evaluate(() => { (window as unknown as { __tap?: unknown }).__tap = undefined; });
  const started = performance.now();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const ms = await page.waitForFunction(() => {
    const tap = (window as unknown as { __tap?: { start: number; end?: number } }).__tap;
    return tap?.end === undefined ? false : tap.end - tap.start;
  }, undefined, { timeout: 120_000 });
  const wall = Math.round(performance.now() - started);
  return { ms: Math.round(await ms.jsonValue() as number), wall };
}

export async function measureFirstPress(options: { buildDir: string; route?: string; runs?: number; cpuSlowdown?: number }): Promise<FirstPressMeasurement> {
  const { buildDir, route = '/rules', runs = 5, cpuSlowdown = 4 } = options;
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  const server = await startStaticServer({ dir: buildDir, port: 0, host: '127.0.0.1', baseUrl: '/' });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const result: FirstPressMeasurement = { route, cpuSlowdown, loadAverage, firstMs: [], againMs: [], firstWallMs: [] };
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
