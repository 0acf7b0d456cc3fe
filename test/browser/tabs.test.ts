import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterFrames, afterRequests, env, goto, noBrowser, routePageFetch, site, useBrowser, waitForRoute, type OpenOptions } from './harness.ts';
import { FIXTURE_PATH, SCRIPT_PATH, fixtureHtml, serveFixture, tabsGroupHtml, tabsScript } from './mdx-fixture.tsx';

// Issue 30 › 2–3: `@theme/Tabs` in the browser, on a page made of the components' server output
// and the tabs script (theme/client/tabs.ts), served on the real site's origin with its stylesheet.

const tabs = useBrowser();
let files: { html: string; script: string };

beforeAll(async () => {
  if (noBrowser) return;
  const home = await (await fetch(site())).text();
  const stylesheet = /<link rel="stylesheet" href="([^"]*\/main\.[^"]*\.css)"/.exec(home)?.[1];
  if (!stylesheet) throw new Error('Cannot find the stylesheet of the built site');
  // The MDX components' stylesheet, which pages with tabs link besides the main one (no page of
  // the real site has tabs, so it is found among the built files).
  const css = await readdir(path.join(env!.outDirs.real, 'assets/css'));
  const mdx = css.find((f) => /^mdx\.[^.]+\.css$/.test(f));
  if (!mdx) throw new Error(`Cannot find the MDX stylesheet of the built site among ${css.join(', ')}`);
  files = { html: await fixtureHtml([stylesheet, `/assets/css/${mdx}`]), script: await tabsScript() };
});

/** Opens the fixture page (optionally with a query string) and waits for the tabs script. */
async function openFixture(options: OpenOptions & { search?: string } = {}): Promise<Page> {
  const { search = '', ...open } = options;
  const { page, context } = await tabs.open(open);
  await serveFixture(context, files);
  await load(page, search, open.javaScriptEnabled !== false);
  return page;
}

async function load(page: Page, search = '', script = true): Promise<void> {
  await page.goto(FIXTURE_PATH + search);
  if (script) await page.waitForFunction(() => document.documentElement.hasAttribute('data-tabs-ready'));
}

/** Per group, the value of its selected tab and of its visible panel (they must agree). */
async function shown(page: Page): Promise<string[]> {
  return page.locator('.tabs-container').evaluateAll((groups) => groups.map((group) => {
    const tab = group.querySelector('[role="tab"][aria-selected="true"]') as HTMLElement;
    const visible = [...group.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((p) => p.checkVisibility());
    return visible.length === 1 && visible[0].dataset.value === tab.dataset.value ? tab.dataset.value! : `mismatch: ${tab.dataset.value} / ${visible.map((p) => p.dataset.value).join(',')}`;
  }));
}

const tab = (page: Page, group: number, name: string) => page.locator('.tabs-container').nth(group).getByRole('tab', { name, exact: true });

describe.skipIf(noBrowser)('tabs in the browser', () => {
  it('switch on click, and every group of the same groupId follows and is remembered', async () => {
    const page = await openFixture();
    expect(await shown(page)).toEqual(['py', 'js', 'linux']);
    await tab(page, 0, 'Go').click();
    expect(await shown(page)).toEqual(['go', 'go', 'linux']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.language'))).toBe('go');
    await expect.poll(() => page.evaluate(() => window.location.search)).toBe('');
    // The next visit shows the choice; a stored value a group does not have leaves it as it was.
    await load(page);
    expect(await shown(page)).toEqual(['go', 'go', 'linux']);
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.language', 'rust'));
    await load(page);
    expect(await shown(page)).toEqual(['py', 'rust', 'linux']);
  });

  it('keeps the tabs the reader used in place when a group above changes height', async () => {
    const page = await openFixture({ width: 375, height: 700 });
    // Room to scroll below the tabs, as a longer page has.
    await page.evaluate(() => { document.body.style.paddingBottom = '1500px'; });
    const used = tab(page, 1, 'Go');
    await used.scrollIntoViewIfNeeded();
    const before = await used.evaluate((e) => e.getBoundingClientRect().top);
    const above = await page.locator('.tabs-container').first().evaluate((e) => e.getBoundingClientRect().height);
    await used.click();
    await afterFrames(page);
    expect(await shown(page)).toEqual(['go', 'go', 'linux']);
    // The first group's Go panel is taller: without the correction the tabs would move down by the difference.
    expect(await page.locator('.tabs-container').first().evaluate((e) => e.getBoundingClientRect().height)).toBeGreaterThan(above + 40);
    expect(Math.abs((await used.evaluate((e) => e.getBoundingClientRect().top)) - before)).toBeLessThan(2);
  });

  it('move with the arrow keys, Home and End; one tab per group is in the tab order', async () => {
    const page = await openFixture();
    expect(await page.locator('[role="tab"][tabindex="0"]').count()).toBe(3);
    await tab(page, 1, 'JavaScript').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Go');
    expect(await shown(page)).toEqual(['go', 'go', 'linux']);
    await page.keyboard.press('End');
    // The first group has no Rust: it keeps Go.
    expect(await shown(page)).toEqual(['go', 'rust', 'linux']);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Python');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    expect(await shown(page)).toEqual(['py', 'py', 'linux']);
    expect(await tab(page, 1, 'Python').getAttribute('tabindex')).toBe('0');
    expect(await tab(page, 1, 'Rust').getAttribute('tabindex')).toBe('-1');
    // Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    // Enter and Space on a tab are clicks (it is a button).
    await tab(page, 2, 'macOS').focus();
    await page.keyboard.press('Enter');
    expect(await shown(page)).toEqual(['py', 'py', 'mac']);
  });

  it('read the query string on load, before the stored choice, and write it back without a new history entry', async () => {
    const page = await openFixture({ search: '?language=go&os=mac' });
    expect(await shown(page)).toEqual(['py', 'go', 'mac']);
    const entries = await page.evaluate(() => history.length);
    await tab(page, 2, 'Linux').click();
    await expect.poll(() => page.evaluate(() => window.location.search)).toBe('?language=go&os=linux');
    await tab(page, 0, 'JavaScript').click();
    // The first group has no queryString; its group-mate has, and follows it in storage, not in the URL.
    expect(await shown(page)).toEqual(['js', 'js', 'linux']);
    expect(await page.evaluate(() => window.location.search)).toBe('?language=go&os=linux');
    await tab(page, 1, 'Rust').click();
    await expect.poll(() => page.evaluate(() => window.location.search)).toBe('?language=rust&os=linux');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.language', 'py'));
    await load(page, '?language=go');
    expect(await shown(page)).toEqual(['py', 'go', 'linux']);
  });

  it('show the reader\'s choice in content that arrives later (client navigation, dev updates)', async () => {
    const page = await openFixture();
    await tab(page, 0, 'Go').click();
    // What client navigation does with the next page's content: the server's HTML, in place.
    const server = /<article class="markdown">([\s\S]*)<\/article>/.exec(files.html)![1];
    await page.evaluate((html) => {
      document.querySelector('article')!.innerHTML = html;
    }, server);
    await expect.poll(() => shown(page)).toEqual(['go', 'go', 'linux']);
    await tab(page, 2, 'macOS').click();
    expect(await shown(page)).toEqual(['go', 'go', 'mac']);
  });

  it('show every panel under its label without JavaScript', async () => {
    const page = await openFixture({ javaScriptEnabled: false });
    expect(await page.locator('[role="tablist"]').first().isVisible()).toBe(false);
    const panels = page.locator('[role="tabpanel"]');
    expect(await panels.count()).toBe(9);
    for (let i = 0; i < 9; i++) expect(await panels.nth(i).isVisible()).toBe(true);
    expect(await page.locator('.tab-panel-label').allTextContents()).toEqual(['Python', 'JavaScript', 'Go', 'Python', 'JavaScript', 'Go', 'Rust', 'Linux', 'macOS']);
    expect(await page.locator('.tab-panel-label').first().isVisible()).toBe(true);
  });

  it('have no axe-core violations in the view without JavaScript', async () => {
    // axe runs as a script: the page is the one a browser without script shows (no `.js`, no tabs script).
    const { page, context } = await tabs.open({ width: 375 });
    const html = files.html.replace("document.documentElement.classList.add('js');", '').replace(/<script type="module"[^>]*><\/script>/, '');
    await serveFixture(context, { ...files, html });
    await page.goto(FIXTURE_PATH);
    expect(await page.locator('.tab-panel-label').first().isVisible()).toBe(true);
    expect(await page.locator('[role="tabpanel"]').last().isVisible()).toBe(true);
    expect(await audit(page)).toEqual([]);
  });

  it('come with their script after a client navigation from a page without tabs', async () => {
    const { page, context } = await tabs.open();
    await serveFixture(context, files);
    const scriptRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/tabs\.[^/]*js$/.test(new URL(r.url()).pathname)) scriptRequests.push(new URL(r.url()).pathname);
    });
    // /rules's data file as the build would write it with tabs in its content (render-document.ts names the script).
    await routePageFetch(page, '/rules', async (route) => {
      const data = await (await route.fetch()).json() as { page: { contentHtml: string }; scripts: string[] };
      data.page.contentHtml = tabsGroupHtml + data.page.contentHtml;
      data.scripts = [...data.scripts, SCRIPT_PATH];
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(data) });
    });
    // Routed before the first page loads: a prefetch of /rules gets the page with tabs too.
    await goto(page, '/quickstart');
    await page.evaluate(() => localStorage.setItem('docusaurus.tab.language', 'go'));
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/rules', textContent: 'Rules', id: 'to-rules' });
      document.body.append(link);
    });
    await afterRequests(page);
    expect(scriptRequests).toEqual([]);
    await page.locator('#to-rules').click();
    await waitForRoute(page, '/rules');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-tabs-ready'));
    expect(scriptRequests).toEqual([SCRIPT_PATH]);
    expect(await shown(page)).toEqual(['go']);
    await tab(page, 0, 'Python').click();
    expect(await shown(page)).toEqual(['py']);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`have no axe-core violations in ${theme} mode, from 375 to 1440 px`, async () => {
      const page = await openFixture({ theme });
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await page.locator('.tab-panel-label').first().isVisible()).toBe(false);
      const found: string[] = [];
      for (const width of [375, 768, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        await afterFrames(page);
        found.push(...(await audit(page)).map((v) => `[${width}px] ${v}`));
        // The page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await tab(page, 1, 'Rust').hover();
      await tab(page, 1, 'Rust').focus();
      found.push(...(await audit(page)).map((v) => `[hover, focus] ${v}`));
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});

async function audit(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join('\n    ')}`);
}
