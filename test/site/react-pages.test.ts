import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build/build-site.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { createSearchIndexer } from '../../src/search/create-search-indexer.ts';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { fixture, inlineData } from '../helpers/helpers.ts';

// Issue 30 › 4: the pages of src/pages (test/fixtures/react-pages-site) become routes, rendered
// inside the site's layout, with their CSS, in the link check and (Markdown ones) in search.

let out: MemoryWriter;
let result: BuildResult;
beforeAll(async () => {
  ({ out, result } = await buildInMemory(fixture('react-pages-site')));
});

const html = (file: string) => out.text(file)!;

describe('the pages of src/pages', () => {
  it('are routes: `index` names its folder, `_` files and tests are none', () => {
    const pages = result.routes.filter((r) => r.source.startsWith('src/pages/'));
    expect(pages).toEqual([
      { route: '/almanac', source: 'src/pages/almanac.jsx' },
      { route: '/help', source: 'src/pages/help/index.jsx' },
      { route: '/', source: 'src/pages/index.tsx' },
      { route: '/tide-clock', source: 'src/pages/tide-clock.tsx' },
      { route: '/tides', source: 'src/pages/tides.js' },
      { route: '/about', source: 'src/pages/about.md' },
      { route: '/ports', source: 'src/pages/ports.mdx' },
    ]);
    // A `.js` page holds JSX, as in Docusaurus.
    expect(html('tides.html')).toContain('<h1>Today&#x27;s tides</h1><p>High water at noon');
    expect(result.diagnostics).toEqual([]);
    expect([...out.files.keys()].filter((f) => /hidden|widget/.test(f))).toEqual([]);
  });

  it('render an `.mdx` page through the MDX pipeline, with its imports and expressions, as a Markdown page is shown', () => {
    const page = html('ports.html');
    expect(page).toContain('<title>Ports of call | Harbour Almanac</title>');
    expect(page).toContain('The almanac covers <!-- -->3<!-- --> ports this season.');
    expect(page).toMatch(/<article class="[^"]+"><h2 class="[^"]+">North quay<\/h2><p>Tides a quarter hour early.<\/p><\/article>/);
    expect(page).toContain('id="tables-by-port"');
    expect(page).not.toContain('import {');
  });

  it('render a React page inside the layout, titled by its <Layout>', () => {
    const page = html('index.html');
    expect(page).toContain('<title>Welcome aboard | Harbour Almanac</title>');
    expect(page).toContain('<meta name="description" content="The landing page of the tide almanac">');
    // The site's navbar and footer around the page's own markup, imports and JSON data included.
    expect(page).toMatch(/<nav[^>]*class="navbar[\s\S]*<main class="landing"><h1>Harbour Almanac<\/h1><p class="landing-tagline">Tide tables/);
    expect(page).toContain('<h2 class="');
    expect(page).toContain('Moon phases');
    expect(page).toContain('<footer');
    // Its own <main> is the main landmark: the layout's wrapper is a <div>.
    expect(page.match(/<main[\s>]/g)).toHaveLength(1);
    expect(page).toMatch(/<div id="main-content" class="react-page" tabindex="-1">/);
    const data = inlineData(page).page;
    expect(data).toMatchObject({ type: 'page', kind: 'component', route: '/', title: 'Welcome aboard', contentHtml: null, ownMain: true });
  });

  it('give a page without a <main> the layout\'s, and without a title the site\'s', () => {
    const page = html('help.html');
    expect(page).toContain('<title>Help | Harbour Almanac</title>');
    expect(page).toMatch(/<main id="main-content" class="react-page" tabindex="-1"><div class="react-page-content" data-raw="content"><h1>Help with the almanac<\/h1>/);
    expect(page.match(/<main[\s>]/g)).toHaveLength(1);
  });

  it('ship the CSS (and CSS modules) the pages import, linked from React pages only', () => {
    const css = [...out.files.keys()].filter((f) => /^assets\/css\/pages\.[0-9a-f]{10}\.css$/.test(f));
    expect(css).toHaveLength(1);
    const text = out.text(css[0])!;
    const card = /class="([^"]+)"><h2 class="([^"]+)">Hourly heights/.exec(html('index.html'))!;
    // The class names in the markup are the CSS module's, as esbuild renamed them.
    expect(text).toContain(`.${card[1]} {`);
    expect(text).toContain(`.${card[2]} {`);
    expect(text).toContain('border: 2px solid rgb(0, 90, 120)');
    expect(html('index.html')).toContain(`<link rel="stylesheet" href="/${css[0]}" data-page-css="/${css[0]}">`);
    expect(inlineData(html('help.html')).page.stylesheets).toEqual([`/${css[0]}`]);
    expect(html('about.html')).not.toContain('data-page-css');
    expect(html('docs/guide.html')).not.toContain('data-page-css');
  });

  it('render a Markdown page as a doc\'s article without the docs sidebar', () => {
    const page = html('about.html');
    expect(page).toContain('<title>About the almanac | Harbour Almanac</title>');
    expect(page).toContain('<h1 class="page-title">About the almanac</h1>');
    expect(page).toContain('id="who-keeps-it"');
    expect(page).not.toMatch(/class="docs-sidebar/);
    const data = inlineData(page).page;
    expect(data).toMatchObject({ type: 'page', kind: 'markdown', toc: [{ id: 'who-keeps-it' }, { id: 'why-it-exists' }] });
  });

  it('index a Markdown page for search, not a React page', () => {
    const indexer = createSearchIndexer({ config: { locale: 'en', search: { provider: 'local', contextualSearch: true, searchPagePath: 'search' } } });
    expect(indexer.add({ page: inlineData(html('about.html')).page, html: html('about.html') })).not.toBeNull();
    expect(indexer.add({ page: inlineData(html('index.html')).page, html: html('index.html') })).toBeNull();
  });

  it('list the pages in the sitemap', () => {
    const sitemap = out.text('sitemap.xml')!;
    for (const url of ['https://harbour.example/', 'https://harbour.example/help', 'https://harbour.example/about']) expect(sitemap).toContain(`<loc>${url}</loc>`);
  });
});

describe('pages among other routes and links', () => {
  let site: SiteCopy | undefined;
  afterEach(() => site?.cleanup());

  async function buildError(copy: SiteCopy): Promise<SitegenError> {
    const error = await buildInMemory(copy.root).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    return error as SitegenError;
  }

  it('checks the links of a page\'s rendered HTML', async () => {
    site = copyFixture('react-pages-site');
    site.write('src/pages/help/index.jsx', site.read('src/pages/help/index.jsx').replace('href="/"', 'href="/harbors"'));
    const error = await buildError(site);
    // At the page module's line that writes it.
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      'src/pages/help/index.jsx:11:18  error  Cannot find page `/harbors`  links/missing-page\n'
      + '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });

  it('reports a page whose route a doc already has as a duplicate', async () => {
    site = copyFixture('react-pages-site');
    site.write('src/pages/docs/guide.md', '# Another guide\n\nSame route as the doc.\n');
    const { result: built } = await buildInMemory(site.root);
    expect(built.diagnostics.map(formatDiagnostic)).toEqual([
      'src/pages/docs/guide.md  warning  Cannot create route `/docs/guide` twice: `content/docs/guide.md` already uses it; this page is skipped  routes/duplicate\n'
      + '  hint: Give one of the two a different `slug` in its front matter (setting: `onDuplicateRoutes`).',
    ]);
  });

  it('makes a `.md` page MDX when its front matter says `format: mdx`, and reports MDX syntax errors at the page', async () => {
    site = copyFixture('react-pages-site');
    site.write('src/pages/news.md', '---\nformat: mdx\n---\n\n# News\n\nTwo and two: {2 + 2}.\n');
    site.write('src/pages/broken.mdx', '# Broken\n\n<Unclosed>\n');
    const error = await buildInMemory(site.root).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    const lines = (error as SitegenError).diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`);
    expect(lines).toEqual(['src/pages/broken.mdx:3 mdx/syntax']);
    site.write('src/pages/broken.mdx', '# Fixed\n');
    const { out: built } = await buildInMemory(site.root);
    expect(built.text('news.html')).toContain('Two and two: <!-- -->4<!-- -->.');
  });

  it('give pages `@theme/CodeBlock`, the Docusaurus icons, `customFields` and `useBrokenLinks` anchors (found on Babel\'s pages)', async () => {
    site = copyFixture('react-pages-site');
    site.write('site.config.ts', site.read('site.config.ts').replace("footer:", "customFields: { repoUrl: 'https://code.example/almanac' },\n  footer:"));
    site.write('src/pages/tools.tsx', [
      "import CodeBlock from '@theme/CodeBlock';",
      "import CopyIcon from '@theme/Icon/Copy';",
      "import CheckIcon from '@theme/Icon/Success';",
      "import useBrokenLinks from '@docusaurus/useBrokenLinks';",
      "import useDocusaurusContext from '@docusaurus/useDocusaurusContext';",
      '',
      'export default function Tools() {',
      "  useBrokenLinks().collectAnchor('gauge');",
      '  const { siteConfig } = useDocusaurusContext();',
      '  return (',
      '    <main>',
      '      <h1>Tools</h1>',
      '      <a href={(siteConfig.customFields as { repoUrl: string }).repoUrl}>Source</a>',
      '      <CopyIcon className="copy" /><CheckIcon />',
      '      <CodeBlock language="js" title="tide.js">{"const high = 12;"}</CodeBlock>',
      '    </main>',
      '  );',
      '}',
      '',
    ].join('\n'));
    // An anchor only collected, never rendered, is a link target as in Docusaurus.
    site.write('content/docs/guide.md', `${site.read('content/docs/guide.md')}\nSee the [gauge](/tools#gauge).\n`);
    site.write('content/docs/code.mdx', "---\ntitle: Code\n---\n\nimport CodeBlock from '@theme/CodeBlock';\n\n<CodeBlock language=\"js\">{'const low = 0;'}</CodeBlock>\n");
    const { out: built, result: r } = await buildInMemory(site.root);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const tools = built.text('tools.html')!;
    expect(tools).toContain('<a href="https://code.example/almanac">Source</a>');
    expect(tools).toMatch(/<svg viewBox="0 0 24 24"[^>]*class="copy"/);
    expect(tools).toContain('<div class="code-block" data-language="js">');
    expect(tools).toContain('tide.js');
    expect(tools).toMatch(/<span class="line">.*high.*<\/span>/);
    // In an MDX doc too: the build's highlighter, as a fenced block gets it.
    expect(built.text('docs/code.html')).toContain('<div class="code-block" data-language="js">');
  });

  it('give a page `config` (Docusaurus passes siteConfig to pages) and take the document title from `<Head><title>` (found on Jest\'s landing page)', async () => {
    site = copyFixture('react-pages-site');
    site.write('src/pages/classic.jsx', [
      "import React from 'react';",
      "import Head from '@docusaurus/Head';",
      'class Classic extends React.Component {',
      '  render() {',
      '    const { config } = this.props;',
      '    return <main><Head><title>{config.title} {config.titleDelimiter} tides</title><meta name="description" content="Classic page" /></Head><h1>{config.title}</h1></main>;',
      '  }',
      '}',
      'export default function Page(props) { return <Classic {...props} />; }',
      '',
    ].join('\n'));
    const { out: built, result: r } = await buildInMemory(site.root);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const page = built.text('classic.html')!;
    expect(page).toContain('<title>Harbour Almanac | tides</title>');
    expect(page).toContain('<meta name="description" content="Classic page">');
    expect(page).toContain('<h1>Harbour Almanac</h1>');
  });

  it('makes no pages, and no error, without a pages folder', async () => {
    const { out: built, result: r } = await buildInMemory(fixture('no-blog-site'));
    expect(r.diagnostics.filter((d) => d.severity === 'error' || d.ruleId.startsWith('pages/'))).toEqual([]);
    expect(r.routes.filter((x) => x.source.startsWith('src/'))).toEqual([]);
    expect([...built.files.keys()].filter((f) => f.startsWith('assets/css/pages.'))).toEqual([]);
  });
});

// Issue 39 › 2: the theme modules Docusaurus sites import, a site's own `src/theme/X` first,
// global components from its `src/theme/MDXComponents`, `mdx-code-block` fences, and `.md`
// imports in React pages (test/fixtures/react-pages-site/content/docs/theme-modules.mdx).
describe('Docusaurus theme modules and swizzles', () => {
  it('render ThemedImage, Heading, the external-link icon and the docs version', () => {
    const page = html('docs/theme-modules.html');
    expect(page).toContain('<img src="/img/tide.svg" alt="Harbour chart" loading="lazy" class="themedComponent themedComponent--light"/>');
    expect(page).toContain('<img src="/img/tide-dark.svg" alt="Harbour chart" loading="lazy" class="themedComponent themedComponent--dark"/>');
    // Only the image of the mode shown is fetched: neither is preloaded.
    expect(page).not.toContain('as="image" href="/img/tide-dark.svg"');
    expect(page).toContain('<h2 id="charted-waters">Charted waters<a class="hash-link" href="#charted-waters" aria-label="Direct link to Charted waters">#</a></h2>');
    expect(page).toMatch(/pilots <svg viewBox="0 0 24 24" width="13.5" height="13.5" aria-hidden="true"/);
    expect(page).toContain('<p class="version-note">Version <!-- -->Next</p>');
  });

  it('give MDX the site\'s global components, and its own `@theme/X` from src/theme, inside an mdx-code-block', () => {
    const page = html('docs/theme-modules.html');
    expect(page).toContain('<strong class="lighthouse">Lamp: <!-- -->north mole</strong>');
    expect(page).toContain('<span class="buoy">A <!-- -->red<!-- --> buoy</span>');
    expect(page).not.toContain('mdx-code-block');
    // Hooks of the router and the colour mode render their server values; the components are islands.
    expect(page).toContain('Query: [<!-- -->]');
    expect(page).toContain('Charts painted <!-- -->light');
    expect(page).toContain('<p class="squall">Calm before the squall</p>');
    expect(page.match(/<sitegen-island /g)?.length).toBe(3);
  });

  it('compile a `.md` file a React page imports, with the global components and its links resolved', () => {
    const page = html('almanac.html');
    expect(page).toContain('A note on <strong>slack water</strong>, from a Markdown file, with <strong class="lighthouse">Lamp: <!-- -->the pier</strong>.');
    expect(page).toContain('<a href="/docs/guide">guide</a>');
  });
});
