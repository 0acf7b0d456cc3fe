import { lazyCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAssets } from '../../src/client/bundle-client.ts';
import { NO_PAGES } from '../../src/content/collect-pages.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import type { Theme } from '../../src/render/load-theme.ts';
import { buildPolicy, devPolicy, type BuildPolicy } from '../../src/site/build-policy.ts';
import { finishBundles, startBundles } from '../../src/site/bundle-phase.ts';
import { loadSite, type Site } from '../../src/site/load-site.ts';
import { releaseMarkdownHtml, renderMarkdownPhase, type RenderedMarkdown } from '../../src/site/markdown-phase.ts';
import { planRoutes, planSidebars } from '../../src/site/plan-phase.ts';
import { RenderMemo } from '../../src/site/render-memo.ts';
import { createSiteOutput } from '../../src/site/site-output.ts';
import { MemoryWriter, type ReusableOutput } from '../../src/site/writer.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

const root = path.join(repoRoot, 'test/fixtures/core-site');
const memos: RenderMemo[] = [];
afterAll(async () => {
  for (const memo of memos) await memo.close();
});

function context(site: Site, policy: BuildPolicy) {
  return { site, config: site.config, logger: silentLogger, policy, highlighter: lazyCodeHighlighter() };
}

/** A session's memo, closed after the file. */
function memo(): RenderMemo {
  const m = new RenderMemo();
  memos.push(m);
  return m;
}

describe('the bundle phase', () => {
  const theme = { id: 'theme' } as Theme;
  const client = { script: 'client.js' } as ClientAssets;

  it('hands the bundles on, and starts from the ones it is given (a session\'s last render\'s)', async () => {
    const site = { root, pages: NO_PAGES, config: { customCss: [] as string[] } } as Site;
    const build = context(site, buildPolicy());
    expect(await finishBundles(build, { theme: Promise.resolve(theme), client })).toEqual({ theme, client });
    // The next render of a session starts from what the last one made: nothing is bundled again.
    const started = startBundles(build, { theme, client });
    expect(started.theme).toBe(theme);
    expect(started.client).toBe(client);
  });
});

describe('the Markdown phase', () => {
  let site: Site;
  let built: RenderedMarkdown;
  beforeAll(async () => {
    site = await loadSite({ root, policy: buildPolicy() });
    built = await renderMarkdownPhase(context(site, buildPolicy()));
  });

  it('returns every doc and post with its HTML, in the site\'s order, and leaves the site alone (build)', () => {
    expect(built.docs.map((d) => d.file)).toEqual(site.docs.map((d) => d.file));
    expect(built.posts.map((p) => p.file)).toEqual(site.posts.map((p) => p.file));
    expect(built.rendered).toHaveLength(site.docs.length + site.posts.length);
    expect(built.docs.find((d) => d.file.endsWith('02-guide.md'))!.md.html).toContain('id="second-part"');
    expect(site.docs.every((d) => d.body.length > 0 && !('md' in d))).toBe(true);
  });

  it('lets go of the HTML of its own results only (freeMemory)', () => {
    const md = { ...built, docs: built.docs.map((d) => ({ ...d })), posts: built.posts.map((p) => ({ ...p })) };
    const before = built.docs[0].md;
    releaseMarkdownHtml(md);
    expect(md.docs.every((d) => d.md.html === '')).toBe(true);
    expect(built.docs[0].md).toBe(before);
    expect(before.html).not.toBe('');
  });

  it('keeps its results and its service in the session\'s memo for the next render (dev)', async () => {
    const devSite = await loadSite({ root, policy: devPolicy() });
    const ctx = context(devSite, devPolicy());
    const session = memo();
    const first = await renderMarkdownPhase(ctx, session);
    const service = session.markdownService.service;
    expect(service).toBeDefined();
    expect(session.markdown.files.size).toBe(first.sources.length);
    const second = await renderMarkdownPhase(ctx, session);
    expect(second.rendered).toEqual([]);
    expect(session.markdownService.service).toBe(service);
    expect(second.docs.map((d) => d.md.html)).toEqual(first.docs.map((d) => d.md.html));
  });

  it('starts from nothing in a session whose Markdown settings moved', async () => {
    const devSite = await loadSite({ root, policy: devPolicy() });
    const session = memo();
    await renderMarkdownPhase(context(devSite, devPolicy()), session);
    const service = session.markdownService.service;
    const moved = { ...devSite, config: { ...devSite.config, toc: { ...devSite.config.toc, maxHeadingLevel: 2 } } };
    const again = await renderMarkdownPhase(context(moved, devPolicy()), session);
    expect(again.rendered).toHaveLength(again.sources.length);
    expect(session.markdownService.service).not.toBe(service);
  });

  it('hands its results to the sidebars and the routes, which reuse what they are given while their inputs are the same', async () => {
    const build = context(site, buildPolicy());
    const sidebars = planSidebars(build, built);
    expect(Object.keys(sidebars.value.sidebars)).toEqual(['main']);
    const plan = planRoutes(build, built, sidebars);
    expect(plan.pages.map((p) => p.page.route)).toContain('/basics/guide');
    expect(planSidebars(build, built)).not.toBe(sidebars);

    // The last render's sidebars, the same inputs: the very same object (its splits hand every page the same branches).
    expect(planSidebars(build, built, sidebars)).toBe(sidebars);
    const moved = { ...build, site: { ...site, docs: site.docs.map((d, i) => (i === 0 ? { ...d, sidebarPosition: 99 } : d)) } };
    expect(planSidebars(moved, built, sidebars)).not.toBe(sidebars);
    // A session's plan memo: a doc whose inputs are the same keeps its planned page.
    const session = memo();
    const first = planRoutes(build, built, sidebars, [], session.plan);
    const second = planRoutes(build, built, sidebars, [], session.plan);
    const guide = (p: typeof first) => p.pages.find((x) => x.page.route === '/basics/guide')!.page;
    expect(guide(second)).toBe(guide(first));
    expect(guide(planRoutes(build, built, sidebars))).not.toBe(guide(first));
  });
});

describe('createSiteOutput with what an earlier build left', () => {
  /** A folder where `old.html` (10 bytes) is left over and `copied.css` (5 bytes) is in the build it replaces. */
  function reusable(): ReusableOutput & { kept: string[]; copied: string[] } {
    const kept: string[] = [];
    const copied: string[] = [];
    return {
      kept, copied,
      recycle: () => undefined,
      existingFiles: () => ['old.html'],
      readExisting: async (file) => (file === 'old.html' ? '<p>old</p>' : undefined),
      readOutput: async () => undefined,
      keepExisting: (files) => (kept.push(...files), files.length * 10),
      readCurrent: async () => undefined,
      currentFiles: async () => ['copied.css'],
      copyCurrent: async (files) => (copied.push(...files), files.length * 5),
    };
  }

  it('counts what it keeps and copies as output of this build, pages apart from files', async () => {
    const from = reusable();
    const out = createSiteOutput(new MemoryWriter(), { reusable: from });
    expect(out.earlier!.files()).toEqual(['old.html']);
    expect(await out.earlier!.read('old.html')).toBe('<p>old</p>');
    out.earlier!.keep(['old.html'], 'page');
    await out.earlier!.current.copy(['copied.css']);
    expect(from.kept).toEqual(['old.html']);
    expect(from.copied).toEqual(['copied.css']);
    expect([...out.outputs]).toEqual(['old.html', 'copied.css']);
    expect([...out.files]).toEqual(['/copied.css']);
    expect(out.bytes).toBe(15);
  });

  it('offers nothing earlier without it', () => {
    expect(createSiteOutput(new MemoryWriter()).earlier).toBeUndefined();
  });
});
