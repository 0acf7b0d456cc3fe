import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { markdownStoreDir } from '../../src/site/markdown-store.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

let site: SiteCopy | undefined;
afterEach(() => {
  site?.cleanup();
  site = undefined;
});

async function build(root: string, cache = true) {
  const out = new MemoryWriter();
  const result = await buildSite({ root, writer: out, logger: silentLogger, cache });
  const files = new Map([...out.files.keys()].map((f) => [f, out.text(f) ?? JSON.stringify(out.files.get(f))]));
  return { result, files };
}

/** Docs and posts of the core fixture, drafts left out. */
const MARKDOWN_FILES = 14;

describe('the Markdown cache across builds (`cache: true`, the CLI default)', () => {
  it('renders nothing again when nothing changed, and the output is byte for byte the same', async () => {
    site = copyFixture('core-site');
    const first = await build(site.root);
    expect(first.result.markdownRendered).toHaveLength(MARKDOWN_FILES);
    const second = await build(site.root);
    expect(second.result.markdownRendered).toEqual([]);
    expect(second.files).toEqual(first.files);
    // Without the cache, the same output again, every file rendered.
    const uncached = await build(site.root, false);
    expect(uncached.result.markdownRendered).toHaveLength(MARKDOWN_FILES);
    expect(uncached.files).toEqual(first.files);
  });

  it('renders again exactly the edited file', async () => {
    site = copyFixture('core-site');
    await build(site.root);
    site.write('content/docs/03-extra/more.md', site.read('content/docs/03-extra/more.md').replace('More.', 'More, edited.'));
    const { result, files } = await build(site.root);
    expect(result.markdownRendered).toEqual(['content/docs/03-extra/more.md']);
    expect(files.get('extra/more-things.html')).toContain('More, edited.');
  });

  it('renders again the pages whose `.md` links now lead elsewhere', async () => {
    site = copyFixture('core-site');
    const before = await build(site.root);
    expect(before.files.get('index.html')).toContain('href="/basics/guide#second-part"');
    // The guide moves: the docs home links to it through `./01-basics/02-guide.md`.
    site.write('content/docs/01-basics/02-guide.md', site.read('content/docs/01-basics/02-guide.md').replace(/^---\n/, '---\nslug: /moved-guide\n'));
    site.write('site.config.ts', site.read('site.config.ts').replace("to: '/basics/guide'", "to: '/moved-guide'"));
    const { result, files } = await build(site.root);
    expect(result.markdownRendered).toEqual(['content/docs/01-basics/02-guide.md', 'content/docs/index.md']);
    expect(files.get('index.html')).toContain('href="/moved-guide#second-part"');
  });

  it('renders again a post whose image changed, with the new file name', async () => {
    site = copyFixture('core-site');
    const image = (files: Map<string, string>) => [...files.keys()].find((f) => f.startsWith('assets/images/dot-'));
    const before = image((await build(site.root)).files);
    site.write('content/blog/2021-05-02-folder-post/dot.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>');
    const { result, files } = await build(site.root);
    expect(result.markdownRendered).toEqual(['content/blog/2021-05-02-folder-post/index.md']);
    const after = image(files);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(files.get('blog/2021/05/02/folder-post.html')).toContain(`/${after}`);
  });

  it('keeps what a failed build rendered, so the fixed build renders only the fix', async () => {
    site = copyFixture('core-site');
    const extra = 'content/docs/03-extra/more.md';
    const good = site.read(extra);
    site.write(extra, `${good}\nSee [nowhere](/no-such-page).\n`);
    await expect(build(site.root)).rejects.toBeInstanceOf(SitegenError);
    site.write(extra, good);
    const { result } = await build(site.root);
    expect(result.markdownRendered).toEqual([extra]);
  });

  it('keeps no MDX page that failed to compile: a site plugin that read a missing file succeeds once the file is there', async () => {
    // Redux Toolkit's docs link doc comments from TypeScript sources outside the site: a build made
    // before those sources were there replayed "Cannot compile MDX" from the cache ever after.
    site = copyFixture('mdx-site');
    const plugin = [
      "import { readFileSync } from 'node:fs';",
      "const stamp = () => (tree: { children: unknown[] }, file: { path: string }) => {",
      "  if (!file.path.endsWith('.mdx')) return;",
      "  const text = readFileSync(new URL('./stamp.txt', import.meta.url), 'utf8').trim();",
      "  tree.children.push({ type: 'paragraph', children: [{ type: 'text', value: text }] });",
      "};",
    ].join('\n');
    site.write('site.config.ts', `${site.read('site.config.ts').replace('export default', `${plugin}\nexport default`).replace('customFields:', 'markdown: { remarkPlugins: [stamp] },\n  customFields:')}`);
    const failed = await build(site.root).then(() => undefined, (error: unknown) => error);
    expect(failed).toBeInstanceOf(SitegenError);
    expect(String((failed as Error).message) + JSON.stringify((failed as SitegenError).diagnostics)).toMatch(/stamp\.txt/);
    site.write('stamp.txt', 'Stamped from outside the page.\n');
    const { result, files } = await build(site.root);
    expect(result.markdownRendered).toEqual(expect.arrayContaining(['content/docs/components.mdx', 'content/blog/2024-05-01-launch.mdx']));
    expect([...files.values()].filter((html) => html.includes('Stamped from outside the page.')).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps one entry per source file and writes nothing with `cache: false`', async () => {
    site = copyFixture('core-site');
    await build(site.root, false);
    expect(existsSync(markdownStoreDir(site.root))).toBe(false);
    await build(site.root);
    site.remove('content/docs/03-extra/more.md');
    const { result } = await build(site.root);
    expect(result.markdownRendered).toEqual([]);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(markdownStoreDir(site.root))).toHaveLength(MARKDOWN_FILES - 1);
  });
});

describe('`sitegen build` and the Markdown cache', () => {
  it('reuses the cache by default and renders everything with --no-cache', async () => {
    const { runCli } = await import('../helpers/run-cli.ts');
    site = copyFixture('core-site');
    const args = ['--root', site.root, 'build', '--verbose', '--out-dir', 'out'];
    const first = await runCli(args);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`0 of ${MARKDOWN_FILES} Markdown files from the cache`);
    const second = await runCli(args);
    expect(second.stdout).toContain(`${MARKDOWN_FILES} of ${MARKDOWN_FILES} Markdown files from the cache`);
    // Everything came from the cache: the highlighter and unified were never started.
    expect(second.stdout).not.toContain('Markdown renders on');
    const uncached = await runCli([...args, '--no-cache']);
    expect(uncached.code).toBe(0);
    expect(uncached.stdout).toContain(`0 of ${MARKDOWN_FILES} Markdown files from the cache`);
    expect(uncached.stdout).toContain('Markdown renders on this thread');
    // --no-cache stored every file anew: the next build takes them all.
    const after = await runCli(args);
    expect(after.stdout).toContain(`${MARKDOWN_FILES} of ${MARKDOWN_FILES} Markdown files from the cache`);
  });
});

describe('`sitegen dev` and the Markdown cache', () => {
  it('starts from what a build rendered, and the first edit renders just the edited file', async () => {
    const { createDevSession } = await import('../../src/dev/dev-session.ts');
    const { OutputStore } = await import('../../src/dev/output-store.ts');
    site = copyFixture('core-site');
    // Without the draft (built only in dev), dev renders nothing at start: its Markdown service
    // is started in the background and serves the first edit.
    site.remove('content/docs/01-basics/03-draft.md');
    await build(site.root);
    const output = new OutputStore();
    const session = createDevSession({ root: site.root, store: output, markdownCache: true });
    try {
      const first = await session.rebuild();
      if (!first.ok) throw new Error(JSON.stringify(first.diagnostics));
      expect(first.result.markdownFiles).toEqual([]);
      site.write('content/docs/03-extra/more.md', site.read('content/docs/03-extra/more.md').replace('More.', 'More, in dev.'));
      const edit = await session.rebuild({ files: ['content/docs/03-extra/more.md'] });
      if (!edit.ok) throw new Error(JSON.stringify(edit.diagnostics));
      expect(edit.result.markdownFiles).toEqual(['content/docs/03-extra/more.md']);
      expect(output.text('extra/more-things.html')).toContain('More, in dev.');
    } finally {
      await session.close();
    }
  });
});
