import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromDocusaurusConfig } from '../../src/config/docusaurus-config.ts';
import { docusaurusSiteFacts } from '../../src/config/docusaurus-site-facts.ts';
import { fromRoot, routePath } from '../../src/config/docusaurus-preset-config.ts';
import { mapThemeConfig, type Mapping } from '../../src/config/docusaurus-theme-config.ts';
import { resolveConfig } from '../../src/config/load-config.ts';

// Issue 39 › 1: a Docusaurus config read as sitegen's, with Docusaurus's defaults, and a note
// for everything sitegen does not do (its key path and what happens instead).

const root = '/sites/burrow';
const base = { title: 'Burrow', url: 'https://burrow.example.org/', baseUrl: '/' };
const mapped = (raw: object) => fromDocusaurusConfig({ ...base, ...raw }, root);
const resolved = (raw: object) => resolveConfig(mapped(raw).config);
const notesOf = (raw: object) => mapped(raw).notes.map((n) => `${JSON.stringify(n.parts)} ${n.message}`);

describe('a Docusaurus config, read as sitegen\'s', () => {
  it('takes Docusaurus\'s defaults: docs/ under /docs, blog/ with five recent posts, static/, every file MDX, anchors warned', () => {
    const config = resolved({});
    expect(config.url).toBe('https://burrow.example.org');
    expect(config.docs).toMatchObject({ path: 'docs', routeBasePath: '/docs' });
    expect(config.blog).toMatchObject({ path: 'blog', routeBasePath: '/blog', sidebarCount: 5 });
    expect(config.staticDirectories).toEqual(['static']);
    expect(config.markdown.format).toBe('mdx');
    expect(config.onBrokenAnchors).toBe('warn');
    expect(mapped({}).notes).toEqual([]);
  });

  it('maps the classic preset\'s docs, blog and pages, with paths from require.resolve made relative to the site', () => {
    const config = resolved({
      presets: [['@docusaurus/preset-classic', {
        docs: { path: 'guides', routeBasePath: '/', sidebarPath: path.join(root, 'sidebars.js'), editUrl: 'https://git.example.org/edit', showLastUpdateTime: true },
        blog: { path: 'news', routeBasePath: 'news/', blogSidebarCount: 'ALL', blogTitle: 'News', postsPerPage: 5, feedOptions: { type: ['rss', 'atom'], limit: 3 } },
        pages: { path: 'src/site-pages' },
      }]],
    });
    expect(config.docs).toMatchObject({ path: 'guides', routeBasePath: '/', sidebarPath: 'sidebars.js', showLastUpdateTime: true });
    expect(config.editUrl).toBe('https://git.example.org/edit/');
    expect(config.blog).toMatchObject({ path: 'news', routeBasePath: '/news', sidebarCount: 'ALL', title: 'News', postsPerPage: 5 });
    expect(config.blog.feedOptions).toMatchObject({ type: 'all', limit: 3 });
    expect(config.pages.path).toBe('src/site-pages');
  });

  it('allows a content folder the config puts outside the site, as Redux\'s `../docs`', () => {
    const config = resolved({ presets: [['classic', { docs: { path: '../docs' }, blog: false }]] });
    expect(config.docs.path).toBe('../docs');
    expect(config.allowedOutsideFolders).toEqual(['../docs']);
    expect(resolved({}).allowedOutsideFolders).toEqual([]);
  });

  it('reads the preset by its short name, and names any other preset and every plugin it does not run', () => {
    expect(resolved({ presets: [['classic', { docs: { routeBasePath: 'handbook' } }]] }).docs.routeBasePath).toBe('/handbook');
    expect(notesOf({
      presets: [['classic', {}], 'docusaurus-preset-openapi'],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'api' }], ['client-redirects', { createRedirects: () => [] }], 'docusaurus-plugin-sass', () => ({ name: 'inline' })],
    })).toEqual([
      '["presets",1] the preset `docusaurus-preset-openapi` is not run by sitegen; only the classic preset is read',
      '["plugins",1,1,"createRedirects"] a `createRedirects` function is not called; list the redirects in `redirects`',
      '["plugins",2] the plugin `docusaurus-plugin-sass` is not run by sitegen',
      '["plugins",3] the plugin given as a function is not run by sitegen',
    ]);
  });

  it('reads a docs plugin with an `id` as one more docs instance, and its navbar items (issue 39 › 4)', () => {
    const config = resolved({
      presets: [['classic', { docs: { editUrl: 'https://git.example/edit/', showLastUpdateTime: true } }]],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', routeBasePath: 'crew', sidebarPath: './sidebarsCommunity.js', editUrl: 'https://elsewhere.example/', showLastUpdateTime: true, lastVersion: 'current' }]],
      themeConfig: { navbar: { items: [
        { type: 'docSidebar', sidebarId: 'crewSidebar', docsPluginId: 'community', label: 'Crew' },
        { type: 'doc', docId: 'meetings', docsPluginId: 'community', label: 'Meetings' },
        { type: 'doc', docId: 'x', docsPluginId: 'nowhere' },
        { type: 'docsVersionDropdown', docsPluginId: 'community' },
      ] } },
    });
    expect(config.docsInstances).toEqual([expect.objectContaining({ id: 'community', path: 'community', routeBasePath: '/crew', sidebarPath: 'sidebarsCommunity.js', lastVersion: 'current', versions: {} })]);
    expect(config.navbar.items).toEqual([
      expect.objectContaining({ label: 'Crew', to: '/crew', sidebarId: 'crewSidebar', docsPluginId: 'community' }),
      expect.objectContaining({ label: 'Meetings', to: '/crew/meetings', docId: 'meetings', docsPluginId: 'community' }),
    ]);
    expect(notesOf({
      presets: [['classic', { docs: { editUrl: 'https://git.example/edit/' } }]],
      plugins: [['@docusaurus/plugin-content-docs', { id: 'community', path: 'community', editUrl: 'https://elsewhere.example/', showLastUpdateTime: true }]],
      themeConfig: { navbar: { items: [{ type: 'doc', docId: 'x', docsPluginId: 'nowhere' }, { type: 'docsVersionDropdown', docsPluginId: 'community' }] } },
    })).toEqual([
      '["plugins",0,1,"editUrl"] every docs instance uses the site\'s one `editUrl`, the classic preset\'s docs\'',
      '["plugins",0,1,"showLastUpdateTime"] another docs instance takes `showLastUpdateTime` from the classic preset\'s docs',
      '["themeConfig","navbar","items",0,"docsPluginId"] no docs instance has the id `nowhere`; the item is not shown',
      '["themeConfig","navbar","items",1,"docsPluginId"] only the classic preset\'s docs have a version menu; this one is not shown',
    ]);
    // Without an `id`, the plugin is the site's docs.
    expect(resolved({ presets: [['classic', { docs: false }]], plugins: [['content-docs', { path: 'guide', routeBasePath: '/' }]] }).docs).toEqual(expect.objectContaining({ path: 'guide', routeBasePath: '/' }));
  });

  it('links a `type: \'doc\'` item under the docs\' route, also when themeConfig comes before the presets (Redux)', () => {
    const config = resolved({
      themeConfig: { navbar: { items: [{ type: 'doc', docId: 'usage/index', label: 'Usage' }] } },
      presets: [['classic', { docs: { routeBasePath: '/' } }]],
    });
    expect(config.navbar.items).toEqual([{ label: 'Usage', to: '/usage', docId: 'usage/index' }]);
  });

  it('maps the navbar, footer, colour mode, announcement bar, table of contents and Algolia search', () => {
    const config = resolved({
      favicon: 'img/favicon.ico',
      themeConfig: {
        navbar: {
          title: 'Burrow', logo: { alt: 'Mark', src: 'img/logo.svg', srcDark: '/img/logo-dark.svg' },
          items: [
            { type: 'doc', docId: 'intro', label: 'Start' },
            { to: 'blog', label: 'Blog' },
            { href: 'https://github.com/example/burrow', position: 'right', 'aria-label': 'GitHub repository', className: 'header-github-link' },
            { type: 'search', position: 'right' },
          ],
        },
        footer: { links: [{ title: 'More', items: [{ label: 'Chat', href: 'https://chat.example.org' }, { label: 'Home', href: '/' }] }], copyright: '© Burrow' },
        colorMode: { defaultMode: 'dark', respectPrefersColorScheme: true },
        announcementBar: { id: 'dig', content: 'New tunnels', isCloseable: false, backgroundColor: '#000' },
        tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 4 },
        algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'burrow', contextualSearch: false },
      },
    });
    expect(config.favicon).toBe('/img/favicon.ico');
    expect(config.navbar.logo).toEqual({ alt: 'Mark', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg' });
    expect(config.navbar.items).toEqual([{ label: 'Start', to: '/docs/intro', docId: 'intro' }, { label: 'Blog', to: '/blog' }]);
    expect(config.navbar.iconLinks).toEqual([{ label: 'GitHub repository', href: 'https://github.com/example/burrow', icon: 'github' }]);
    expect(config.footer.links).toEqual([{ title: 'More', items: [{ label: 'Chat', href: 'https://chat.example.org' }, { label: 'Home', to: '/' }] }]);
    expect(config.colorMode).toMatchObject({ defaultMode: 'dark', respectPrefersColorScheme: true });
    expect(config.announcementBar).toMatchObject({ id: 'dig', content: 'New tunnels', closeable: false });
    expect(config.toc).toEqual({ minHeadingLevel: 2, maxHeadingLevel: 4 });
    expect(config.search).toMatchObject({ provider: 'hosted', appId: 'APP', indexName: 'burrow', contextualSearch: false });
  });

  it('names each thing it leaves out once, at its key path, with what sitegen does instead', () => {
    expect(notesOf({
      trailingSlash: true,
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
      markdown: { mermaid: true },
      presets: [['classic', { docs: { lastVersion: 'current', exclude: ['**/drafts/**'] }, theme: { customCss: '/sites/burrow/src/css/custom.css' } }]],
      themeConfig: { prism: { additionalLanguages: ['rust'], magicComments: [{ className: 'error-line', line: 'this-errors' }] }, navbar: { items: [{ type: 'docsVersionDropdown' }] } },
    })).toEqual([
      // (`customCss` is read: test/config/docusaurus-site.test.ts.)
      '["trailingSlash"] sitegen serves pages without a trailing slash (`/docs/intro`); `true` is not supported, and pages keep that form',
      '["themeConfig","prism","additionalLanguages"] not needed: sitegen highlights with shiki, which has every common language',
    ]);
  });

  it('reads a preset that wraps the classic one (Meta\'s, as Metro and Flow use it) as the classic preset', () => {
    const raw = { presets: [['/site/node_modules/docusaurus-plugin-internaldocs-fb/docusaurus-preset.js', { docs: { path: '../docs', routeBasePath: 'handbook' } }]] };
    expect(resolved(raw).docs).toEqual(expect.objectContaining({ path: '../docs', routeBasePath: '/handbook' }));
    expect(notesOf(raw)).toEqual(['["presets",0,0] read as the classic preset, whose options this preset passes on; what it adds itself is not run']);
  });

  it('reads headTags and scripts, and names clientModules', () => {
    const raw = {
      headTags: [{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example' } }],
      scripts: ['https://stats.example/s.js', { src: '/js/local.js', async: true }],
      clientModules: ['./src/client.js'],
    };
    const config = resolved(raw);
    expect(config.headTags).toEqual([{ tagName: 'link', attributes: { rel: 'preconnect', href: 'https://fonts.example' } }]);
    expect(config.scripts).toEqual(['https://stats.example/s.js', { src: '/js/local.js', async: true }]);
    expect(notesOf(raw)).toEqual(['["clientModules"] not read by sitegen (client modules are not run: a page loads only sitegen\'s scripts, the config\'s `scripts` and its islands)']);
  });

  it('reads the docs\' include and exclude globs', () => {
    expect(resolved({ presets: [['classic', { docs: { include: ['**/*.md'], exclude: ['**/drafts/**'] } }]] }).docs).toEqual(expect.objectContaining({ include: ['**/*.md'], exclude: ['**/drafts/**'] }));
  });

  it('passes the docs plugin\'s remark and rehype plugins on as the site\'s own', () => {
    const plugin = () => () => {};
    const config = resolved({ presets: [['classic', { docs: { remarkPlugins: [plugin], rehypePlugins: [[plugin, { x: 1 }]] } }]] });
    expect(config.markdown.remarkPlugins).toEqual([plugin]);
    expect(config.markdown.rehypePlugins).toEqual([[plugin, { x: 1 }]]);
  });

  it('does remark-math and rehype-katex itself: math on, the two left out of the site\'s plugins', () => {
    const remarkMath = () => () => {};
    const rehypeKatex = () => () => {};
    const other = () => () => {};
    const builtInPlugins = new Map<unknown, 'remark-math' | 'rehype-katex'>([[remarkMath, 'remark-math'], [rehypeKatex, 'rehype-katex']]);
    const { config } = fromDocusaurusConfig({ ...base, presets: [['classic', { docs: { remarkPlugins: [remarkMath, other], rehypePlugins: [[rehypeKatex, { strict: false }]] } }]] }, root, { builtInPlugins });
    const resolvedConfig = resolveConfig(config);
    expect(resolvedConfig.markdown.math).toBe(true);
    expect(resolvedConfig.markdown.remarkPlugins).toEqual([other]);
    expect(resolvedConfig.markdown.rehypePlugins).toEqual([]);
  });

  it('reads a Docusaurus 2 site\'s .md files as CommonMark, and says so', () => {
    const { config, notes } = fromDocusaurusConfig(base, root, { docusaurusMajor: 2 });
    expect(resolveConfig(config).markdown.format).toBe('detect');
    expect(notes).toEqual([{ parts: [], message: expect.stringContaining('a Docusaurus 2 site: its `.md` files are read as CommonMark') }]);
    expect(resolveConfig(fromDocusaurusConfig(base, root, { docusaurusMajor: 3 }).config).markdown.format).toBe('mdx');
  });
});

describe('what the mapping learns from the site\'s folder', () => {
  it('finds the Docusaurus version in package.json and the installed remark-math by the function the config would load', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docusaurus-facts-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { '@docusaurus/core': '^2.3.0' } }));
      mkdirSync(path.join(dir, 'node_modules/remark-math'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/remark-math/package.json'), JSON.stringify({ name: 'remark-math', main: 'index.js' }));
      writeFileSync(path.join(dir, 'node_modules/remark-math/index.js'), 'module.exports = function math() {};\n');
      const facts = await docusaurusSiteFacts(dir);
      expect(facts.docusaurusMajor).toBe(2);
      const loaded = createRequire(path.join(dir, 'package.json'))('remark-math');
      expect(facts.builtInPlugins?.get(loaded)).toBe('remark-math');
      expect(facts.builtInPlugins?.size).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the mapping\'s parts, on their own', () => {
  const mapping = (): Mapping & { notes: string[] } => {
    const notes: string[] = [];
    return { root, config: { docs: { routeBasePath: '/guide' } }, note: (parts, message) => notes.push(`${parts.join('.')} ${message}`), builtInPlugins: new Map(), notes };
  };

  it('makes config paths relative to the site and route paths absolute', () => {
    expect(fromRoot(root, path.join(root, 'src/sidebars.js'))).toBe('src/sidebars.js');
    expect(fromRoot(root, './static')).toBe('static');
    expect([routePath('docs/'), routePath('/'), routePath('')]).toEqual(['/docs', '/', '/']);
  });

  it('maps a themeConfig alone: a doc item under the docs route, a note for what it does not read', () => {
    const m = mapping();
    mapThemeConfig(m, { navbar: { items: [{ type: 'doc', docId: 'setup/index', label: 'Setup' }] }, zoom: {} });
    expect((m.config.navbar as { items: unknown[] }).items).toEqual([{ label: 'Setup', to: '/guide/setup', docId: 'setup/index' }]);
    expect(m.notes).toEqual(['themeConfig.zoom the theme option `zoom` is not read by sitegen']);
  });
});
