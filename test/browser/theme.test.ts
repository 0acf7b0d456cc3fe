import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { afterFrames, goto, noBrowser, useBrowser } from './harness.ts';

// Issue 8: every part of the theme is present with the right roles and names, at desktop and
// phone widths, and its interactive parts behave.

const tabs = useBrowser();

const navbarLinks: [string, string][] = [
  ['Docs', '/'], ['Quickstart', '/quickstart'], ['Starter Projects', '/starter-projects'], ['API Reference', '/api'], ['Blog', '/blog'],
];
const iconLinks: [string, RegExp][] = [
  ['Serpent Arena on GitHub', /^https:\/\/github\.com\//], ['Serpent Arena on Discord', /^https:\/\/discord\.gg\//],
];

/** Tag name, id and text of the focused element, for readable assertions. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), id: el?.id, text: el?.textContent?.trim().slice(0, 40), inMain: !!el?.closest('#main-content') };
  });
}

async function expectLinks(scope: Locator, links: [string, string | RegExp][]) {
  for (const [name, href] of links) {
    const link = scope.getByRole('link', { name, exact: true });
    await expect.poll(() => link.isVisible(), { message: `link ${name}` }).toBe(true);
    if (typeof href === 'string') expect(await link.getAttribute('href')).toBe(href);
    else expect(await link.getAttribute('href')).toMatch(href);
  }
}

/** /api/objects/serpent at 1280 px, hydrated, for the tests that only read it (breadcrumbs, docs sidebar). */
const serpentPage = tabs.shared({ path: '/api/objects/serpent' });

describe.skipIf(noBrowser).each([1280, 375])('page chrome at %ipx', (width) => {
  const mobile = width < 996;
  /** The home page at this width, hydrated, for the tests that only read it (announcement bar, footer). */
  const homePage = tabs.shared({ path: '/', width });

  it('makes the skip link the first focusable element, and it moves focus to the main content', async () => {
    const { page } = await tabs.open({ path: '/rules', width });
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await expect.poll(() => page.locator('.skip-link').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'main-content' });
    // The next Tab continues inside the main content, not in the navbar.
    await page.keyboard.press('Tab');
    expect((await focused(page)).inMain).toBe(true);
  });

  it('shows the closeable announcement bar above the navbar', async () => {
    const { page } = await homePage();
    const bar = page.getByRole('region', { name: 'Announcement' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.textContent()).toContain('Season 8 of the Coil League');
    expect(await bar.getByRole('link', { name: 'Read the announcement' }).getAttribute('href')).toBe('/blog/2023/12/04/season-7-recap-and-season-8');
    expect(await bar.locator('summary.announcement-close[aria-label="Close announcement"]').isVisible()).toBe(true);
    const [barBox, navBox] = [await bar.boundingBox(), await page.locator('header.navbar').boundingBox()];
    expect(barBox!.y + barBox!.height).toBeLessThanOrEqual(navBox!.y + 1);
  });

  it('has a navbar with logo, title, links, icon links, search button and colour toggle', async () => {
    const { page } = await tabs.open({ path: '/rules', width });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const brand = nav.getByRole('link', { name: 'Serpent Arena logo Serpent Arena' });
    expect(await brand.getAttribute('href')).toBe('/');
    expect(await brand.locator('.logo-light').isVisible()).toBe(true);
    expect(await brand.locator('.logo-dark').isVisible()).toBe(false);
    const search = nav.getByRole('button', { name: 'Search', exact: true });
    expect(await search.isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: /^Colour mode/ }).isVisible()).toBe(true);
    if (!mobile) {
      expect(await search.locator('kbd').innerText()).toMatch(/Ctrl\s*K/);
      await expectLinks(nav, [...navbarLinks, ...iconLinks]);
      // A page of the Docs section, not the Docs page itself (issue 29 › 7).
      expect(await nav.getByRole('link', { name: 'Docs', exact: true }).getAttribute('aria-current')).toBe('true');
      expect(await nav.locator('.navbar-menu-button').isVisible()).toBe(false);
    } else {
      // Below 996px the links live in the mobile menu.
      for (const [name] of navbarLinks) expect(await nav.getByRole('link', { name, exact: true }).isVisible()).toBe(false);
      await nav.locator('.navbar-menu-button').click();
      await expectLinks(page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('list').first(), [...navbarLinks, ...iconLinks]);
    }
  });

  it('switches the logo to its dark variant in dark mode', async () => {
    const { page } = await tabs.open({ path: '/', width, theme: 'dark' });
    const brand = page.locator('.navbar-brand');
    expect(await brand.locator('.logo-dark').isVisible()).toBe(true);
    expect(await brand.locator('.logo-light').isVisible()).toBe(false);
  });

  it('has a footer with Get Started, Resources, Community and More, and a copyright line', async () => {
    const { page } = await homePage();
    const footer = page.getByRole('contentinfo');
    for (const group of ['Get Started', 'Resources', 'Community', 'More']) {
      const nav = footer.getByRole('navigation', { name: group });
      expect(await nav.getByRole('heading', { name: group }).isVisible()).toBe(true);
      expect(await nav.getByRole('link').count()).toBeGreaterThanOrEqual(3);
    }
    expect(await footer.getByText(/^Copyright © 2019–2023 Coilworks/).isVisible()).toBe(true);
  });

  it('opens the search dialog from the navbar button; Esc closes it', async () => {
    const { page } = await tabs.open({ path: '/', width });
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByPlaceholder('Search docs');
    // The modal's code may still be on its way (it is fetched at the first sign of intent).
    await expect.poll(() => input.isVisible()).toBe(true);
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('labels the breadcrumbs and marks the current crumb', async () => {
    const { page } = width === 1280 ? await serpentPage() : await tabs.open({ path: '/api/objects/serpent', width });
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await crumbs.getByRole('listitem').allInnerTexts()).toEqual(['Home', 'API Reference', 'Objects', 'Serpent']);
    expect(await crumbs.getByRole('link', { name: 'API Reference' }).getAttribute('href')).toBe('/api');
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe('Serpent');
  });

  it('leads from every section crumb to the section\'s overview page (issue 40 › 4)', async () => {
    // Each crumb from a fresh load of its page, all in one context: nothing here writes storage.
    const { page } = await tabs.open({ width });
    for (const [path, label, href] of [['/api/objects/serpent', 'Objects', '/api/objects'], ['/guides/tournaments', 'Guides', '/guides'],
      ['/policies/terms', 'Policies', '/policies'], ['/maps/wrapped', 'Modes and maps', '/maps']]) {
      await goto(page, path);
      const crumb = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: label });
      expect(await crumb.getAttribute('href'), path).toBe(href);
      await crumb.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href);
      expect(await page.locator('article h1').innerText()).not.toBe('');
      // The overview says what each of its pages is for: a link with words around it.
      expect(await page.locator(`article a[href^="${href}/"]`).count(), href).toBeGreaterThan(2);
    }
  });

  it('shows the version label and an edit link on doc pages', async () => {
    const { page } = await tabs.open({ path: '/rules', width });
    expect(await page.locator('main').getByText('Version: Next').isVisible()).toBe(true);
    const edit = page.getByRole('link', { name: 'Edit this page' });
    expect(await edit.getAttribute('href')).toMatch(/^https:\/\/github\.com\/serpent-arena\/docs\/edit\/main\/content\/docs\/.*rules\.md$/);
  });
});

describe.skipIf(noBrowser)('mobile menu (375px)', () => {
  /** The menu button is a `<summary>`: its `<details>` says whether the menu is expanded. */
  const expanded = (page: Page) => page.locator('.navbar-menu').evaluate((d) => (d as HTMLDetailsElement).open);
  async function openMenu(page: Page) {
    const button = page.locator('.navbar-menu-button');
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Navigation menu' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await expanded(page)).toBe(true);
    return { button, dialog };
  }
  // The docs sidebar below the menu's links is the page's own, which the open dialog owns (aria-owns).
  const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"], .docs-sidebar'));
  const focusIsMenuButton = (page: Page) => page.evaluate(() => !!document.activeElement?.classList.contains('navbar-menu-button'));

  it('shows every link\'s label whole at 375 and 360 px; a label too long for its row ends in an ellipsis', async () => {
    for (const width of [375, 360]) {
      const { page } = await tabs.open({ path: '/rules', width });
      const { dialog } = await openMenu(page);
      const cut = await dialog.locator('.mobile-menu-items a').evaluateAll((links) => links
        .map((a) => (a.querySelector('.mobile-menu-label') ?? a) as HTMLElement)
        .filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
      expect(cut, `at ${width} px`).toEqual([]);
      // A site's longer label (Discord's, as this site once named it) keeps inside its row.
      const long = await dialog.locator('.mobile-menu-label').last().evaluate((label) => {
        label.textContent = 'Serpent Arena Discord community and friends';
        const panel = label.closest('.mobile-menu')!.getBoundingClientRect();
        return { ellipsis: getComputedStyle(label).textOverflow, cut: label.scrollWidth > label.clientWidth, inside: label.getBoundingClientRect().right <= panel.right };
      });
      expect(long).toEqual({ ellipsis: 'ellipsis', cut: true, inside: true });
    }
  });

  it('moves focus in, traps Tab in both directions and closes with Esc, returning focus', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    const { button, dialog } = await openMenu(page);
    // The menu moves focus in once it is open, which on a busy machine can be a frame after it shows.
    await expect.poll(() => focusInDialog(page)).toBe(true);
    const stops = await page.locator('[role="dialog"] :is(a[href], button, summary):visible, .docs-sidebar :is(a[href], summary):visible').count();
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops + 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog(page), `Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => expanded(page)).toBe(false);
    await expect.poll(() => focusIsMenuButton(page)).toBe(true);
    expect(await button.isVisible()).toBe(true);
  });

  it('closes with the close button and with a backdrop click', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    let { dialog } = await openMenu(page);
    await dialog.getByRole('button', { name: 'Close navigation menu' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusIsMenuButton(page)).toBe(true);
    ({ dialog } = await openMenu(page));
    // The panel covers the left of the screen; the backdrop shows on the right.
    await page.mouse.click(365, 400);
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focusIsMenuButton(page)).toBe(true);
  });

  it('holds the docs sidebar on docs pages, and not on blog pages', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    let { dialog } = await openMenu(page);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    expect(await sidebar.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-owns')).toBe(await page.locator('.docs-sidebar').getAttribute('id'));
    // Below the menu's links, not over them.
    const [links, below] = [await dialog.locator('.mobile-menu-items').boundingBox(), await sidebar.boundingBox()];
    expect(below!.y).toBeGreaterThanOrEqual(links!.y + links!.height - 1);
    expect(await sidebar.getByRole('link', { name: 'Rules', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    // The menu button works once the page is hydrated (the entry loads after the first paint).
    await goto(page, '/blog');
    ({ dialog } = await openMenu(page));
    expect(await page.getByRole('navigation', { name: 'Docs sidebar' }).count()).toBe(0);
    expect(await dialog.getAttribute('aria-owns')).toBe(null);
  });

  it('closes when a link in it navigates', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    const { dialog } = await openMenu(page);
    await dialog.getByRole('list').first().getByRole('link', { name: 'Quickstart', exact: true }).click();
    await page.waitForURL('**/quickstart');
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe.skipIf(noBrowser)('docs sidebar (1280px)', () => {
  it('opens the current page’s category and marks the page with aria-current', async () => {
    const { page } = await serpentPage();
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const current = sidebar.locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['Serpent']);
    expect(await current.isVisible()).toBe(true);
    // Every category on the way to the page is open, the others are closed.
    const openSummaries = await sidebar.locator('details[open]').evaluateAll((ds) => ds.map((d) => d.parentElement!.querySelector(':scope > a, :scope > details > summary')!.textContent!.trim()));
    expect(openSummaries).toEqual(['API Reference', 'Objects']);
  });

  it('collapses and expands categories independently', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const details = (label: string) => page.locator('.docs-sidebar .sidebar-category').filter({ hasText: label }).locator('> details').first();
    const summary = (label: string) => details(label).locator('> summary');
    const isOpen = (label: string) => details(label).evaluate((d) => (d as HTMLDetailsElement).open);
    expect(await isOpen('Getting Started')).toBe(true);
    expect(await isOpen('Guides')).toBe(false);
    await summary('Guides').click();
    expect(await isOpen('Guides')).toBe(true);
    expect(await isOpen('Getting Started')).toBe(true);
    await summary('Maps').click();
    await summary('Getting Started').click();
    expect(await isOpen('Getting Started')).toBe(false);
    expect(await isOpen('Guides')).toBe(true);
    expect(await isOpen('Maps')).toBe(true);
    await summary('Guides').click();
    expect(await isOpen('Guides')).toBe(false);
    expect(await isOpen('Maps')).toBe(true);
  });
});

describe.skipIf(noBrowser)('table of contents', () => {
  it('lists exactly the page’s h2 and h3 headings, in order', async () => {
    // One context, each page loaded in it: the test only reads them.
    const { page } = await tabs.open();
    for (const path of ['/rules', '/api/objects/serpent', '/quickstart']) {
      await goto(page, path);
      const headings = await page.locator('article .markdown').locator('h2[id], h3[id], h4[id], h5[id], h6[id]').evaluateAll((hs) => hs.map((h) => ({ id: h.id, level: h.tagName })));
      const expected = headings.filter((h) => h.level === 'H2' || h.level === 'H3').map((h) => `#${h.id}`);
      expect(expected.length).toBeGreaterThan(2);
      const toc = page.getByRole('navigation', { name: 'On this page' });
      expect(await toc.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), path).toEqual(expected);
    }
  });

  it('leaves out headings below level 3 (fixture page with an h4)', async () => {
    const { page } = await tabs.open({ site: 'options', path: '/' });
    expect(await page.locator('article h4#hazard-damage').count()).toBe(1);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '#scrolling-down', '#scrolling-up', '#a-longer-section', '#another-section', '#hazards-in-detail', '#the-last-section',
    ]);
  });

  it('highlights the section being read while scrolling', async () => {
    const { page } = await tabs.open({ path: '/rules' });
    const active = () => page.locator('.toc [aria-current="location"]').getAttribute('href');
    expect(await active()).toBe('#the-board');
    const ids = await page.locator('.toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    for (const id of [ids[3], ids[8], ids[12]]) {
      await page.evaluate((target) => {
        const el = document.getElementById(target)!;
        window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - 80);
      }, id);
      await expect.poll(active, { message: `after scrolling to #${id}` }).toBe(`#${id}`);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(active).toBe(`#${ids[ids.length - 1]}`);
  });

  it('is a collapsible "On this page" above the article on narrow screens', async () => {
    const { page } = await tabs.open({ path: '/rules', width: 375 });
    const toc = page.locator('details.toc-mobile');
    expect(await toc.isVisible()).toBe(true);
    expect(await toc.getByRole('link').first().isVisible()).toBe(false);
    await toc.locator('summary', { hasText: 'On this page' }).click();
    expect(await toc.getByRole('link', { name: 'The board' }).isVisible()).toBe(true);
  });
});

describe.skipIf(noBrowser)('code blocks', () => {
  it('copies the code with the copy button', async () => {
    const { page, context } = await tabs.open({ path: '/quickstart' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const block = page.locator('.code-block').filter({ has: page.locator('.code-block-title', { hasText: 'server.js' }) });
    const button = block.getByRole('button', { name: 'Copy code' });
    await block.hover();
    await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
    await button.click();
    await expect.poll(() => block.getByRole('button').innerText()).toBe('Copied');
    const code = await block.locator('pre code').innerText();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code.replace(/\n$/, ''));
    expect(code).toContain("from 'node:http'");
  });
});

describe.skipIf(noBrowser)('category index pages', () => {
  it.each(['/getting-started', '/api'])('%s shows a card with a description for each page of the category', async (route) => {
    const { page } = await tabs.open({ path: route });
    const article = page.locator('article');
    expect(await article.getByRole('heading', { level: 1 }).innerText()).not.toBe('');
    expect((await article.locator('.category-description').innerText()).length).toBeGreaterThan(20);
    // The category's pages and child categories, as the sidebar lists them: a child category
    // without a page of its own is linked through its first page.
    const sidebarLinks = await page.locator('.docs-sidebar .sidebar-category').filter({ has: page.locator(`> a[href="${route}"]`) })
      .locator('> details > ul > li').evaluateAll((lis) => lis.map((li) => (li.querySelector(':scope > a') ?? li.querySelector('a[href]'))?.getAttribute('href')));
    const cards = article.locator('a.card');
    expect(await cards.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(sidebarLinks);
    for (const card of await cards.all()) {
      expect((await card.locator('.card-title').innerText()).length).toBeGreaterThan(2);
      expect((await card.locator('.card-description').innerText()).length).toBeGreaterThan(10);
    }
  });
});

describe.skipIf(noBrowser)('blog', () => {
  it('lists ten posts per page with authors, avatars, date, reading time and Read more', async () => {
    const { page } = await tabs.open({ path: '/blog' });
    const posts = page.locator('article.blog-post-preview');
    expect(await posts.count()).toBe(10);
    for (const post of await posts.all()) {
      const title = await post.getByRole('heading', { level: 2 }).innerText();
      expect(await post.locator('time[datetime]').innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/);
      expect(await post.innerText()).toMatch(/\d+ min read/);
      const authors = post.getByRole('list', { name: 'Authors' }).getByRole('listitem');
      expect(await authors.count()).toBeGreaterThan(0);
      for (const author of await authors.all()) {
        const avatar = author.locator('img.avatar');
        expect(await avatar.count(), `avatar in ${title}`).toBe(1);
        // Loaded (lazily, once scrolled to), not broken.
        await avatar.scrollIntoViewIfNeeded();
        await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
      }
      const more = post.getByRole('link', { name: `Read more about ${title}` });
      expect((await more.innerText()).startsWith('Read more')).toBe(true);
    }
  });

  it('pages through the list with newer and older links', async () => {
    const { page } = await tabs.open({ path: '/blog' });
    const pager = page.getByRole('navigation', { name: 'Blog list page navigation' });
    expect(await pager.getByRole('link').allInnerTexts()).toEqual(['Older posts »']);
    expect(await pager.getByRole('link').getAttribute('href')).toBe('/blog/page/2');
    await page.goto('/blog/page/2');
    expect(await pager.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([
      ['« Newer posts', '/blog'], ['Older posts »', '/blog/page/3'],
    ]);
    await page.goto('/blog/page/5');
    expect(await pager.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))).toEqual([['« Newer posts', '/blog/page/4']]);
    expect(await page.locator('article.blog-post-preview').count()).toBe(10);
  });

  it('shows a post with authors, date, reading time, TOC and previous/next posts', async () => {
    const { page } = await tabs.open({ path: '/blog' });
    const second = page.locator('article.blog-post-preview').nth(1).getByRole('heading', { level: 2 }).getByRole('link');
    const [title, href] = [await second.innerText(), await second.getAttribute('href')];
    await page.goto(href!);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    const post = page.locator('article.blog-post');
    expect(await post.locator('header time[datetime]').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await post.locator('header').innerText()).toMatch(/\d+ min read/);
    expect(await post.getByRole('list', { name: 'Authors' }).locator('img.avatar').count()).toBeGreaterThan(0);
    const toc = page.getByRole('navigation', { name: 'On this page' });
    expect(await toc.getByRole('link').count()).toBeGreaterThan(0);
    const pager = page.getByRole('navigation', { name: 'Blog post page navigation' });
    expect(await pager.getByRole('link').allInnerTexts()).toEqual([expect.stringMatching(/^Newer post\s*« .+/), expect.stringMatching(/^Older post\s*.+ »$/)]);
  });

  it('archives every post by year, newest first', async () => {
    const { page } = await tabs.open({ path: '/blog/archive' });
    const years = await page.locator('.archive-year h2').allInnerTexts();
    expect(years).toEqual(['2023', '2022', '2021', '2020', '2019']);
    expect(await page.locator('.archive-year li a').count()).toBe(50);
    for (const year of years) {
      const dates = await page.locator('.archive-year', { has: page.getByRole('heading', { name: year }) }).locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
      expect(dates.length, year).toBeGreaterThan(0);
      expect(dates.every((d) => d.startsWith(year))).toBe(true);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('shows no blog sidebar on the real site (blog.sidebarCount is 0)', async () => {
    const { page } = await tabs.open({ path: '/blog' });
    expect(await page.getByRole('navigation', { name: 'Blog recent posts navigation' }).count()).toBe(0);
    await page.goto('/blog/2023/12/04/season-7-recap-and-season-8');
    expect(await page.getByRole('navigation', { name: 'Blog recent posts navigation' }).count()).toBe(0);
  });

  it('shows the three most recent posts in the sidebar when blog.sidebarCount is 3 (fixture)', async () => {
    const { page } = await tabs.open({ site: 'options', path: '/blog' });
    for (const path of ['/blog', '/blog/2022/01/10/post-1', '/blog/archive']) {
      await page.goto(path);
      const sidebar = page.getByRole('navigation', { name: 'Blog recent posts navigation' });
      expect(await sidebar.getByRole('heading').innerText()).toBe('Recent posts');
      expect(await sidebar.getByRole('link').allInnerTexts(), path).toEqual(['Fixture post 4', 'Fixture post 3', 'Fixture post 2']);
      expect(await sidebar.isVisible()).toBe(true);
    }
  });
});

describe.skipIf(noBrowser)('not-found page', () => {
  it('says the page was not found, with HTTP 404, a search field and the main links', async () => {
    const { page } = await tabs.open();
    const response = await page.goto('/does-not-exist');
    expect(response!.status()).toBe(404);
    await afterFrames(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
    expect(await page.getByRole('search').getByPlaceholder('Search docs').isVisible()).toBe(true);
    await expectLinks(page.locator('main'), navbarLinks);
  });
});
