import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevSession, type DevSession, type RebuildOutcome } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { INDEX_DIR, indexPaths } from '../../src/search/index-format.ts';
import { inlineData } from '../helpers/helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// The session alone, without server or watcher: which Markdown files and pages each kind of
// change renders again, and that a failed rebuild never leaves the cache ahead of the output.
let site: SiteCopy;
let store: OutputStore;
let session: DevSession;

beforeAll(async () => {
  site = copyFixture('dev-site');
  store = new OutputStore();
  session = createDevSession({ root: site.root, store });
  ok(await session.rebuild());
});
afterAll(() => site?.cleanup());

function ok(outcome: RebuildOutcome) {
  if (!outcome.ok) throw new Error(`rebuild failed: ${JSON.stringify(outcome.diagnostics)}`);
  return { markdown: outcome.result.markdownFiles, pages: outcome.result.rendered.map((p) => p.route).sort() };
}

describe('dev session', () => {
  it('renders only the edited file after a body edit', async () => {
    site.write('content/docs/guide.md', site.read('content/docs/guide.md').replace('Install the starter', 'Install the starter kit'));
    expect(ok(await session.rebuild({ files: ['content/docs/guide.md'] }))).toEqual({ markdown: ['content/docs/guide.md'], pages: ['/guide'] });
    expect(store.text('guide.html')).toContain('starter kit');
  });

  it('renders no Markdown after a theme edit, but every page', async () => {
    site.write('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer>Session footer</footer>;\n}\n');
    const result = ok(await session.rebuild({ files: ['theme/layout/footer.tsx'], theme: true }));
    expect(result.markdown).toEqual([]);
    expect(result.pages).toHaveLength(12);
    expect(store.text('blog.html')).toContain('Session footer');
  });

  it('renders no Markdown after a config edit that leaves Markdown settings alone, but every page', async () => {
    site.write('site.config.ts', site.read('site.config.ts').replace("tagline: 'Edited while served'", "tagline: 'Edited again'"));
    const result = ok(await session.rebuild({ files: ['site.config.ts'], config: true }));
    expect(result.markdown).toEqual([]);
    expect(result.pages).toHaveLength(12);
  });

  it('after a failed rebuild, the next one still renders what the failed one could not commit', async () => {
    const before = store.text('reference/cli.html');
    site.write('content/docs/reference/cli.md', '---\ntitle: CLI\n---\n\nThe command line tool, version two.\n');
    site.write('content/docs/guide.md', '---\ntitle: [broken\n---\n');
    const failed = await session.rebuild({ files: ['content/docs/reference/cli.md', 'content/docs/guide.md'] });
    expect(failed.ok).toBe(false);
    expect(store.text('reference/cli.html')).toBe(before);

    site.write('content/docs/guide.md', '---\ntitle: Guide\nsidebar_position: 2\n---\n\nFixed.\n');
    ok(await session.rebuild({ files: ['content/docs/guide.md'] }));
    expect(store.text('reference/cli.html')).toContain('version two');
    expect(store.text('guide.html')).toContain('Fixed.');
  });

  it('builds the search index from the served pages', async () => {
    expect(await session.indexSearch()).toMatchObject({ files: expect.any(Number) });
    expect(JSON.parse(store.text(`${INDEX_DIR}/${indexPaths.manifest}`)!)).toBeTypeOf('object');
  });
});

describe('dev session on a big site (pages rendered on request)', () => {
  let big: SiteCopy;
  let bigStore: OutputStore;
  let bigSession: DevSession;
  const run = async (files?: string[]) => {
    const outcome = await bigSession.rebuild(files && { files });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.diagnostics));
    return { rendered: outcome.result.rendered.map((p) => p.route), deferred: outcome.result.deferred, warnings: outcome.result.diagnostics };
  };

  beforeAll(async () => {
    big = copyFixture('dev-site');
    bigStore = new OutputStore();
    // Two pages stand in for two hundred: anything more is rendered when first read.
    bigSession = createDevSession({ root: big.root, store: bigStore, eagerLimit: 2 });
  });
  afterAll(() => big?.cleanup());

  it('renders nothing up front, and a page when it is read', async () => {
    expect(await run()).toMatchObject({ rendered: [], deferred: 12 });
    expect(bigStore.pending).toBe(12); // one HTML file per page: navigation reads its data there
    expect(bigStore.text('guide.html')).toContain('How to steer the snake.');
    expect(bigStore.pending).toBe(11);
  });

  it('renders the edited page now and the pages it touched on request', async () => {
    big.write('content/docs/reference/cli.md', '---\ntitle: Command line\n---\n\nThe command line tool. See [nowhere](/nowhere).\n');
    const result = await run(['content/docs/reference/cli.md']);
    // The title is in every page's sidebar: 12 pages changed, only the edited one is rendered.
    expect(result).toMatchObject({ rendered: ['/reference/cli'], deferred: 11 });
    // Its broken link is reported at once, since it was rendered.
    expect(result.warnings.map((d) => d.message)).toEqual(['Cannot find page `/nowhere`']);
    // The blog names the new site data, sidebar included.
    expect(JSON.stringify(inlineData<{ site: unknown }>(bigStore.text('blog.html')!, bigStore).site)).toContain('"label":"Command line"');
  });

  it('does not build the search index while many pages wait', async () => {
    expect(await bigSession.indexSearch()).toEqual({ skipped: bigStore.pending });
  });
});
