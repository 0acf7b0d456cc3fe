import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { loadLastUpdates, runGit, withLastUpdates, type GitRunner } from '../../src/content/load-last-updates.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { inlineData } from '../helpers/helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Every repository here is made by the test, with fixed dates: nothing depends on the history
// (or the shallowness) of the clone the tests run in.
const D1 = Date.UTC(2024, 0, 15, 9, 30);
const D2 = Date.UTC(2024, 5, 2, 18, 0);
const D3 = Date.UTC(2025, 2, 9, 7, 45);
const MTIME = Date.UTC(2026, 10, 1, 12, 0);

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const ceiling = process.env.GIT_CEILING_DIRECTORIES;
beforeAll(() => {
  // No test may find the repository it runs in by walking up from a temporary folder.
  process.env.GIT_CEILING_DIRECTORIES = [os.tmpdir(), path.resolve(import.meta.dirname, '../../node_modules/.cache')].join(path.delimiter);
});
// The unit project shares a process between test files: leave the environment as it was found.
afterAll(() => {
  if (ceiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
  else process.env.GIT_CEILING_DIRECTORIES = ceiling;
});

function git(cwd: string, args: string[], options: { at?: number; author?: string } = {}): string {
  const date = options.at === undefined ? undefined : new Date(options.at).toISOString();
  return execFileSync('git', args, {
    cwd, encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: options.author ?? 'Ada Quill', GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_COMMITTER_NAME: 'Ci Bot', GIT_COMMITTER_EMAIL: 'ci@example.com',
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  });
}

function commit(cwd: string, message: string, options: { at: number; author?: string }): void {
  git(cwd, ['add', '-A']);
  git(cwd, ['commit', '-q', '-m', message], options);
}

/** A temporary folder outside any repository. */
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-last-update-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

/** A runner that records every git command it runs. */
function countingGit(): { git: GitRunner; calls: string[][] } {
  const calls: string[][] = [];
  return { calls, git: (options) => { calls.push(options.args); return runGit(options); } };
}

/**
 * A repository whose site sits in `site/` (so paths in git's output differ from the site's):
 * a.md committed at D1, b.md changed at D2 by another author, old.md moved to moved.md at D3.
 */
function siteRepo(): string {
  const repo = tempDir();
  git(repo, ['init', '-q']);
  const root = path.join(repo, 'site');
  for (const f of ['a.md', 'b.md', 'old.md']) write(root, `docs/${f}`, `# ${f}\n`);
  write(root, 'docs/ünïcode name.md', '# odd name\n');
  commit(repo, 'first', { at: D1 });
  write(root, 'docs/b.md', '# b, edited\n');
  commit(repo, 'second', { at: D2, author: 'Bea Stone' });
  git(root, ['mv', 'docs/old.md', 'docs/moved.md']);
  commit(repo, 'move', { at: D3 });
  return root;
}

const FILES = ['docs/a.md', 'docs/b.md', 'docs/moved.md', 'docs/ünïcode name.md'];

describe('loadLastUpdates', () => {
  it('reads every file\'s last commit with one `git log` call, renamed files at their move', async () => {
    const root = siteRepo();
    const { git: counting, calls } = countingGit();
    const { updates, diagnostics } = await loadLastUpdates({ root, files: FILES, pathspec: 'docs', git: counting });
    expect(Object.fromEntries(updates)).toEqual({
      'docs/a.md': { at: D1, by: 'Ada Quill' },
      'docs/b.md': { at: D2, by: 'Bea Stone' },
      'docs/moved.md': { at: D3, by: 'Ada Quill' },
      'docs/ünïcode name.md': { at: D1, by: 'Ada Quill' },
    });
    expect(calls.filter((args) => args[0] === 'log')).toHaveLength(1);
    expect(calls.map((args) => args[0])).toEqual(['rev-parse', 'status', 'ls-files', 'log']);
    expect(diagnostics).toEqual([]);
  });

  it('falls back to the modification time of files with uncommitted changes or never committed, without an author', async () => {
    const root = siteRepo();
    write(root, 'docs/b.md', '# b, edited again\n');
    write(root, 'docs/new.md', '# new\n');
    for (const f of ['docs/b.md', 'docs/new.md']) utimesSync(path.join(root, f), MTIME / 1000, MTIME / 1000);
    const { updates } = await loadLastUpdates({ root, files: [...FILES, 'docs/new.md'], pathspec: 'docs' });
    expect(updates.get('docs/b.md')).toEqual({ at: MTIME });
    expect(updates.get('docs/new.md')).toEqual({ at: MTIME });
    expect(updates.get('docs/a.md')).toEqual({ at: D1, by: 'Ada Quill' });
  });

  it('runs no `git log` for files git does not track (a copy of the site in an ignored folder of another repository)', async () => {
    const root = siteRepo();
    write(root, '.gitignore', 'docs/ignored/\n');
    write(root, 'docs/ignored/x.md', '# x\n');
    utimesSync(path.join(root, 'docs/ignored/x.md'), MTIME / 1000, MTIME / 1000);
    const { git: counting, calls } = countingGit();
    const { updates } = await loadLastUpdates({ root, files: ['docs/ignored/x.md'], pathspec: 'docs', git: counting });
    expect(Object.fromEntries(updates)).toEqual({ 'docs/ignored/x.md': { at: MTIME } });
    expect(calls.map((args) => args[0])).toEqual(['rev-parse', 'status', 'ls-files']);
  });

  it('falls back to the modification time outside git: the three questions asked at once fail, and no `git log`', async () => {
    const root = tempDir();
    write(root, 'docs/a.md', '# a\n');
    utimesSync(path.join(root, 'docs/a.md'), MTIME / 1000, MTIME / 1000);
    const { git: counting, calls } = countingGit();
    const { updates, diagnostics } = await loadLastUpdates({ root, files: ['docs/a.md'], pathspec: 'docs', git: counting });
    expect(Object.fromEntries(updates)).toEqual({ 'docs/a.md': { at: MTIME } });
    expect(calls.map((args) => args[0]).sort()).toEqual(['ls-files', 'rev-parse', 'status']);
    expect(diagnostics).toEqual([]);
  });

  it('falls back to the modification time, without failing, when git fails after `rev-parse`', async () => {
    const root = siteRepo();
    utimesSync(path.join(root, 'docs/a.md'), MTIME / 1000, MTIME / 1000);
    const failing: GitRunner = (options) => (options.args[0] === 'log' ? Promise.reject(new Error('git log exited 128')) : runGit(options));
    const { updates } = await loadLastUpdates({ root, files: ['docs/a.md'], pathspec: 'docs', git: failing });
    expect(Object.fromEntries(updates)).toEqual({ 'docs/a.md': { at: MTIME } });
  });

  it('takes file times without any git call for files edited during a dev session (`source: \'file-time\'`)', async () => {
    const root = siteRepo();
    utimesSync(path.join(root, 'docs/a.md'), MTIME / 1000, MTIME / 1000);
    const config = { docs: { path: 'docs', showLastUpdateTime: true, showLastUpdateAuthor: true }, docsInstances: [] } as unknown as Parameters<typeof withLastUpdates>[0]['config'];
    const docs = [{ file: 'docs/a.md' }] as Parameters<typeof withLastUpdates>[0]['docs'];
    const { git: counting, calls } = countingGit();
    const dated = await withLastUpdates({ root, config, docs, git: counting, source: 'file-time' });
    expect(dated.docs[0].lastUpdate).toEqual({ at: MTIME });
    expect(calls).toEqual([]);
    // The same file from git: its commit (what the initial load of a session shows).
    expect((await withLastUpdates({ root, config, docs, git: counting })).docs[0].lastUpdate).toEqual({ at: D1, by: 'Ada Quill' });
  });

  it('warns once, at the config key, when the clone is shallow', async () => {
    const origin = siteRepo();
    const clone = path.join(tempDir(), 'clone');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${path.dirname(origin)}`, clone]);
    const configText = "export default defineConfig({\n  docs: {\n    showLastUpdateTime: true,\n  },\n});\n";
    const config = { docs: { path: 'docs', showLastUpdateTime: true, showLastUpdateAuthor: false }, docsInstances: [] } as unknown as Parameters<typeof withLastUpdates>[0]['config'];
    const docs = FILES.map((file) => ({ file })) as Parameters<typeof withLastUpdates>[0]['docs'];
    const { diagnostics } = await withLastUpdates({ root: path.join(clone, 'site'), config, docs, configText });
    expect(diagnostics).toEqual([expect.objectContaining({
      file: 'site.config.ts', line: 3, column: 5, severity: 'warning', ruleId: 'content/shallow-history',
      message: expect.stringContaining('`docs.showLastUpdateTime`'),
    })]);
    // A reload (no config text) does not say it again.
    expect((await withLastUpdates({ root: path.join(clone, 'site'), config, docs })).diagnostics).toEqual([]);
  });
});

describe('"Last updated" in a build (`docs.showLastUpdateTime`, `showLastUpdateAuthor`)', () => {
  let site: SiteCopy | undefined;
  afterEach(() => {
    site?.cleanup();
    site = undefined;
  });

  async function build(root: string) {
    const out = new MemoryWriter();
    const result = await buildSite({ root, writer: out, logger: silentLogger, cache: true });
    const page = out.text('extra/more-things.html')!;
    return { result, out, page, data: inlineData(page).page, sitemap: out.text('sitemap.xml')! };
  }

  it('shows the last commit under the article, in the page data and as the sitemap\'s lastmod; a commit alone updates a warm build', async () => {
    site = copyFixture('core-site');
    site.write('site.config.ts', site.read('site.config.ts').replace('blog: {', 'docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },\n  blog: {'));
    git(site.root, ['init', '-q']);
    commit(site.root, 'first', { at: D1 });

    const first = await build(site.root);
    expect(first.result.diagnostics.filter((d) => d.ruleId === 'content/shallow-history')).toEqual([]);
    expect(first.data).toMatchObject({ lastUpdatedAt: D1, lastUpdatedBy: 'Ada Quill' });
    expect(first.page).toContain(`<p class="last-updated">Last updated<!-- --> on <time dateTime="${new Date(D1).toISOString()}">January 15, 2024</time> by <span class="last-updated-author">Ada Quill</span></p>`);
    expect(first.sitemap).toContain('<loc>https://fixture.example/extra/more-things</loc><lastmod>2024-01-15</lastmod>');

    // Edited, not committed: the file's modification time, no author.
    site.write('content/docs/03-extra/more.md', site.read('content/docs/03-extra/more.md').replace('More.', 'More, edited.'));
    utimesSync(site.file('content/docs/03-extra/more.md'), MTIME / 1000, MTIME / 1000);
    const edited = await build(site.root);
    expect(edited.data.lastUpdatedAt).toBe(MTIME);
    expect(edited.data.lastUpdatedBy).toBeUndefined();
    expect(edited.sitemap).toContain('<loc>https://fixture.example/extra/more-things</loc><lastmod>2026-11-01</lastmod>');

    // Committed: nothing to render again (the Markdown cache holds the body), yet the new date shows.
    commit(site.root, 'second', { at: D2, author: 'Bea Stone' });
    const committed = await build(site.root);
    expect(committed.result.markdownRendered).toEqual([]);
    expect(committed.data).toMatchObject({ lastUpdatedAt: D2, lastUpdatedBy: 'Bea Stone' });
    expect(committed.page).toContain('June 2, 2024</time> by <span class="last-updated-author">Bea Stone</span>');
    expect(committed.sitemap).toContain('<loc>https://fixture.example/extra/more-things</loc><lastmod>2024-06-02</lastmod>');
  });

  it('takes the date and author of front matter `last_update` (Docusaurus\'s) over git\'s, field by field, and reports a bad date', async () => {
    // Issue 40 › 5: a page's commits may say 2026 while the site's world is in December 2023.
    site = copyFixture('core-site');
    site.write('site.config.ts', site.read('site.config.ts').replace('blog: {', 'docs: { showLastUpdateTime: true, showLastUpdateAuthor: true },\n  blog: {'));
    const file = 'content/docs/03-extra/more.md';
    site.write(file, site.read(file).replace('---\n', '---\nlast_update:\n  date: 2023-11-06\n  author: Mira Okafor\n'));
    git(site.root, ['init', '-q']);
    commit(site.root, 'first', { at: D3 });
    const both = await build(site.root);
    expect(both.data).toMatchObject({ lastUpdatedAt: Date.UTC(2023, 10, 6), lastUpdatedBy: 'Mira Okafor' });
    expect(both.page).toContain('November 6, 2023</time> by <span class="last-updated-author">Mira Okafor</span>');
    expect(both.sitemap).toContain('<loc>https://fixture.example/extra/more-things</loc><lastmod>2023-11-06</lastmod>');

    // A date alone keeps git's author.
    site.write(file, site.read(file).replace('  author: Mira Okafor\n', ''));
    commit(site.root, 'second', { at: D3 });
    expect((await build(site.root)).data).toMatchObject({ lastUpdatedAt: Date.UTC(2023, 10, 6), lastUpdatedBy: 'Ada Quill' });

    site.write(file, site.read(file).replace('date: 2023-11-06', 'date: 6 November 2023'));
    const error = await build(site.root).catch((e: unknown) => e) as { diagnostics?: { file: string; message: string }[] };
    expect(error.diagnostics?.map((d) => `${d.file}  ${d.message}`)).toEqual([expect.stringMatching(/^content\/docs\/03-extra\/more\.md .*last_update\.date.*expected a real date/)]);
  });

  it('is off by default: no date, no lastmod on docs', async () => {
    site = copyFixture('core-site');
    const { data, page, sitemap } = await build(site.root);
    expect(data.lastUpdatedAt).toBeUndefined();
    expect(page).not.toContain('last-updated');
    expect(sitemap).toContain('<loc>https://fixture.example/extra/more-things</loc></url>');
  });
});
