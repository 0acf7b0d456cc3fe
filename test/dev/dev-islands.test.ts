import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasChromium, startDevRun, type DevRun } from './dev-helpers.ts';

if (!hasChromium && process.env.CI === 'true') throw new Error(`Chromium is missing at ${chromiumPath}`);

// Issue 30 › 3 in `sitegen dev`: an edit of an MDX page with islands shows in the open tab and
// its islands work again; an edit of an island's own source reloads the tab with the new code.
// Uses Debian's Chromium like test/browser; without it the suite is skipped (a failure under CI).

let dev: DevRun;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  dev = await startDevRun('react-pages-site');
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  // A busy machine makes the test slower, never red.
  page.setDefaultTimeout(120_000);
  page.setDefaultNavigationTimeout(120_000);
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${dev.server.url}/docs/islands`);
  await islandsHydrated();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

async function islandsHydrated(): Promise<void> {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll('sitegen-island')];
    // The container marks a root that was created; props on its first element, one that has
    // hydrated (a click before that would be lost: a CI run saw '20 tides' after one).
    const hydratedNode = (node: Element | null) => !node || Object.keys(node).some((k) => k.startsWith('__reactProps'));
    return islands.length > 0 && islands.every((el) => Object.keys(el).some((k) => k.startsWith('__reactContainer')) && hydratedNode(el.firstElementChild));
  });
}

const mark = () => page.evaluate(() => { (window as unknown as { devMark: number }).devMark = 1; });
const marked = () => page.evaluate(() => (window as unknown as { devMark?: number }).devMark === 1);
const counter = () => page.getByRole('button', { name: 'Count a tide' }).first();
const firstOutput = () => page.locator('output').first().textContent();

describe.skipIf(!hasChromium)('MDX islands in sitegen dev', () => {
  it('show a text edit in place, and the islands of the new content work', async () => {
    await mark();
    const file = 'content/docs/islands.mdx';
    dev.site.write(file, dev.site.read(file).replace('Count the tides of a port that does not exist.', 'Count the tides of a port nobody has seen.'));
    await expect.poll(() => page.textContent('main'), { timeout: 60_000 }).toContain('nobody has seen');
    expect(await marked()).toBe(true);
    await islandsHydrated();
    await expect.poll(async () => {
      await counter().click();
      return firstOutput();
    }, { timeout: 30_000 }).not.toBe('2 tides');
  });

  it('reload the tab with the new code after an edit of an island', async () => {
    await mark();
    const file = 'content/docs/islands.mdx';
    dev.site.write(file, dev.site.read(file).replace('<TideCounter start={2}>', '<TideCounter start={20}>'));
    await expect.poll(firstOutput, { timeout: 60_000 }).toBe('20 tides');
    await islandsHydrated();
    await counter().click();
    expect(await firstOutput()).toBe('21 tides');
    expect(errors).toEqual([]);
  });
});
