import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import type { BuildResult } from '../../src/build/build-site.ts';
import type { PageData, SiteData } from '../../src/model.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { startDevRun } from '../dev/dev-helpers.ts';
import { runCli } from '../helpers/run-cli.ts';
import { snapshotDir } from '../helpers/site-snapshot.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture, inlineData } from '../helpers/helpers.ts';

// Issue 13 › 1: `docs.sidebarPath` points at a Docusaurus sidebars file (test/fixtures/sidebars-site).

let out: MemoryWriter;
let result: BuildResult;

beforeAll(async () => {
  ({ out, result } = await buildInMemory(fixture('sidebars-site')));
});

function data(file: string): { site: SiteData; page: PageData } {
  const html = out.text(file);
  if (html === undefined) throw new Error(`missing ${file}`);
  return inlineData(html, out);
}

/** The page's sidebar links as rendered (label → href), '-' for none. */
function renderedSidebar(file: string): string[] {
  const html = out.text(file)!;
  const aside = html.match(/<aside [^>]*class="docs-sidebar"[\s\S]*?<\/aside>/)?.[0];
  if (!aside) return ['-'];
  return [...aside.matchAll(/<li(?: class="sidebar-category[^"]*")?><a href="([^"]*)"[^>]*>([^<]*)/g)].map((m) => `${m[2]} → ${m[1]}`);
}

describe('a site with a sidebars file', () => {
  it('builds without problems, with the generated-index pages the file declares', () => {
    expect(result.diagnostics).toEqual([]);
    expect(out.text('api.html')).toBeDefined();
    expect(out.text('category/help.html')).toBeDefined();
    expect(Object.keys(data('index.html').site.sidebars)).toEqual(['docs', 'api']);
  });

  it('shows each doc page the sidebar that lists it', () => {
    expect(data('index.html').page).toMatchObject({ sidebar: 'docs' });
    expect(data('guides/tuning.html').page).toMatchObject({ sidebar: 'docs' });
    expect(data('api/objects/board.html').page).toMatchObject({ sidebar: 'api' });
    expect(data('api.html').page).toMatchObject({ sidebar: 'api' });
    // A `ref` in the docs sidebar does not make it api/overview's own.
    expect(data('api/overview.html').page).toMatchObject({ sidebar: 'api' });
    expect(renderedSidebar('guides/tuning.html')).toEqual([
      'Introduction → /', 'First steps → /guides/first-steps', 'Tuning your snake → /guides/tuning',
      'API overview → /api/overview', 'Source code → https://example.com/sidebars-fixture', 'The API index → /api',
    ]);
    expect(renderedSidebar('api/overview.html')).toEqual([
      'API → /api', 'API overview → /api/overview', 'Board → /api/objects/board', 'Serpent → /api/objects/serpent',
      'Help → /category/help', 'FAQ → /faq', 'Walkthrough → /guides/walkthrough', 'Walkthrough, part 2 → /guides/walkthrough-part-2',
    ]);
    const html = out.text('index.html')!;
    expect(html).toContain('<li class="sidebar-html sidebar-divider"><span class="sidebar-heading">Learning</span></li>');
    expect(html).toMatch(/<li><a href="https:\/\/example.com\/sidebars-fixture" rel="noopener noreferrer">Source code<span class="icon icon-external" aria-hidden="true"><\/span><\/a>/);
  });

  it('builds a doc no sidebar lists, without a sidebar, breadcrumbs or previous/next', () => {
    const { page } = data('changelog.html');
    expect(page).not.toHaveProperty('sidebar');
    expect(page).toMatchObject({ breadcrumbs: [] });
    expect(page).not.toHaveProperty('prev');
    expect(page).not.toHaveProperty('next');
    expect(renderedSidebar('changelog.html')).toEqual(['-']);
  });

  it('follows the page\'s own sidebar for previous/next and breadcrumbs, skipping refs, links and HTML', () => {
    const intro = data('index.html').page as Extract<PageData, { type: 'doc' }>;
    expect(intro.next).toEqual({ label: 'First steps', href: '/guides/first-steps' });
    const tuning = data('guides/tuning.html').page as Extract<PageData, { type: 'doc' }>;
    expect(tuning.prev).toEqual({ label: 'First steps', href: '/guides/first-steps' });
    expect(tuning.next).toBeUndefined();
    expect(tuning.breadcrumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'Getting going' }, { label: 'Tuning your snake' }]);
    const board = data('api/objects/board.html').page as Extract<PageData, { type: 'doc' }>;
    expect(board.breadcrumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'API', href: '/api' }, { label: 'Objects' }, { label: 'Board' }]);
    expect(board.prev).toEqual({ label: 'API overview', href: '/api/overview' });
  });

  it('gives a generated index its title, description and a card per item', () => {
    const api = data('api.html').page as Extract<PageData, { type: 'category' }>;
    expect(api).toMatchObject({ title: 'The API', description: 'Every request the engine sends.' });
    expect(api.items.map((i) => `${i.title} → ${i.href}`)).toEqual(['API overview → /api/overview', 'Objects → /api/objects/board']);
    const help = data('category/help.html').page as Extract<PageData, { type: 'category' }>;
    expect(help).toMatchObject({ title: 'Help', route: '/category/help' });
  });
});

describe('sidebars files through the CLI', () => {
  let base: SiteCopy;
  let goodBuild: Record<string, string>;
  const sidebarsJs = readFileSync(path.join(fixture('sidebars-site'), 'sidebars.js'), 'utf8');

  beforeAll(async () => {
    // The copy is an ES-module package: sidebars.js stays CommonJS, as Docusaurus allows.
    base = copyFixture('sidebars-site');
    base.write('sidebars.js', sidebarsJs);
    const run = await runCli(['--root', base.root, 'build']);
    expect(run.code, run.output).toBe(0);
    goodBuild = snapshotDir(path.join(base.root, 'build'));
  });
  afterAll(() => base?.cleanup());

  it('fails on an unknown doc id at its line, listing the closest ids, and keeps build/', async () => {
    base.write('sidebars.js', sidebarsJs.replace("'guides/first-steps'", "'guides/first-step'"));
    const run = await runCli(['--root', base.root, 'build']);
    base.write('sidebars.js', sidebarsJs);
    expect(run.code, run.output).toBe(1);
    expect(run.stderr).toContain('sidebars.js:7:25  error  Sidebar `docs` › "Getting going" refers to doc id `guides/first-step`, which does not exist  sidebars/unknown-doc');
    expect(run.stderr).toContain('Closest ids: `guides/first-steps`');
    expect(snapshotDir(path.join(base.root, 'build'))).toEqual(goodBuild);
  });

  // Each with the `/api` index the navbar links to.
  const api = "{ type: 'category', label: 'API', link: { type: 'generated-index', slug: '/api' }, items: [] }";
  it.each([
    ['sidebars.json', JSON.stringify({ docs: ['intro', 'faq', { type: 'category', label: 'API', link: { type: 'generated-index', slug: '/api' }, items: [] }] })],
    ['sidebars.ts', `const sidebars: Record<string, unknown[]> = { docs: ['intro', 'faq', ${api}] };\nexport default sidebars;\n`],
    ['sidebars.mjs', `export default { docs: ['intro', 'faq', ${api}] };\n`],
    ['sidebars.cjs', `module.exports = { docs: ['intro', 'faq', ${api}] };\n`],
  ])('reads %s', async (name, text) => {
    const copy = copyFixture('sidebars-site');
    try {
      copy.write(name, text);
      copy.write('site.config.ts', copy.read('site.config.ts').replace("sidebarPath: 'sidebars.js'", `sidebarPath: '${name}'`));
      const run = await runCli(['--root', copy.root, 'build']);
      expect(run.code, run.output).toBe(0);
      const html = readFileSync(path.join(copy.root, 'build/faq.html'), 'utf8');
      const page = JSON.parse(html.match(/id="__sitegen">(.*?)<\/script>/)![1]).page;
      expect(page).toMatchObject({ sidebar: 'docs', prev: { label: 'Introduction', href: '/' } });
    } finally {
      copy.cleanup();
    }
  });

  it('names a missing sidebars file and a file that does not load', async () => {
    const copy = copyFixture('sidebars-site');
    try {
      let run = await runCli(['--root', copy.root, 'build']);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('sidebars.js  error  Cannot find the sidebars file `sidebars.js`  sidebars/missing');
      copy.write('sidebars.js', 'export default { docs: [ };\n');
      run = await runCli(['--root', copy.root, 'build']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/sidebars\.js:1:\d+  error  Cannot load `sidebars\.js`: .*  sidebars\/load/);
      copy.write('sidebars.json', '{ "docs": ["intro",] }');
      copy.write('site.config.ts', copy.read('site.config.ts').replace("sidebarPath: 'sidebars.js'", "sidebarPath: 'sidebars.json'"));
      run = await runCli(['--root', copy.root, 'build']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/sidebars\.json(:1:\d+)?  error  Cannot parse `sidebars\.json`: .*  sidebars\/load/);
    } finally {
      copy.cleanup();
    }
  });
});

describe('sidebars files under `sitegen dev`', () => {
  it('rebuilds when the sidebars file changes, and reports a bad id in it until fixed', async () => {
    const sidebarsJs = readFileSync(path.join(fixture('sidebars-site'), 'sidebars.js'), 'utf8');
    const dev = await startDevRun('sidebars-site', { prepare: (site) => site.write('sidebars.js', sidebarsJs) });
    try {
      expect((await dev.get('/guides/tuning')).text).toContain('Tuning your snake');
      await dev.edit('sidebars.js', sidebarsJs.replace("label: 'Tuning your snake'", "label: 'Faster answers'"));
      const page = (await dev.get('/guides/tuning')).text;
      expect(page).toContain('Faster answers');
      expect(page).not.toContain('Tuning your snake');
      const { event } = await dev.edit('sidebars.js', sidebarsJs.replace("'faq'", "'fqa'"), 'problems');
      expect(JSON.stringify(event)).toContain('sidebars/unknown-doc');
      await dev.edit('sidebars.js', sidebarsJs);
      expect((await dev.get('/guides/tuning')).text).toContain('Tuning your snake');
    } finally {
      await dev.stop();
    }
  });
});
