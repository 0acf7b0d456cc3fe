import { describe, expect, it } from 'vitest';
import { siteConfigSchema, type SiteConfigInput } from '../../src/config/schema.ts';
import type { PageData } from '../../src/model.ts';
import { escapeHtml, inlinePageData, renderDocument, scriptJson, themeStylesheets, type DocumentAssets } from '../../src/render/render-document.ts';

const config = (over: Partial<SiteConfigInput> = {}) => siteConfigSchema.parse({ title: 'Arena & Co', url: 'https://arena.example', ...over });
const assets: DocumentAssets = {
  script: '/assets/js/entry.AAAA.js',
  stylesheet: '/assets/css/main.BBBB.css',
  pageStylesheets: { blog: '/assets/css/blog.EEEE.css', search: '/assets/css/search-page.FFFF.css', mdx: '/assets/css/mdx.GGGG.css', versions: '/assets/css/versions.HHHH.css' },
  headScript: 'void 0',
  preload: { doc: ['/assets/js/docs.CCCC.js'] },
  pageScripts: { tabs: '/assets/js/tabs.DDDD.js' },
  feeds: { rss: '/blog/rss.xml' },
  siteData: '/_chunks/site.0123456789.json',
};
const doc = (over: Partial<Extract<PageData, { type: 'doc' }>> = {}): PageData => ({
  type: 'doc', route: '/guide', title: 'Guide', head: { title: 'Guide | Arena & Co', description: 'How to "steer" <fast>' },
  contentHtml: '<p>Body</p>', toc: [], hideToc: false, breadcrumbs: [], isHome: false, ...over,
});

/** The JSON the page carries inline. */
const inline = (html: string) => JSON.parse(/<script type="application\/json" id="__sitegen">([\s\S]*?)<\/script>/.exec(html)![1]);
const tag = (html: string, re: RegExp) => html.split('\n').filter((l) => re.test(l));

describe('escapeHtml and scriptJson', () => {
  it('escapes text for attributes and text, & first', () => {
    expect(escapeHtml('a & "b" <c> &amp;')).toBe('a &amp; &quot;b&quot; &lt;c&gt; &amp;amp;');
  });

  it('writes JSON that cannot end its <script> element and survives as JavaScript', () => {
    const value = { html: '</script><script>alert(1)</script>', sep: 'a\u2028b\u2029c' };
    const json = scriptJson(value);
    expect(json).not.toContain('</script');
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('inlinePageData', () => {
  it('leaves out the body HTML of docs and posts and the excerpts of lists, which the markup holds', () => {
    expect(inlinePageData(doc())).toMatchObject({ type: 'doc', contentHtml: null, title: 'Guide' });
    const post = { type: 'blog-post', route: '/blog/p', title: 'P', head: { title: 'P', description: '' }, date: '2024-01-01', readingTime: 1, authors: [], contentHtml: '<p>x</p>', toc: [], hideToc: false, tags: [] } as PageData;
    expect(inlinePageData(post)).toMatchObject({ contentHtml: null });
    const summary = { title: 'P', route: '/blog/p', date: '2024-01-01', readingTime: 1, authors: [], description: '', excerptHtml: '<p>x</p>', truncated: true };
    const list = { type: 'blog-list', route: '/blog', title: 'Blog', head: { title: 'Blog', description: '' }, page: 1, totalPages: 1, posts: [summary], folds: { wide: -1, narrow: -1 } } as PageData;
    expect(inlinePageData(list)).toMatchObject({ posts: [{ ...summary, excerptHtml: null }] });
    // The original is not changed: the page is still rendered from it.
    expect((list as Extract<PageData, { type: 'blog-list' }>).posts[0].excerptHtml).toBe('<p>x</p>');
  });

  it('leaves out the sidebar state a big site keeps in a shared file, and only then', () => {
    const branches = { '/a': [] };
    expect(inlinePageData(doc({ sidebarState: '/_chunks/sidebar.x.page.json', sidebarBranches: branches, sidebarItems: [] })))
      .not.toHaveProperty('sidebarBranches');
    expect(inlinePageData(doc({ sidebarBranches: branches }))).toHaveProperty('sidebarBranches', branches);
  });

  it('passes other pages through as they are', () => {
    const search = { type: 'search', route: '/search', title: 'Search', head: { title: 'Search', description: '' } } as PageData;
    expect(inlinePageData(search)).toBe(search);
  });
});

describe('renderDocument', () => {
  it('writes the head every page needs, escaped, and the inline data naming the site data file', () => {
    const html = renderDocument({ config: config(), page: doc(), body: '<main>B</main>', assets, key: 'k1' });
    expect(html.startsWith('<!doctype html>\n<html lang="en" dir="ltr" data-theme="light">')).toBe(true);
    // The page key comes first after the charset: a later build reads it from the first bytes.
    expect(html.split('\n')[4]).toBe('<meta name="generator" content="sitegen" data-page-key="k1">');
    expect(html).toContain('<title>Guide | Arena &amp; Co</title>');
    expect(html).toContain('<meta name="description" content="How to &quot;steer&quot; &lt;fast&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://arena.example/guide">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml" title="Arena &amp; Co Blog RSS Feed">');
    expect(tag(html, /og:image|robots|atom\+xml/)).toEqual([]);
    expect(html).toContain('<script data-preload="/assets/js/docs.CCCC.js /_chunks/site.0123456789.json">void 0</script>');
    expect(html).toContain('<div id="__root"><main>B</main></div>');
    expect(inline(html)).toMatchObject({ siteUrl: '/_chunks/site.0123456789.json', page: { type: 'doc', contentHtml: null } });
  });

  it('puts the head script before every stylesheet, so that it runs while they download', () => {
    // After a stylesheet, an inline script waits for it, then runs in a task of its own before the
    // body is parsed; before them, it runs in the task that parses the head.
    const html = renderDocument({ config: config(), page: doc(), body: '', assets: { ...assets, siteStylesheet: '/assets/css/site.DDDD.css' }, key: 'k1' });
    const script = html.indexOf('<script data-preload=');
    expect(script).toBeGreaterThan(0);
    expect(html.indexOf('<link rel="stylesheet"')).toBeGreaterThan(script);
    // The page key stays first, the charset and viewport before the script.
    expect(html.indexOf('<meta name="viewport"')).toBeLessThan(script);
  });

  it('puts the base URL into every link it writes, once', () => {
    const html = renderDocument({ config: config({ baseUrl: '/docs-site/', favicon: '/img/icon.svg', socialImage: '/img/card.png' }), page: doc({ sidebarState: '/_chunks/sidebar.s.page.json' }), body: '', assets });
    expect(html).toContain('<link rel="canonical" href="https://arena.example/docs-site/guide">');
    expect(html).toContain('<meta property="og:image" content="https://arena.example/docs-site/img/card.png">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="icon" href="/docs-site/img/icon.svg" type="image/svg+xml">');
    expect(html).toContain('<link rel="stylesheet" href="/docs-site/assets/css/main.BBBB.css">');
    expect(html).toContain('data-preload="/assets/js/docs.CCCC.js /docs-site/_chunks/site.0123456789.json /docs-site/_chunks/sidebar.s.page.json"');
    expect(inline(html).siteUrl).toBe('/docs-site/_chunks/site.0123456789.json');
    expect(html).toContain('<meta name="generator" content="sitegen">');
  });

  it("uses a page's own absolute image as it is, and marks noindex pages", () => {
    const html = renderDocument({ config: config({ socialImage: '/img/card.png' }), page: doc({ head: { title: 'T', description: 'D', image: 'https://cdn.example/x.png', noIndex: true } }), body: '', assets });
    expect(html).toContain('<meta property="og:image" content="https://cdn.example/x.png">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('adds the config\'s head tags and scripts to every page\'s head, a local script under the base URL', () => {
    const html = renderDocument({
      config: config({
        baseUrl: '/base/',
        headTags: [
          { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example' } },
          { tagName: 'script', attributes: { type: 'application/ld+json' }, innerHTML: '{"@type":"Organization"}' },
        ],
        scripts: ['https://stats.example/s.js', { src: '/js/local.js', async: true, defer: false }],
      }),
      page: doc(), body: '<p>Body</p>', assets,
    });
    expect(html).toContain('<link rel="preconnect" href="https://fonts.example">\n<script type="application/ld+json">{"@type":"Organization"}</script>\n<script src="https://stats.example/s.js"></script>\n<script src="/base/js/local.js" async></script>');
  });

  it('gives the 404 page no canonical URL', () => {
    const page = { type: 'not-found', route: '/404', title: 'Not found', head: { title: 'Not found', description: '' } } as PageData;
    expect(renderDocument({ config: config(), page, body: '', assets })).not.toContain('rel="canonical"');
  });

  it('links the configured stylesheets (KaTeX) only on pages with math', () => {
    const stylesheets = [{ href: 'https://cdn.example/katex.css', integrity: 'sha384-x', crossorigin: 'anonymous' as const }];
    const link = '<link rel="stylesheet" href="https://cdn.example/katex.css" integrity="sha384-x" crossorigin="anonymous">';
    expect(renderDocument({ config: config({ stylesheets }), page: doc(), body: '<span class="katex">x</span>', assets })).toContain(link);
    expect(renderDocument({ config: config({ stylesheets }), page: doc(), body: '<p>no math</p>', assets })).not.toContain('katex.css');
  });

  it('links the theme\'s stylesheets for what a page shows: the blog\'s, the search page\'s, the MDX components\' (issue 41 › 4)', () => {
    const page = (type: string) => ({ ...doc(), type }) as PageData;
    expect(themeStylesheets(doc(), '<p>Body</p>')).toEqual([]);
    for (const type of ['blog-list', 'blog-post', 'blog-archive', 'blog-tags']) expect(themeStylesheets(page(type), '')).toEqual(['blog']);
    expect(themeStylesheets(page('search'), '')).toEqual(['search']);
    expect(themeStylesheets(page('not-found'), '')).toEqual(['search']);
    for (const body of [
      '<div class="tabs-container" data-tabs="t">', '<details class="details"><summary>S</summary>', '<details class="details mine">',
      '<span class="admonition-icon admonition-icon-custom" aria-hidden="true">🐍</span>', '<pre tabindex="0" class="shiki line-numbers">',
      '<sitegen-island data-island="ab:0">',
    ]) expect(themeStylesheets(doc(), body), body).toEqual(['mdx']);
    // The versions' on pages that show a version menu (navbar or phone menu) or a version's banner, and only there.
    for (const body of ['<details class="version-menu"><summary>', '<details class="version-menu mobile-version-menu">', '<aside class="version-banner" aria-label="Version">', '<details class="navbar-dropdown"><summary>Guild</summary>'])
      expect(themeStylesheets(doc(), body), body).toEqual(['versions']);
    expect(themeStylesheets(doc(), '<span class="version-badge">Version: Next</span>')).toEqual([]);
    // Text that only names them, and a `<details>` of raw HTML.
    for (const body of ['<p>class="details" and line-numbers</p>', '<details><summary>S</summary>']) expect(themeStylesheets(doc(), body), body).toEqual([]);
    const html = renderDocument({ config: config({ baseUrl: '/base/' }), page: page('blog-post'), body: '<pre class="line-numbers">', assets });
    expect(tag(html, /rel="stylesheet"/)).toEqual([
      '<link rel="stylesheet" href="/base/assets/css/main.BBBB.css">',
      '<link rel="stylesheet" href="/base/assets/css/blog.EEEE.css" data-theme-css>',
      '<link rel="stylesheet" href="/base/assets/css/mdx.GGGG.css" data-theme-css>',
    ]);
  });

  it('loads the tabs script only on pages with tabs (issue 30)', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { default: Tabs } = await import('../../theme/mdx/tabs.tsx');
    const { default: TabItem } = await import('../../theme/mdx/tab-item.tsx');
    const body = renderToString(createElement(Tabs, null, createElement(TabItem, { value: 'a' }, 'A')));
    const script = '<script type="module" src="/assets/js/tabs.DDDD.js" data-page-script></script>';
    expect(tag(renderDocument({ config: config(), page: doc(), body, assets }), /tabs\./)).toEqual([script]);
    expect(renderDocument({ config: config(), page: doc(), body: '<p><code>class="tabs-container"</code></p>', assets })).not.toContain('tabs.DDDD');
  });
});
