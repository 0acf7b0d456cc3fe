import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import type { BuildResult } from '../../src/build/build-site.ts';
import { collectBlog } from '../../src/content/collect-blog.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

// Issue 30 item 5: a site without a blog folder (Redux's docs) got an empty /blog, an archive
// and feeds. As in Docusaurus, no blog folder means no blog.

describe('a site without a blog folder', () => {
  let out: MemoryWriter;
  let result: BuildResult;
  beforeAll(async () => {
    ({ out, result } = await buildInMemory(fixture('no-blog-site')));
  });

  it('reads no blog', async () => {
    const blog = await collectBlog({ root: fixture('no-blog-site'), blogDir: 'content/blog', routeBasePath: '/blog', includeDrafts: false, fence: createSiteFence({ root: fixture('no-blog-site') }) });
    expect(blog).toMatchObject({ exists: false, posts: [], diagnostics: [] });
  });

  it('gets no /blog pages, no feeds and no blog URL in the sitemap', () => {
    const files = [...out.files.keys()];
    expect(files).toContain('index.html');
    expect(files.filter((f) => /^blog\b/.test(f))).toEqual([]);
    expect(out.text('sitemap.xml')).not.toContain('/blog');
    for (const file of files.filter((f) => f.endsWith('.html'))) expect(out.text(file), file).not.toMatch(/href="\/blog/);
  });

  it('builds without errors', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
