/**
 * What a reader pays for a first visit that fetches no script until they show intent (issue 29 ›
 * 9, src/render/head-script.browser.ts): the time from a first tap on the mobile menu button, as
 * the very first act on a page, to the menu on screen. The page's scripts, hydration and the
 * menu's module all come after that tap. A second tap, everything loaded, is the comparison. In
 * Chromium at 375 px with a touchscreen, the CPU slowed as Lighthouse's mobile preset (4×, not
 * scaled to the machine), the build served on 127.0.0.1 (no network delay).
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../src/serve/start-static-server.ts';
import { chromePath } from './run-lighthouse.ts';

export interface FirstPressMeasurement {
  route: string; cpuSlowdown: number; loadAverage: number;
  /** Milliseconds from the first tap to the menu, one per run. */
  firstMs: number[];
  /** The same for a second tap, once everything has loaded. */
  againMs: number[];
}

export async function measureFirstPress(options: { buildDir: string; route?: string; runs?: number; cpuSlowdown?: number }): Promise<FirstPressMeasurement> {
  const { buildDir, route = '/rules', runs = 5, cpuSlowdown = 4 } = options;
  const loadAverage = Number(os.loadavg()[0].toFixed(2));
  const server = await startStaticServer({ dir: buildDir, port: 0, host: '127.0.0.1', baseUrl: '/' });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const firstMs: number[] = [];
  const againMs: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await page.goto(new URL(route, server.url).href, { waitUntil: 'networkidle' });
      const box = (await page.locator('.navbar-menu-button').boundingBox())!;
      const menu = page.getByRole('dialog', { name: 'Navigation menu' });
      const tap = async () => {
        const started = performance.now();
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
        await menu.waitFor({ timeout: 120_000 });
        return Math.round(performance.now() - started);
      };
      firstMs.push(await tap());
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', timeout: 120_000 });
      againMs.push(await tap());
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { route, cpuSlowdown, loadAverage, firstMs, againMs };
}
