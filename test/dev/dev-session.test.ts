import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevSession, type DevSession, type RebuildOutcome } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { INDEX_DIR, indexPaths } from '../../theme/search/index-format.ts';
import { copyFixture, type SiteCopy } from './copy-fixture.ts';

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
    expect(await session.indexSearch()).toBeGreaterThan(0);
    expect(JSON.parse(store.text(`${INDEX_DIR}/${indexPaths.manifest}`)!)).toBeTypeOf('object');
  });
});
