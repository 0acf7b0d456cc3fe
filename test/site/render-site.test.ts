import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { buildPolicy, devPolicy, type BuildPolicy } from '../../src/site/build-policy.ts';
import { loadSite, type Site } from '../../src/site/load-site.ts';
import { RenderMemo } from '../../src/site/render-memo.ts';
import { renderSite } from '../../src/site/render-site.ts';
import { FsWriter, MemoryWriter } from '../../src/site/writer.ts';
import { copyFixture, repoRoot, type SiteCopy } from '../helpers/copy-fixture.ts';

const coreSite = path.join(repoRoot, 'test/fixtures/core-site');

/** Every output file's text (deferred pages made now; copies named by their source). */
function texts(out: MemoryWriter): Map<string, string> {
  return new Map([...out.files.keys()].sort().map((f) => [f, out.text(f) ?? JSON.stringify(out.files.get(f))]));
}

async function render(site: Site, policy: BuildPolicy, options: { memo?: RenderMemo } = {}) {
  const out = new MemoryWriter();
  const result = await renderSite({ site, policy, writer: out, logger: silentLogger, memo: options.memo });
  return { out, result };
}

describe('renderSite under the build policy', () => {
  it('renders the same pages when given the same site twice, and leaves the site as it was', async () => {
    const policy = buildPolicy();
    const site = await loadSite({ root: coreSite, policy });
    const before = structuredClone(site);
    const first = await render(site, policy);
    expect(site).toEqual(before);
    const second = await render(site, policy);
    expect(site).toEqual(before);
    const a = texts(first.out);
    const b = texts(second.out);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [file, text] of a) expect(b.get(file), file).toBe(text);
    // Pages with a body: the first render must not have taken it away from the second.
    expect(b.get('basics/guide.html')).toContain('id="second-part"');
    expect(second.result.markdownFiles).toHaveLength(first.result.markdownFiles.length);
  });

  it('leaves drafts out, makes the search index, and fails on a broken link', async () => {
    const copy = copyFixture('core-site', { withTheme: false });
    try {
      const policy = buildPolicy();
      const clean = await render(await loadSite({ root: copy.root, policy }), policy);
      expect(clean.result.planned.some((p) => p.source.endsWith('03-draft.md'))).toBe(false);
      expect([...clean.out.files.keys()].some((f) => f.startsWith('search-index/'))).toBe(true);
      copy.write('content/docs/01-basics/01-install.md', `${copy.read('content/docs/01-basics/01-install.md')}\n[gone](/nowhere)\n`);
      const broken = await loadSite({ root: copy.root, policy });
      const failure = await render(broken, policy).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SitegenError);
      expect((failure as SitegenError).diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['error', 'links/missing-page']]);
    } finally {
      copy.cleanup();
    }
  });
});

describe('renderSite under the dev policy', () => {
  let copy: SiteCopy;
  beforeAll(() => {
    copy = copyFixture('core-site', { withTheme: false });
    copy.write('content/docs/01-basics/01-install.md', `${copy.read('content/docs/01-basics/01-install.md')}\n[gone](/nowhere)\n`);
  });
  afterAll(() => copy.cleanup());

  it('shows drafts, warns about broken links, and leaves the search index for later', async () => {
    const policy = devPolicy();
    const memo = new RenderMemo();
    try {
      const site = await loadSite({ root: copy.root, policy });
      const { out, result } = await render(site, policy, { memo });
      expect(result.planned.some((p) => p.source.endsWith('03-draft.md'))).toBe(true);
      expect(result.diagnostics.map((d) => [d.severity, d.ruleId])).toEqual([['warning', 'links/missing-page']]);
      expect([...out.files.keys()].some((f) => f.startsWith('search-index/'))).toBe(false);
      // The session remembers: the same site again renders no Markdown and no page.
      const again = await render(site, policy, { memo });
      expect(again.result.markdownFiles).toEqual([]);
      expect(again.result.rendered).toEqual([]);
      expect(again.result.outputs).toEqual(result.outputs);
    } finally {
      await memo.close();
    }
  });

  it('defers pages past `deferPagesBeyond`: a memory writer renders them when read, a folder at once', async () => {
    const policy = devPolicy({ deferPagesBeyond: 0 });
    const site = await loadSite({ root: copy.root, policy });
    const memo = new RenderMemo();
    const folderMemo = new RenderMemo();
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegen-defer-'));
    try {
      const memory = await render(site, policy, { memo });
      // Nothing was edited yet: every page waits.
      expect(memory.result.deferred).toBe(memory.result.planned.length);
      expect(memory.out.files.get('basics/guide.html')).toEqual({ render: expect.any(Function) });
      expect(memory.out.text('basics/guide.html')).toContain('id="second-part"');
      // Its data file too, made from the same render when either is read first.
      expect(memory.out.files.get('_pages/basics/guide.json')).toEqual({ render: expect.any(Function) });
      expect(JSON.parse(memory.out.text('_pages/basics/guide.json')!).page.contentHtml).toContain('id="second-part"');

      const folder = new FsWriter(dir);
      const result = await renderSite({ site, policy, writer: folder, logger: silentLogger, memo: folderMemo });
      await folder.flush();
      expect(result.deferred).toBe(result.planned.length);
      expect(readFileSync(path.join(dir, 'basics/guide.html'), 'utf8')).toBe(memory.out.text('basics/guide.html'));
      expect(readFileSync(path.join(dir, '_pages/basics/guide.json'), 'utf8')).toBe(memory.out.text('_pages/basics/guide.json'));
    } finally {
      await memo.close();
      await folderMemo.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to free memory while a memo keeps the products for the next render', async () => {
    const site = await loadSite({ root: copy.root, policy: devPolicy() });
    await expect(render(site, { ...devPolicy(), freeMemory: true }, { memo: new RenderMemo() })).rejects.toThrow(/Internal error: a render cannot both keep/);
  });

  it('teaches the memo only when the whole render succeeds, and reuses what it was taught', async () => {
    const policy = devPolicy();
    const memo = new RenderMemo();
    try {
      const site = await loadSite({ root: copy.root, policy });
      const first = await render(site, policy, { memo });
      const { sidebars, feeds, sitemap, theme, client, shell } = memo.last;
      expect(sidebars && sitemap && theme && client && shell).toBeTruthy();
      expect(feeds?.files.map((f) => f.path)).toEqual(expect.arrayContaining(['blog/rss.xml']));
      expect(memo.last.pages!.size).toBe(first.result.planned.length);
      // Unchanged inputs: each phase hands back the very product it made last time.
      await render(site, policy, { memo });
      expect(memo.last.sidebars).toBe(sidebars);
      expect(memo.last.feeds).toBe(feeds);
      expect(memo.last.sitemap).toBe(sitemap);
      expect(memo.last.theme).toBe(theme);
      // A render that fails teaches it nothing: the last good render's products stay.
      const before = memo.last;
      const broken = { ...site, docs: site.docs.map((d, i) => (i === 0 ? { ...d, body: `${d.body}\n\n![gone](./no-such-image.png)\n` } : d)) };
      await expect(render(broken, { ...policy, brokenLinks: 'as-configured' }, { memo })).rejects.toBeInstanceOf(SitegenError);
      expect(memo.last).toBe(before);
      // What a phase cannot compare itself is forgotten by the session: the bundles after a theme edit.
      memo.forget('theme', 'client');
      expect(memo.last.theme).toBeUndefined();
      expect(memo.last.sidebars).toBe(sidebars);
      await render(site, policy, { memo });
      expect(memo.last.theme).toBeDefined();
      expect(memo.last.theme).not.toBe(theme);
    } finally {
      await memo.close();
    }
  });
});
