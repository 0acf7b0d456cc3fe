import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAsset } from '../../src/markdown/pool/resolve-targets.ts';
import { resolveConfig } from '../../src/config/load-config.ts';
import type { MarkdownService } from '../../src/markdown/pool/markdown-service.ts';
import { createMarkdownCache, renderAllMarkdown } from '../../src/markdown/render-markdown.ts';
import type { DocSource, PostSource } from '../../src/model.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

// Issue 17 › 5: after a dev edit, later phases compare every doc with the last render's; an
// unchanged doc must come back as the very same object, so that comparison stops at once.
describe('renderAllMarkdown with a cache', () => {
  const config = resolveConfig({ title: 'T', url: 'https://t.example' });
  const docOf = (id: string, body: string) => ({ file: `content/docs/${id}.md`, id, route: `/${id}`, title: id, body, lineOffset: 3, dir: [] }) as unknown as DocSource;
  let renders = 0;
  const service: MarkdownService = {
    threads: 1,
    setRoutes: () => undefined,
    render: async (job) => {
      renders++;
      return { result: { html: `<p>${job.source}</p>`, toc: [], anchors: [], links: [], wordCount: 1, diagnostics: [] }, links: [], assets: [], copies: [] };
    },
    compileMdx: () => Promise.reject(new Error('These tests have no MDX pages')),
    close: async () => undefined,
  };

  it('gives back the same rendered doc for an unchanged doc object, a new one for an edited doc', async () => {
    const cache = createMarkdownCache();
    const a = docOf('a', 'alpha');
    const b = docOf('b', 'beta');
    const first = await renderAllMarkdown({ root: '/nowhere', config, docs: [a, b], posts: [], service, cache });
    expect(renders).toBe(2);
    // As after a dev edit of b: a is the same object, b a new one with new text.
    const b2 = docOf('b', 'beta, edited');
    const second = await renderAllMarkdown({ root: '/nowhere', config, docs: [a, b2], posts: [], service, cache });
    expect(renders).toBe(3);
    expect(second.docs[1]).not.toBe(first.docs[1]);
    expect(second.docs[1].md.html).toBe('<p>beta, edited</p>');
    // a, unchanged, taken from the cache twice over: the same object each time.
    const third = await renderAllMarkdown({ root: '/nowhere', config, docs: [a, b2], posts: [], service, cache });
    expect(renders).toBe(3);
    expect(third.docs[0]).toBe(second.docs[0]);
    expect(third.docs[1]).toBe(second.docs[1]);
    // An equal copy of a doc (a reload that read the file again) is a new object, compared as before.
    const again = await renderAllMarkdown({ root: '/nowhere', config, docs: [docOf('a', 'alpha'), b2], posts: [], service, cache });
    expect(again.docs[0]).not.toBe(third.docs[0]);
    expect(again.docs[0]).toEqual(third.docs[0]);
  });

  it('renders an unchanged doc again when an image it shows changed', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'reuse-'));
    try {
      mkdirSync(path.join(root, 'content/docs'), { recursive: true });
      const image = path.join(root, 'content/docs/pic.png');
      writeFileSync(image, 'first');
      let imageRenders = 0;
      // A renderer that resolves the doc's one image as the real one does.
      const withImage: MarkdownService = {
        ...service,
        render: async () => {
          imageRenders++;
          const url = resolveAsset({ fence: createSiteFence({ root }), dir: 'content/docs', url: 'pic.png', assets: new Map() })!;
          return { result: { html: `<img src="${url}">`, toc: [], anchors: [], links: [], wordCount: 1, diagnostics: [] }, links: [], assets: [['pic.png', url]], copies: [] };
        },
      };
      const cache = createMarkdownCache();
      const doc = docOf('pic', 'has ![a picture](pic.png)');
      const first = await renderAllMarkdown({ root, config, docs: [doc], posts: [], service: withImage, cache });
      const again = await renderAllMarkdown({ root, config, docs: [doc], posts: [], service: withImage, cache });
      expect(imageRenders).toBe(1);
      expect(again.docs[0]).toBe(first.docs[0]);
      // Every copy this build needs is registered, also for a doc taken from the cache.
      expect([...again.assets.keys()]).toEqual([image]);
      writeFileSync(image, 'second');
      const changed = await renderAllMarkdown({ root, config, docs: [doc], posts: [], service: withImage, cache });
      expect(imageRenders).toBe(2);
      expect(changed.docs[0].md.html).not.toBe(first.docs[0].md.html);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives back the same post while it is unchanged, its front matter image resolved once and registered each time', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'reuse-post-'));
    try {
      mkdirSync(path.join(root, 'content/blog'), { recursive: true });
      writeFileSync(path.join(root, 'content/blog/cover.png'), 'png');
      const post = { file: 'content/blog/2024-01-01-hello.md', route: '/blog/2024/01/01/hello', title: 'Hello', body: 'Hi.', lineOffset: 3, image: './cover.png', imageLine: 2 } as unknown as PostSource;
      const cache = createMarkdownCache();
      const first = await renderAllMarkdown({ root, config, docs: [], posts: [post], service, cache });
      expect(first.posts[0].image).toMatch(/^\/assets\/images\/cover-[0-9a-f]{8}\.png$/);
      const again = await renderAllMarkdown({ root, config, docs: [], posts: [post], service, cache });
      expect(again.posts[0]).toBe(first.posts[0]);
      expect(again.posts[0].image).toBe(first.posts[0].image);
      expect(again.diagnostics).toEqual([]);
      expect([...again.assets.keys()]).toEqual([path.join(root, 'content/blog/cover.png')]);
      // The source object is never changed: the next reload's post resolves from `./cover.png` again.
      expect(post.image).toBe('./cover.png');
      writeFileSync(path.join(root, 'content/blog/cover.png'), 'another png');
      const changed = await renderAllMarkdown({ root, config, docs: [], posts: [post], service, cache });
      expect(changed.posts[0]).not.toBe(first.posts[0]);
      expect(changed.posts[0].image).not.toBe(first.posts[0].image);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
