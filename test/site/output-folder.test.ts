import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger, type Logger } from '../../src/diagnostics/logger.ts';
import { claimOutputFolder, spareFolder } from '../../src/site/output-folder.ts';
import { FsWriter } from '../../src/site/writer.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Builds with the cache write over the files of the folder the previous build replaced (the
// spare) instead of creating every file again: the output must be exactly a fresh build's.

const scratch = path.join(tmpdir(), `sitegen-output-folder-${process.pid}`);
let site: SiteCopy | undefined;
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
  if (!site) return;
  rmSync(spareFolder(path.join(site.root, 'build')), { recursive: true, force: true });
  site.cleanup();
  site = undefined;
});

/** Every file below `dir` with its contents. */
/** Every file's text (gzipped ones, the search index's, inflated). */
function tree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => {
    const full = path.join(e.parentPath, e.name);
    return [path.relative(dir, full), full.endsWith('.gz') ? gunzipSync(readFileSync(full)).toString('utf8') : readFileSync(full, 'utf8')];
  }));
}

describe('FsWriter over an earlier build', () => {
  it('writes over a file of the spare in place, but never through a hard link or a symbolic link', async () => {
    const outDir = path.join(scratch, 'build');
    const spare = spareFolder(outDir);
    rmSync(spare, { recursive: true, force: true });
    mkdirSync(spare, { recursive: true });
    mkdirSync(scratch, { recursive: true });
    const at = (f: string) => path.join(spare, f);
    writeFileSync(at('plain.html'), 'old');
    writeFileSync(at('linked.html'), 'old');
    linkSync(at('linked.html'), path.join(scratch, 'deployed-copy.html'));
    writeFileSync(path.join(scratch, 'source.md'), 'not output');
    symlinkSync(path.join(scratch, 'source.md'), at('symlink.html'));
    const inode = statSync(at('plain.html')).ino;

    const folder = await claimOutputFolder({ outDir, reuse: true });
    expect(existsSync(spare)).toBe(false);
    expect([...folder.existing]).toEqual(['plain.html']);
    const writer = new FsWriter(folder.dir, { existing: folder.existing });
    for (const f of ['plain.html', 'linked.html', 'symlink.html']) await writer.write(f, 'new');
    await writer.flush();

    for (const f of ['plain.html', 'linked.html', 'symlink.html']) expect(readFileSync(path.join(folder.dir, f), 'utf8')).toBe('new');
    expect(statSync(path.join(folder.dir, 'plain.html')).ino).toBe(inode);
    expect(readFileSync(path.join(scratch, 'deployed-copy.html'), 'utf8')).toBe('old');
    expect(readFileSync(path.join(scratch, 'source.md'), 'utf8')).toBe('not output');
    rmSync(folder.dir, { recursive: true, force: true });
  });

  it('reuses the files given up by `recycle` for new paths, and lists the rest as stale', async () => {
    const out = path.join(scratch, 'out');
    mkdirSync(path.join(out, 'index'), { recursive: true });
    for (const f of ['index/a.old1.json', 'index/b.old1.json', 'index/c.old1.json', 'kept.html', 'gone.html']) writeFileSync(path.join(out, f), 'old');
    const inodes = new Set(['a', 'b', 'c'].map((n) => statSync(path.join(out, `index/${n}.old1.json`)).ino));
    const writer = new FsWriter(out, { existing: new Set(['index/a.old1.json', 'index/b.old1.json', 'index/c.old1.json', 'kept.html', 'gone.html']) });
    await writer.write('kept.html', 'new');
    writer.recycle((f) => f.startsWith('index/'));
    await writer.write('index/a.new2.json', 'new a');
    await writer.write('index/fresh/b.new2.json', 'new b');
    await writer.flush();

    expect(readFileSync(path.join(out, 'index/a.new2.json'), 'utf8')).toBe('new a');
    expect(readFileSync(path.join(out, 'index/fresh/b.new2.json'), 'utf8')).toBe('new b');
    expect(inodes.has(statSync(path.join(out, 'index/a.new2.json')).ino)).toBe(true);
    expect(inodes.has(statSync(path.join(out, 'index/fresh/b.new2.json')).ino)).toBe(true);
    // One old index file was not needed, and one page is no longer made.
    expect(writer.staleFiles().sort()).toEqual(['gone.html', expect.stringMatching(/^index\/[abc]\.old1\.json$/)]);
  });

  it('reads an earlier file whole or only its first bytes, never half a character', async () => {
    const out = path.join(scratch, 'out');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'page.html'), 'abé-rest');
    const writer = new FsWriter(out, { existing: new Set(['page.html']) });
    expect(await writer.readExisting('page.html')).toBe('abé-rest');
    expect(await writer.readExisting('page.html', 2)).toBe('ab');
    // "é" is two bytes: three bytes hold half of it, which is left out.
    expect(await writer.readExisting('page.html', 3)).toBe('ab');
    expect(await writer.readExisting('page.html', 4)).toBe('abé');
    expect(await writer.readExisting('missing.html', 4)).toBeUndefined();
  });

  it('removes a file where a folder must go, and a folder where a file must go', async () => {
    const out = path.join(scratch, 'out');
    mkdirSync(path.join(out, 'guide'), { recursive: true });
    writeFileSync(path.join(out, 'guide', 'old.html'), 'old');
    writeFileSync(path.join(out, 'api'), 'a file');
    const writer = new FsWriter(out, { existing: new Set(['guide/old.html', 'api']) });
    await writer.write('guide', 'now a file');
    await writer.write('api/index.html', 'now in a folder');
    await writer.flush();
    expect(readFileSync(path.join(out, 'guide'), 'utf8')).toBe('now a file');
    expect(readFileSync(path.join(out, 'api', 'index.html'), 'utf8')).toBe('now in a folder');
  });
});

/** A copy of the core fixture (removed after the test) and a build of it with the cache. */
function coreSiteWithCache(logger: Logger = silentLogger) {
  const copy = copyFixture('core-site');
  site = copy;
  const { root } = copy;
  return { copy, root, buildDir: path.join(root, 'build'), build: () => buildSite({ root, logger, cache: true }) };
}

describe('builds with the cache reuse the folder the last build replaced', () => {
  it('gives exactly the output of a fresh build, deleting what the site no longer has', async () => {
    const { root, buildDir, build } = coreSiteWithCache();
    await build();
    await build();
    // The first build's folder is now the spare, with a page the next build no longer makes.
    expect(existsSync(path.join(spareFolder(buildDir), 'extra', 'more-things.html'))).toBe(true);
    rmSync(path.join(root, 'content/docs/03-extra/more.md'));
    await build();
    const reused = tree(buildDir);
    expect(reused.has(path.join('extra', 'more-things.html'))).toBe(false);

    await buildSite({ root, outDir: 'fresh', logger: silentLogger, cache: false });
    const fresh = tree(path.join(root, 'fresh'));
    // File for file, byte for byte.
    expect(fresh.size).toBeGreaterThan(5);
    expect([...reused.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) expect(reused.get(file), file).toBe(text);
    // Only the cached build keeps a spare; the uncached one deleted the folder it replaced.
    expect(readdirSync(root).filter((f) => f.includes('.tmp-') || f.includes('.old-'))).toEqual([]);
  });

  it('keeps the search index of the folder it writes over when nothing the index is made of changed', async () => {
    const { copy, root, buildDir, build } = coreSiteWithCache();
    const manifest = () => path.join(buildDir, 'search-index', 'manifest.json');
    const first = await build();
    const written = statSync(manifest()).mtimeMs;
    await build();
    // The third build writes over the first one's folder: same index, so its files stay untouched.
    const third = await build();
    expect(statSync(manifest()).mtimeMs).toBe(written);
    expect(third.bytes).toBe(first.bytes);
    // A page's text changes the index: made again, and the same as a fresh build's.
    copy.write('content/docs/03-extra/more.md', copy.read('content/docs/03-extra/more.md').replace('More.', 'More, with zanzibar.'));
    await build();
    await build();
    expect(statSync(manifest()).mtimeMs).not.toBe(written);
    await buildSite({ root, outDir: 'fresh', logger: silentLogger, cache: false });
    const index = (dir: string) => new Map([...tree(dir)].filter(([file]) => file.startsWith('search-index')));
    expect(index(buildDir)).toEqual(index(path.join(root, 'fresh')));
    expect([...index(buildDir).values()].some((text) => text.includes('zanzibar'))).toBe(true);
  });

  it('keeps each page an earlier build made from the same inputs, and makes it again when one changes', async () => {
    const { copy, root, buildDir, build } = coreSiteWithCache();
    const mtimes = () => new Map([...tree(buildDir).keys()].filter((f) => f.endsWith('.html')).map((f) => [f, statSync(path.join(buildDir, f)).mtimeMs]));
    await build();
    const first = mtimes();
    expect(first.size).toBeGreaterThan(5);
    await build();
    // The third build writes over the first one's folder, whose pages have the same inputs: kept, not written.
    await build();
    expect(mtimes()).toEqual(first);

    // One doc's text: that page (and the neighbours whose data shows it) is made again, the rest kept.
    const guide = path.join('basics', 'guide.html');
    copy.write('content/docs/01-basics/02-guide.md', copy.read('content/docs/01-basics/02-guide.md').replace(/\n*$/, '\n\nA new closing line.\n'));
    await build();
    await build();
    const afterEdit = mtimes();
    expect(afterEdit.get(guide)).not.toBe(first.get(guide));
    expect(readFileSync(path.join(buildDir, guide), 'utf8')).toContain('A new closing line.');
    const keptPages = [...afterEdit].filter(([file, mtime]) => first.get(file) === mtime).map(([file]) => file);
    expect(keptPages.length).toBeGreaterThan(0);
    expect(keptPages).not.toContain(guide);

    // The config changes every page (site data): nothing is kept.
    copy.write('site.config.ts', copy.read('site.config.ts').replace("tagline: 'A site for core tests'", "tagline: 'A site for all tests'"));
    await build();
    await build();
    for (const [file, mtime] of mtimes()) expect(mtime, file).not.toBe(afterEdit.get(file));

    // File for file, byte for byte what a fresh build makes.
    await buildSite({ root, outDir: 'fresh', logger: silentLogger, cache: false });
    const fresh = tree(path.join(root, 'fresh'));
    const reused = tree(buildDir);
    expect(fresh.size).toBeGreaterThan(5);
    expect([...reused.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) expect(reused.get(file), file).toBe(text);
  });

  it('takes pages and search index from the folder it replaces when the one it writes over is older than a change', async () => {
    const details: string[] = [];
    const { copy, root, buildDir, build } = coreSiteWithCache({ ...silentLogger, detail: (m) => details.push(m) });
    await build();
    await build();
    // The config changes every page: the next build makes them all, over a folder from before the change.
    copy.write('site.config.ts', copy.read('site.config.ts').replace("tagline: 'A site for core tests'", "tagline: 'A site for all tests'"));
    details.length = 0;
    const made = await build();
    expect(details.filter((d) => /pages kept/.test(d))).toEqual([]);
    // The build after it writes over that older folder too, but finds every page in `build/`.
    details.length = 0;
    const again = await build();
    expect(details.filter((d) => /pages kept/.test(d))).toEqual([`    ${made.pages} of ${made.pages} pages kept from earlier builds (same inputs)`]);
    expect(again.bytes).toBe(made.bytes);

    // File for file, byte for byte what a fresh build makes, search index included.
    await buildSite({ root, outDir: 'fresh', logger: silentLogger, cache: false });
    const fresh = tree(path.join(root, 'fresh'));
    const reused = tree(buildDir);
    expect(fresh.size).toBeGreaterThan(5);
    expect([...reused.keys()].sort()).toEqual([...fresh.keys()].sort());
    for (const [file, text] of fresh) expect(reused.get(file), file).toBe(text);
    expect([...reused.keys()].some((f) => f.startsWith('search-index'))).toBe(true);
  });

  it('checks links and makes the search index from what earlier builds read of the pages it keeps, as from the pages', async () => {
    const { copy, root, buildDir, build } = coreSiteWithCache();
    await build();
    await build();
    await build();
    // A page with the same key is kept, not made again.
    const key = (f: string) => /data-page-key="([0-9a-f]+)"/.exec(readFileSync(path.join(buildDir, f), 'utf8'))![1];
    const home = key('index.html');

    // One doc's text: its page is made again; the search index too, from the kept pages' HTML
    // read back (only their digests were known) and the new page.
    copy.write('content/docs/01-basics/02-guide.md', copy.read('content/docs/01-basics/02-guide.md').replace(/\n*$/, '\n\nA searchable closing line about zebras.\n'));
    await build();
    expect(key('index.html')).toBe(home);
    await buildSite({ root, outDir: 'fresh', logger: silentLogger, cache: false });
    const index = (dir: string) => new Map([...tree(path.join(root, dir))].filter(([file]) => file.startsWith('search-index')));
    expect(index('build')).toEqual(index('fresh'));
    expect([...index('build').values()].some((text) => text.includes('zebras'))).toBe(true);

    // The home page, kept, links to a heading of the guide: renamed, the link is broken, though
    // the home page was not read again.
    copy.write('content/docs/01-basics/02-guide.md', copy.read('content/docs/01-basics/02-guide.md').replace('## Second part', '## Later part'));
    const failure = await build().then(() => undefined, (error: { diagnostics?: { file: string; message: string }[] }) => error);
    expect(failure?.diagnostics?.map((d) => `${d.file}: ${d.message}`)).toEqual([expect.stringMatching(/^content\/docs\/index\.md: .*second-part/)]);
  });

  it('leaves the previous output as it was when a build fails', async () => {
    const { copy, root, buildDir, build } = coreSiteWithCache();
    await build();
    await build();
    const before = tree(buildDir);
    copy.write('content/docs/03-extra/more.md', `${copy.read('content/docs/03-extra/more.md')}\nSee [nowhere](/no-such-page).\n`);
    await expect(build()).rejects.toThrow();
    expect(tree(buildDir)).toEqual(before);
    expect(readdirSync(root).filter((f) => f.includes('.tmp-') || f.includes('.old-'))).toEqual([]);
  });
});
