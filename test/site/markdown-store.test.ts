import { chmodSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { serialize } from 'node:v8';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMarkdownStore, type MarkdownConfig } from '../../src/site/markdown-store.ts';
import type { MarkdownCacheEntry } from '../../src/markdown/render-markdown.ts';

const dirs: string[] = [];
function scratch(): string {
  const dir = path.join(tmpdir(), `sitegen-store-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    try {
      chmodSync(dir, 0o755);
    } catch {}
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Markdown settings that differ only in the deepest TOC level. */
const tocUpTo = (maxHeadingLevel: number) => ({ toc: { minHeadingLevel: 2, maxHeadingLevel }, markdown: {}, baseUrl: '/' }) as unknown as MarkdownConfig;

const input = { source: '# Hello\n\nSee [rules](./rules.md).\n', lineOffset: 3, tocMinLevel: 2, tocMaxLevel: undefined };
const entry = (source = input.source): MarkdownCacheEntry => ({
  input: { ...input, source },
  result: {
    html: '<h1 id="hello">Hello</h1>', toc: [{ id: 'hello', text: 'Hello', level: 1 }] as never, anchors: ['hello'],
    links: [{ url: '/rules', line: 6, column: 5 }] as never, wordCount: 3,
    diagnostics: [{ file: 'content/docs/a.md', line: 6, column: 5, severity: 'warning', ruleId: 'links/markdown-link', message: 'Cannot resolve' }],
  },
  // `undefined`: the link or image did not resolve. It must come back as `undefined`, not `null`.
  links: new Map([['./rules.md', '/rules'], ['./gone.md', undefined]]),
  assets: new Map([['./dot.svg', '/assets/images/dot-1234abcd.svg'], ['./missing.png', undefined]]),
});

describe('createMarkdownStore', () => {
  it('returns what was stored for the same file and input, resolver answers included', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    store.set('content/docs/a.md', entry());
    await store.flush();
    const again = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    const got = again.get('content/docs/a.md', { ...input });
    expect(got).toEqual(entry());
    expect(got!.links.has('./gone.md') && got!.links.get('./gone.md')).toBe(undefined);
    expect(got!.assets.get('./missing.png')).toBeUndefined();
    expect(again.stats.hits).toBe(1);
    expect(readdirSync(dir).filter((f) => f.endsWith('.v8.gz'))).toHaveLength(1);
  });

  it('misses when the body, the front-matter offset, the TOC levels, the file or the settings differ', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    store.set('content/docs/a.md', entry());
    await store.flush();
    expect(store.get('content/docs/a.md', { ...input, source: `${input.source} ` })).toBeUndefined();
    expect(store.get('content/docs/a.md', { ...input, lineOffset: 4 })).toBeUndefined();
    expect(store.get('content/docs/a.md', { ...input, tocMaxLevel: 4 })).toBeUndefined();
    expect(store.get('content/docs/b.md', { ...input })).toBeUndefined();
    const otherSettings = createMarkdownStore({ root: '/site', config: tocUpTo(4), dir });
    expect(otherSettings.get('content/docs/a.md', { ...input })).toBeUndefined();
    expect(store.get('content/docs/a.md', { ...input })).toBeDefined();
  });

  it('treats a damaged entry as a miss', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    store.set('content/docs/a.md', entry());
    await store.flush();
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file), 'not gzip at all');
    expect(store.get('content/docs/a.md', { ...input })).toBeUndefined();
  });

  it('treats an entry of any other shape as a miss, and writes over it', async () => {
    for (const shape of [null, 'a string', 42, [], { version: 'x' }, { file: 'content/docs/a.md', result: null }]) {
      const dir = scratch();
      const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
      store.set('content/docs/a.md', entry());
      await store.flush();
      const [file] = readdirSync(dir);
      // A file V8 decodes without error, to something that is not an entry (`null` crashed builds and dev).
      writeFileSync(path.join(dir, file), gzipSync(serialize(shape)));
      expect(store.get('content/docs/a.md', { ...input }), JSON.stringify(shape)).toBeUndefined();
      store.set('content/docs/a.md', entry());
      await store.flush();
      expect(store.get('content/docs/a.md', { ...input }), JSON.stringify(shape)).toEqual(entry());
    }
  });

  it('writes over a folder where an entry goes (it was a miss on every build)', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    store.set('content/docs/a.md', entry());
    await store.flush();
    const [file] = readdirSync(dir);
    rmSync(path.join(dir, file));
    mkdirSync(path.join(dir, file, 'inside'), { recursive: true });
    expect(store.get('content/docs/a.md', { ...input })).toBeUndefined();
    store.set('content/docs/a.md', entry());
    await store.flush();
    expect(store.stats.failures).toBe(0);
    expect(store.get('content/docs/a.md', { ...input })).toEqual(entry());
  });

  it('with `read: false` (`--no-cache`), misses every entry and stores each anew', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    store.set('content/docs/a.md', entry('old body'));
    await store.flush();
    const rewriting = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir, read: false });
    expect(rewriting.get('content/docs/a.md', { ...input, source: 'old body' })).toBeUndefined();
    rewriting.set('content/docs/a.md', entry());
    await rewriting.flush({ keep: ['content/docs/a.md'] });
    expect(createMarkdownStore({ root: '/site', config: tocUpTo(3), dir }).get('content/docs/a.md', { ...input })).toEqual(entry());
  });

  it('keeps only the entries of the files named when flushing with `keep`', async () => {
    const dir = scratch();
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir });
    for (const name of ['a', 'b', 'c']) store.set(`content/docs/${name}.md`, entry());
    await store.flush({ keep: ['content/docs/a.md', 'content/docs/c.md'] });
    expect(readdirSync(dir)).toHaveLength(2);
    expect(store.get('content/docs/a.md', { ...input })).toBeDefined();
    expect(store.get('content/docs/b.md', { ...input })).toBeUndefined();
    expect(store.get('content/docs/c.md', { ...input })).toBeDefined();
  });

  it.skipIf(process.getuid?.() === 0)('never fails a build when the cache folder cannot be written', async () => {
    const parent = scratch();
    mkdirSync(parent, { recursive: true });
    chmodSync(parent, 0o555);
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir: path.join(parent, 'store') });
    store.set('content/docs/a.md', entry());
    await expect(store.flush()).resolves.toBeUndefined();
    expect(store.stats.failures).toBe(1);
    expect(store.get('content/docs/a.md', { ...input })).toBeUndefined();
  });

  it('never fails a build when the cache path is taken by a file', async () => {
    const parent = scratch();
    mkdirSync(parent, { recursive: true });
    writeFileSync(path.join(parent, 'store'), 'a file where the folder should be');
    const store = createMarkdownStore({ root: '/site', config: tocUpTo(3), dir: path.join(parent, 'store') });
    store.set('content/docs/a.md', entry());
    await expect(store.flush({ keep: [] })).resolves.toBeUndefined();
    expect(store.stats).toMatchObject({ writes: 0, failures: 1 });
  });
});
