import { afterEach, describe, expect, it } from 'vitest';
import { createDevSession, type DevSession, type RebuildOutcome } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { INDEX_DIR, indexPaths, type SearchManifest } from '../../src/search/index-format.ts';
import { inlineData } from '../helpers/helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// The session alone, without server or watcher: which Markdown files and pages each kind of
// change renders again, and that a failed rebuild never leaves the cache ahead of the output.
// Each test has its own copy of the site and its own session: no test sees another's edits.

const copies: SiteCopy[] = [];
const sessions: DevSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
  for (const copy of copies.splice(0)) copy.cleanup();
});

/** A fresh copy of the dev fixture and a session over it; with no `eagerLimit`, built at once. */
async function startSession(options: { eagerLimit?: number } = {}): Promise<{ site: SiteCopy; store: OutputStore; session: DevSession }> {
  const site = copyFixture('dev-site');
  copies.push(site);
  const store = new OutputStore();
  const session = createDevSession({ root: site.root, store, eagerLimit: options.eagerLimit });
  sessions.push(session);
  if (options.eagerLimit === undefined) ok(await session.rebuild());
  return { site, store, session };
}

/** Replaces `from` by `to` in a file of the copy; an edit that changes nothing is a broken test. */
function edit(site: SiteCopy, rel: string, from: string, to: string): void {
  const text = site.read(rel);
  if (!text.includes(from)) throw new Error(`${rel} does not contain ${JSON.stringify(from)}`);
  site.write(rel, text.replace(from, to));
}

function ok(outcome: RebuildOutcome) {
  if (!outcome.ok) throw new Error(`rebuild failed: ${JSON.stringify(outcome.diagnostics)}`);
  return { markdown: outcome.result.markdownFiles, pages: outcome.result.rendered.map((p) => p.route).sort() };
}

describe('dev session', () => {
  it('renders only the edited file after a body edit', async () => {
    const { site, store, session } = await startSession();
    edit(site, 'content/docs/guide.md', 'Install the starter', 'Install the starter kit');
    expect(ok(await session.rebuild({ files: ['content/docs/guide.md'] }))).toEqual({ markdown: ['content/docs/guide.md'], pages: ['/guide'] });
    expect(store.text('guide.html')).toContain('starter kit');
  });

  // Issue #38 › 4: dev warns on broken links, and a missing image is one: it failed the rebuild.
  it('warns about a missing image, as about a broken link, instead of failing the rebuild', async () => {
    const { site, store, session } = await startSession();
    edit(site, 'content/docs/guide.md', 'Install the starter', 'Install the starter ![kit](./img/kit.png)');
    const outcome = await session.rebuild({ files: ['content/docs/guide.md'] });
    expect(ok(outcome).markdown).toEqual(['content/docs/guide.md']);
    const warnings = outcome.ok ? outcome.result.diagnostics.filter((d) => d.ruleId === 'links/missing-image') : [];
    expect(warnings.map((d) => [d.file, d.line, d.severity])).toEqual([['content/docs/guide.md', expect.any(Number), 'warning']]);
    expect(store.text('guide.html')).toContain('Install the starter');
  });

  it('renders no Markdown after a theme edit, but every page', async () => {
    const { site, store, session } = await startSession();
    site.write('theme/layout/footer.tsx', 'export function Footer() {\n  return <footer>Session footer</footer>;\n}\n');
    const result = ok(await session.rebuild({ files: ['theme/layout/footer.tsx'], theme: true }));
    expect(result.markdown).toEqual([]);
    expect(result.pages).toHaveLength(12);
    expect(store.text('blog.html')).toContain('Session footer');
  });

  it('renders no Markdown after a config edit that leaves Markdown settings alone, but every page', async () => {
    const { site, store, session } = await startSession();
    edit(site, 'site.config.ts', "tagline: 'Edited while served'", "tagline: 'Edited again'");
    const result = ok(await session.rebuild({ files: ['site.config.ts'], config: true }));
    expect(result.markdown).toEqual([]);
    expect(result.pages).toHaveLength(12);
    expect(store.text('index.html')).toContain('Edited again');
  });

  it('after a failed rebuild, the next one still renders what the failed one could not commit', async () => {
    const { site, store, session } = await startSession();
    const before = store.text('reference/cli.html');
    expect(before).toBeDefined();
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
    const { store, session } = await startSession();
    const result = await session.indexSearch();
    // A manifest, at least one shard and one fragment file.
    expect(result).toMatchObject({ files: expect.any(Number) });
    expect((result as { files: number }).files).toBeGreaterThanOrEqual(3);
    const manifest = JSON.parse(store.text(`${INDEX_DIR}/${indexPaths.manifest}`)!) as SearchManifest;
    expect(manifest.records).toBeGreaterThan(0);
    // Every searchable page of the fixture is in a group (drafts included: dev shows them).
    expect(manifest.groups.reduce((pages, [, , first, end]) => pages + end - first, 0)).toBeGreaterThan(5);
    expect(store.text(`${INDEX_DIR}/${indexPaths.shard(0, manifest.hash)}`)).toBeDefined();
  });
});

describe('dev session on a big site (pages rendered on request)', () => {
  // Two pages stand in for two hundred: anything more is rendered when first read.
  const eagerLimit = 2;
  const run = async (session: DevSession, files?: string[]) => {
    const outcome = await session.rebuild(files && { files });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.diagnostics));
    return { rendered: outcome.result.rendered.map((p) => p.route), deferred: outcome.result.deferred, warnings: outcome.result.diagnostics };
  };

  it('renders nothing up front, and a page when it is read', async () => {
    const { store, session } = await startSession({ eagerLimit });
    expect(await run(session)).toMatchObject({ rendered: [], deferred: 12 });
    expect(store.pending).toBe(12);
    expect(store.text('guide.html')).toContain('How to steer the snake.');
    expect(store.pending).toBe(11);
    // Its data file (client navigation's) comes from the same render.
    expect(JSON.parse(store.text('_pages/guide.json')!).page.contentHtml).toContain('How to steer the snake.');
  });

  it('renders the edited page now and the pages it touched on request', async () => {
    const { site, store, session } = await startSession({ eagerLimit });
    await run(session);
    site.write('content/docs/reference/cli.md', '---\ntitle: Command line\n---\n\nThe command line tool. See [nowhere](/nowhere).\n');
    const result = await run(session, ['content/docs/reference/cli.md']);
    // The title is in every page's sidebar: 12 pages changed, only the edited one is rendered.
    expect(result).toMatchObject({ rendered: ['/reference/cli'], deferred: 11 });
    // Its broken link is reported at once, since it was rendered.
    expect(result.warnings.map((d) => d.message)).toEqual(['Cannot find page `/nowhere`']);
    // The blog names the new site data, sidebar included.
    expect(JSON.stringify(inlineData<{ site: unknown }>(store.text('blog.html')!, store).site)).toContain('"label":"Command line"');
  });

  it('does not build the search index while many pages wait', async () => {
    const { store, session } = await startSession({ eagerLimit });
    await run(session);
    expect(store.pending).toBe(12);
    expect(await session.indexSearch()).toEqual({ skipped: 12 });
  });
});
