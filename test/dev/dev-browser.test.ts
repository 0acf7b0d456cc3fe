import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevRun, type DevRun } from './dev-helpers.ts';

// The live-reload script in a real browser: reload after an edit, the error overlay, recovery.
// Uses Debian's Chromium like test/browser; without it the suite is skipped (a failure under CI).
const chromiumPath = '/usr/bin/chromium';
const hasChromium = existsSync(chromiumPath);
if (!hasChromium && process.env.CI === 'true') throw new Error(`Chromium is missing at ${chromiumPath}`);

let dev: DevRun;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  dev = await startDevRun('dev-site');
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  await page.goto(`${dev.server.url}/guide`);
  // The tab counts as connected once the server has its event stream open (the test's own
  // listener is the first client).
  for (let i = 0; dev.server.liveReload.clients < 2; i++) {
    if (i > 200) throw new Error('the page never opened its live-reload stream');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

describe.skipIf(!hasChromium)('live reload in the browser', () => {
  it('reloads the open tab after an edit', async () => {
    const guide = dev.site.read('content/docs/guide.md');
    const reloaded = page.waitForEvent('load');
    dev.site.write('content/docs/guide.md', guide.replace('How to steer the snake.', 'How to steer the snake, live.'));
    await reloaded;
    await expect.poll(() => page.textContent('main')).toContain('How to steer the snake, live.');
  });

  it('shows an overlay listing the errors, and reloads once they are fixed', async () => {
    const guide = dev.site.read('content/docs/guide.md');
    dev.site.write('content/docs/guide.md', '---\nsidebar_position: abc\n---\n\nText.\n');
    const overlay = page.locator('#__sitegen-overlay');
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('alertdialog');
    expect(await overlay.locator('pre').allTextContents()).toEqual([
      'content/docs/guide.md:2:1  error  Expected `sidebar_position` to be a number, got `"abc"`  content/front-matter',
    ]);
    // The page under it is still the last good build.
    expect(await page.textContent('main')).toContain('How to steer the snake, live.');

    const reloaded = page.waitForEvent('load');
    dev.site.write('content/docs/guide.md', guide.replace('live.', 'fixed.'));
    await reloaded;
    await expect.poll(() => page.textContent('main')).toContain('How to steer the snake, fixed.');
    expect(await page.locator('#__sitegen-overlay').count()).toBe(0);
  });
});
