import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumPath, hasChromium, startDevRun, type DevRun } from './dev-helpers.ts';

if (!hasChromium && process.env.CI === 'true') throw new Error(`Chromium is missing at ${chromiumPath}`);

// The live-reload script in a real browser: reload after an edit, the error overlay, recovery.
// Uses Debian's Chromium like test/browser; without it the suite is skipped (a failure under CI).

let dev: DevRun;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  dev = await startDevRun('dev-site');
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  page = await openPage();
  await page.goto(`${dev.server.url}/guide`);
  // The tab counts as connected once the server has its event stream open (the test's own
  // listener is the first client).
  await connected(2);
});

/** Waits (polling, up to a minute) until the server has `clients` live-reload streams open. */
function connected(clients: number): Promise<void> {
  return vi.waitFor(() => {
    if (dev.server.liveReload.clients < clients) throw new Error('the page never opened its live-reload stream');
  }, { timeout: 60_000, interval: 25 });
}

/** A new tab whose waits are generous: a busy machine makes a test slower, never red. */
async function openPage(): Promise<Page> {
  const tab = await browser.newPage();
  tab.setDefaultTimeout(120_000);
  tab.setDefaultNavigationTimeout(120_000);
  return tab;
}

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

/** Marks the document: a reload loses the mark, an in-place update keeps it. */
const mark = () => page.evaluate(() => { (window as unknown as { devMark: number }).devMark = 1; });
// A navigation under way (a second reload, from a late second report of an edit) destroys the
// context the question runs in: the mark is gone with it.
const marked = () => page.evaluate(() => (window as unknown as { devMark?: number }).devMark === 1)
  .catch((error: Error) => (/Execution context was destroyed/.test(error.message) ? false : Promise.reject(error)));

describe.skipIf(!hasChromium)('live reload in the browser', () => {
  it('shows a Markdown edit in place: no reload, the scroll position and open categories kept', async () => {
    // Issue 16 › 4. A tall page, scrolled, with the Reference category opened by the reader.
    await page.setViewportSize({ width: 1280, height: 400 });
    const guide = dev.site.read('content/docs/guide.md');
    const reference = page.locator('.docs-sidebar .sidebar-category').filter({ hasText: 'Reference' }).locator('> details').first();
    await reference.locator('> summary').click();
    expect(await reference.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 120));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await mark();

    dev.site.write('content/docs/guide.md', guide.replace('Turn left, turn right, or keep going.', 'Turn left, turn right, or keep going, live.'));
    await expect.poll(() => page.textContent('main'), { timeout: 60_000 }).toContain('or keep going, live.');
    expect(await marked()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await reference.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // Enhancements run on the new content too (the heading anchors, the copy buttons).
    expect(await page.locator('main h2#moves').count()).toBe(1);
  });

  it('shows an edit in place also when it comes before client navigation has loaded', async () => {
    // Navigation loads at the reader's first sign of intent (none here) or with an update: hold
    // its code back until the update is in.
    const early = await openPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await early.route('**/assets/js/navigation.*.js', async (route) => { await held; await route.continue(); });
    const before = dev.server.liveReload.clients;
    await early.goto(`${dev.server.url}/guide`);
    await connected(before + 1);
    // Hydrated (in dev, without waiting for intent), waiting for the reader's intent: nothing
    // loaded beyond the page's own scripts.
    await early.waitForFunction(() => document.documentElement.dataset.intent === 'waiting'
      && Object.keys(document.querySelector('.navbar-inner') ?? {}).some((k) => k.startsWith('__reactProps')));
    await early.evaluate(() => { (window as unknown as { devMark: number }).devMark = 1; });
    const guide = dev.site.read('content/docs/guide.md');
    dev.site.write('content/docs/guide.md', guide.replace('or keep going, live.', 'or keep going, early.'));
    // The update arrived (the server sent it) while navigation was still held back.
    await expect.poll(() => early.evaluate(() => document.documentElement.dataset.navigation ?? 'none'), { timeout: 60_000 }).toBe('none');
    release();
    await expect.poll(() => early.textContent('main'), { timeout: 60_000 }).toContain('or keep going, early.');
    expect(await early.evaluate(() => (window as unknown as { devMark?: number }).devMark)).toBe(1);
    dev.site.write('content/docs/guide.md', guide);
    await expect.poll(() => early.textContent('main'), { timeout: 60_000 }).toContain('or keep going, live.');
    await early.close();
  });

  it('reloads the tab after a change every page shares (a sidebar label) or a theme edit', async () => {
    const cli = dev.site.read('content/docs/reference/cli.md');
    await mark();
    let reloaded = page.waitForEvent('load');
    dev.site.write('content/docs/reference/cli.md', cli.replace(/title: .*/, 'title: Command line tool'));
    await reloaded;
    expect(await marked()).toBe(false);
    await expect.poll(() => page.textContent('.docs-sidebar'), { timeout: 60_000 }).toContain('Command line tool');

    await mark();
    reloaded = page.waitForEvent('load');
    dev.site.write('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer className="footer">Footer from the dev test</footer>;\n}\n');
    await reloaded;
    expect(await marked()).toBe(false);
    // The load may come from a late second report of the earlier edit: wait for the footer itself.
    await expect.poll(() => page.textContent('footer'), { timeout: 60_000 }).toContain('Footer from the dev test');
    // Put the site back, waiting on what the tab shows rather than on load events (a late one
    // from an earlier edit would let the next test start against a half-restored site).
    dev.site.remove('theme/layout/footer.tsx');
    await expect.poll(() => page.textContent('footer'), { timeout: 60_000 }).not.toContain('Footer from the dev test');
    dev.site.write('content/docs/reference/cli.md', cli);
    await expect.poll(() => page.textContent('.docs-sidebar'), { timeout: 60_000 }).not.toContain('Command line tool');
  });

  it('shows an overlay listing the errors, and updates the page once they are fixed', async () => {
    const guide = dev.site.read('content/docs/guide.md');
    dev.site.write('content/docs/guide.md', '---\nsidebar_position: abc\n---\n\nText.\n');
    const overlay = page.locator('#__sitegen-overlay');
    await overlay.waitFor();
    expect(await overlay.getAttribute('role')).toBe('alertdialog');
    expect(await overlay.locator('pre').allTextContents()).toEqual([
      'content/docs/guide.md:2:1  error  Expected `sidebar_position` to be a number, got `"abc"`  content/front-matter',
    ]);
    // The page under it is still the last good build.
    expect(await page.textContent('main')).toContain('or keep going, live.');

    await mark();
    dev.site.write('content/docs/guide.md', guide.replace('live.', 'fixed.'));
    await expect.poll(() => page.textContent('main'), { timeout: 60_000 }).toContain('or keep going, fixed.');
    expect(await page.locator('#__sitegen-overlay').count()).toBe(0);
    expect(await marked()).toBe(true);
  });
});
