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
import { createRenderCache, type RenderCache } from '../../src/site/render-cache.ts';
import { createSiteOutput } from '../../src/site/site-output.ts';
import { MemoryWriter, type ReusableOutput } from '../../src/site/writer.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

const root = path.join(repoRoot, 'test/fixtures/core-site');
const caches: RenderCache[] = [];
afterAll(async () => {
  for (const cache of caches) await cache.renderers.markdown?.close();
});

function context(site: Site, policy: BuildPolicy) {
  const cache = createRenderCache();
  caches.push(cache);
  return { site, config: site.config, logger: silentLogger, policy, cache, highlighter: lazyCodeHighlighter() };
}

describe('the bundle phase', () => {
  const theme = { id: 'theme' } as Theme;
  const client = { script: 'client.js' } as ClientAssets;

  it('hands the bundles on, and only a session keeps them', async () => {
    const site = { root, pages: NO_PAGES } as Site;
    const build = context(site, buildPolicy());
    expect(await finishBundles(build, { theme: Promise.resolve(theme), client })).toEqual({ theme, client });
    expect(build.cache.renderers).toEqual({});
    const dev = context(site, devPolicy());
    await finishBundles(dev, { theme, client: Promise.resolve(client) });
    expect(dev.cache.renderers).toEqual({ theme, client });
    // The next render of the session starts from what it kept: nothing is bundled again.
    const started = startBundles(dev);
    expect(started.theme).toBe(theme);
    expect(started.client).toBe(client);
  });
});

describe('the Markdown phase', () => {
  let site: Site;
  let built: RenderedMarkdown;
  let buildCache: RenderCache;
  beforeAll(async () => {
    site = await loadSite({ root, policy: buildPolicy() });
    const ctx = context(site, buildPolicy());
    buildCache = ctx.cache;
    built = await renderMarkdownPhase(ctx);
  });

  it('returns every doc and post with its HTML, in the site\'s order, and leaves the site and the cache alone (build)', () => {
    expect(built.docs.map((d) => d.file)).toEqual(site.docs.map((d) => d.file));
    expect(built.posts.map((p) => p.file)).toEqual(site.posts.map((p) => p.file));
    expect(built.rendered).toHaveLength(site.docs.length + site.posts.length);
    expect(built.docs.find((d) => d.file.endsWith('02-guide.md'))!.md.html).toContain('id="second-part"');
    expect(site.docs.every((d) => d.body.length > 0 && !('md' in d))).toBe(true);
    // Nothing outlives the render: no Markdown results, no service left running.
    expect(buildCache.markdown.files.size).toBe(0);
    expect(buildCache.renderers).toEqual({});
  });

  it('lets go of the HTML of its own results only (freeMemory)', () => {
    const md = { ...built, docs: built.docs.map((d) => ({ ...d })), posts: built.posts.map((p) => ({ ...p })) };
    const before = built.docs[0].md;
    releaseMarkdownHtml(md);
    expect(md.docs.every((d) => d.md.html === '')).toBe(true);
    expect(built.docs[0].md).toBe(before);
    expect(before.html).not.toBe('');
  });

  it('keeps its results and its service for the session\'s next render (dev)', async () => {
    const devSite = await loadSite({ root, policy: devPolicy() });
    const ctx = context(devSite, devPolicy());
    const first = await renderMarkdownPhase(ctx);
    const service = ctx.cache.renderers.markdown;
    expect(service).toBeDefined();
    expect(ctx.cache.markdown.files.size).toBe(first.sources.length);
    const second = await renderMarkdownPhase(ctx);
    expect(second.rendered).toEqual([]);
    expect(ctx.cache.renderers.markdown).toBe(service);
    expect(second.docs.map((d) => d.md.html)).toEqual(first.docs.map((d) => d.md.html));
  });

  it('hands its results to the sidebars and the routes; only a session keeps the sidebars and the plan memo', async () => {
    const build = context(site, buildPolicy());
    const sidebars = planSidebars(build, built);
    expect(Object.keys(sidebars.value.sidebars)).toEqual(['main']);
    const plan = planRoutes(build, built, sidebars);
    expect(plan.pages.map((p) => p.page.route)).toContain('/basics/guide');
    expect(build.cache.sidebars).toBeUndefined();
    expect(build.cache.plan).toBeUndefined();

    const dev = context(site, devPolicy());
    const kept = planSidebars(dev, built);
    expect(dev.cache.sidebars).toBe(kept);
    expect(planSidebars(dev, built)).toBe(kept);
    planRoutes(dev, built, kept);
    expect(dev.cache.plan).toBeDefined();
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
