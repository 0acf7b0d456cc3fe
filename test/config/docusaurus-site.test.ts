import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSiteConfig } from '../../src/config/load-config.ts';
import type { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture } from '../helpers/copy-fixture.ts';
import { fixture } from '../helpers/helpers.ts';

// Issue 39 › 1: `sitegen build` in a Docusaurus site's folder, as it is: its config is read in
// place of a site.config.ts (CommonJS, `require.resolve`, `__dirname`), its `static/` files are
// published, and what sitegen does not do is named once, at its line in the config.

describe('a Docusaurus site built as it is', () => {
  it('builds from docusaurus.config.js: docs under /docs, the blog, static/ files, the favicon from the site root', async () => {
    const { out, result } = await buildInMemory(fixture('docusaurus-site'));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const file of ['docs/intro.html', 'docs/setup.html', 'blog/2024/03/01/first-dig.html', 'img/logo.svg', 'img/favicon.svg']) {
      expect([...out.files.keys()], file).toContain(file);
    }
    const intro = out.text('docs/intro.html')!;
    expect(intro).toContain('<link rel="icon" href="/img/favicon.svg"');
    expect(intro).toContain('href="https://git.example.org/burrow/edit/main/docs/intro.md"');
    // MDX by default, as in Docusaurus 3: the export is evaluated.
    expect(out.text('docs/setup.html')).toContain('Dig down <!-- -->3<!-- --> metres');
    // `prism.magicComments`: highlighting, and the site's own kind with its class.
    expect(intro).toMatch(/<span class="line highlighted">.*dig.*3/);
    expect(intro).toMatch(/<span class="line code-block-error-line">.*dig.*300/);
    expect(intro).not.toContain('This will cave in');
    // A `docSidebar` navbar item leads to its sidebar's first page.
    expect(intro).toMatch(/<a class="navbar-link" href="\/docs\/intro"[^>]*>Tunnels<\/a>/);
    // A footer item of HTML (Docusaurus's `html`), as written.
    expect(intro).toContain('<li class="footer-html"><span class="burrow-badge">Dug by hand</span></li>');
    // `blogSidebarCount: 'ALL'`: the post's page lists every post.
    expect(out.text('blog/2024/03/01/first-dig.html')).toContain('The first dig');
  });

  it('links the site\'s customCss on every page, after the theme\'s: imports inlined, images copied, Infima\'s colour and code font followed', async () => {
    const { out } = await buildInMemory(fixture('docusaurus-site'));
    const sheet = [...out.files.keys()].find((f) => /^assets\/css\/site\.[0-9a-f]{10}\.css$/.test(f))!;
    expect(sheet).toBeDefined();
    const css = out.text(sheet)!;
    expect(css).toContain('.burrow-note{');
    expect(css).toMatch(/--c-primary: var\(--ifm-color-primary\)/);
    // Infima's code font: the page's head script looks it up before the stylesheets come.
    expect(out.text('docs/intro.html')).toContain('"fonts":[{"stack":"system-ui, -apple-system');
    expect(out.text('docs/intro.html')).toContain('{"stack":"\\"Courier Prime\\", \\"Liberation Mono\\", monospace","faces":["400"]}');
    const image = /url\("?\.\.\/media\/(dig\.[A-Z0-9]+\.svg)"?\)/.exec(css)?.[1];
    expect(image).toBeDefined();
    expect([...out.files.keys()]).toContain(`assets/media/${image}`);
    for (const page of ['docs/intro.html', 'blog/2024/03/01/first-dig.html', 'blog.html']) {
      const html = out.text(page)!;
      const main = html.indexOf('<link rel="stylesheet" href="/assets/css/main.');
      const site = html.indexOf(`<link rel="stylesheet" href="/${sheet}">`);
      expect(main, page).toBeGreaterThan(-1);
      expect(site, page).toBeGreaterThan(main);
    }
  });

  it('writes the client-redirects plugin\'s redirects as pages that send the reader on', async () => {
    const { out } = await buildInMemory(fixture('docusaurus-site'));
    const old = out.text('docs/old-intro.html')!;
    expect(old).toContain('<meta http-equiv="refresh" content="0; url=/docs/intro">');
    expect(old).toContain('<link rel="canonical" href="https://burrow.example.org/docs/intro">');
    expect(old).toContain('<script>location.replace("/docs/intro" + location.search + location.hash)</script>');
    expect(old).toContain('<meta name="robots" content="noindex">');
    for (const from of ['start.html', 'begin.html']) expect(out.text(from)).toContain('url=/docs/setup#depth');
    // Not pages of the site: the sitemap leaves them out.
    expect(out.text('sitemap.xml')).not.toContain('old-intro');
  });

  it('names what it does not do once each, at its line in docusaurus.config.js', async () => {
    const { warnings, file } = await loadSiteConfig(fixture('docusaurus-site'));
    expect(file).toBe('docusaurus.config.js');
    expect(warnings.map((w) => `${w.file}:${w.line}:${w.column} ${w.ruleId} ${w.message.split(':')[0]}`)).toEqual([
      'docusaurus.config.js:69:7 config/docusaurus themeConfig.prism.additionalLanguages',
    ]);
  });

  it('reads a front-matter date the calendar does not have as Docusaurus does (rolled over), with a warning', async () => {
    const site = copyFixture('docusaurus-site', { whole: true });
    try {
      // (The copy is under a folder whose package.json says ES modules: the CommonJS config is `.cjs` there.)
      renameSync(site.file('docusaurus.config.js'), site.file('docusaurus.config.cjs'));
      // Babel's blog has two such posts: `date: 2017-02-29` in a file named for 1 March.
      writeFileSync(site.file('blog/2017-03-01-leap.md'), '---\ntitle: Leap\ndate: 2017-02-29\n---\n\nA leap day that was not.\n');
      const { out, result } = await buildInMemory(site.root);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(result.diagnostics.filter((d) => d.ruleId === 'content/impossible-date')).toEqual([expect.objectContaining({
        file: 'blog/2017-03-01-leap.md', line: 3, column: 7, severity: 'warning',
        message: '`2017-02-29` is not a day of the calendar: it is read as 2017-03-01, as Docusaurus reads it',
      })]);
      expect(out.text('blog/2017/03/01/leap.html')).toContain('<time dateTime="2017-03-01');
    } finally {
      site.cleanup();
    }
  });

  it('checks a React page\'s `<Link>`s as Docusaurus does, and reports its broken plain `<a>`s as warnings (Docusaurus checks none)', async () => {
    const site = copyFixture('docusaurus-site', { whole: true });
    try {
      renameSync(site.file('docusaurus.config.js'), site.file('docusaurus.config.cjs'));
      mkdirSync(site.file('src/pages'), { recursive: true });
      // Babel's versions page: "Blog Post" links that only the host's redirects answer.
      const page = (extra: string) => [
        "import Link from '@docusaurus/Link';",
        'export default function Releases() {',
        '  return (<main><a href="/7.0.0">Blog post</a> <Link to="/docs/intro">Docs</Link>',
        `  <Link data-noBrokenLinkCheck to="/host-redirect">Old</Link>${extra}</main>);`,
        '}',
        '',
      ].join('\n');
      writeFileSync(site.file('src/pages/releases.jsx'), page(''));
      const { result } = await buildInMemory(site.root);
      const broken = result.diagnostics.filter((d) => d.ruleId.startsWith('links/'));
      expect(broken).toEqual([expect.objectContaining({ severity: 'warning', ruleId: 'links/missing-page', message: 'Cannot find page `/7.0.0`', hint: expect.stringContaining('Docusaurus does not check') })]);
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      // A broken `<Link>` is an error, as in Docusaurus.
      writeFileSync(site.file('src/pages/releases.jsx'), page(' <Link to="/nowhere">Gone</Link>'));
      const failure = await buildInMemory(site.root).then(() => undefined, (error: unknown) => error as SitegenError);
      expect(failure?.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual(['Cannot find page `/nowhere`']);
    } finally {
      site.cleanup();
    }
  });

  it('reports a broken navbar link at its line in docusaurus.config.js, not at a page', async () => {
    const site = copyFixture('docusaurus-site', { whole: true });
    try {
      const text = readFileSync(site.file('docusaurus.config.js'), 'utf8');
      rmSync(site.file('docusaurus.config.js'));
      writeFileSync(site.file('docusaurus.config.cjs'), text.replace("{ to: '/blog', label: 'Blog'", "{ to: '/blgo', label: 'Blog'"));
      const line = text.split('\n').findIndex((l) => l.includes("{ to: '/blog', label: 'Blog'")) + 1;
      const failure = await buildInMemory(site.root).then(() => undefined, (error: unknown) => error as SitegenError);
      expect(failure?.diagnostics.filter((d) => d.severity === 'error')).toEqual([expect.objectContaining({ file: 'docusaurus.config.cjs', line, ruleId: 'links/missing-page' })]);
    } finally {
      site.cleanup();
    }
  });

  it('reads an ES module config that exports an async function, and prefers site.config.ts when there is one', async () => {
    const site = copyFixture('docusaurus-site', { whole: true });
    try {
      rmSync(site.file('docusaurus.config.js'));
      writeFileSync(site.file('docusaurus.config.mjs'), [
        'export default async function createConfig() {',
        "  const title = await Promise.resolve('Burrow, async');",
        "  return { title, url: 'https://burrow.example.org', baseUrl: '/', favicon: 'img/favicon.svg' };",
        '}',
        '',
      ].join('\n'));
      const loaded = await loadSiteConfig(site.root);
      expect(loaded.config.title).toBe('Burrow, async');
      expect(loaded.config.docs.routeBasePath).toBe('/docs');
      writeFileSync(site.file('site.config.ts'), "export default { title: 'Native', url: 'https://native.example.org' };\n");
      expect((await loadSiteConfig(site.root)).config.title).toBe('Native');
    } finally {
      site.cleanup();
    }
  });
});
