import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';

// The blog's front page links its archive and feed where the blog's settings put them: under
// `blog.routeBasePath`, and to the feed that is built (Atom when RSS is off), not to /blog/….
let site: SiteCopy;
let out: MemoryWriter;

beforeAll(async () => {
  site = copyFixture('core-site');
  site.write('site.config.ts', site.read('site.config.ts')
    .replace("{ label: 'Blog', to: '/blog' }", "{ label: 'News', to: '/news' }")
    .replace('blog: { postsPerPage: 2 }', "blog: { postsPerPage: 2, routeBasePath: 'news', feedOptions: { type: 'atom', limit: 2 } }"));
  const built = await buildInMemory(site.root);
  expect(built.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  out = built.out;
});
afterAll(() => site?.cleanup());

describe('the blog front page', () => {
  it('links the archive and the Atom feed under blog.routeBasePath', () => {
    const html = out.text('news.html')!;
    expect(html).toContain('<a href="/news/archive">Browse the archive</a> · <a href="/news/atom.xml">Atom feed</a>');
    expect(html).not.toContain('/blog/');
    expect(out.text('news/atom.xml')).toBeDefined();
    expect(out.text('news/rss.xml')).toBeUndefined();
  });

  it('puts the `feedOptions.limit` most recent posts in the feed, newest first', () => {
    const entries = [...out.text('news/atom.xml')!.matchAll(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(2);
    // The fixture's six posts: five dated by their file names, one (`slug: custom-slug`, served
    // at /news/custom-slug) by its front matter's 2021-06-15, the newest.
    const dates = [...out.files.keys()].map((f) => f.match(/^news\/(\d{4})\/(\d{2})\/(\d{2})\//)).filter((m) => m).map((m) => `${m![1]}-${m![2]}-${m![3]}`);
    expect(new Set(dates).size).toBe(5);
    expect(out.files.has('news/custom-slug.html')).toBe(true);
    expect(entries.map((e) => e.slice(0, 10))).toEqual(['2021-06-15', ...[...new Set(dates)].sort().reverse().slice(0, 1)]);
  });

  it('shows the links on the first page only, never on later pages or tag lists', () => {
    for (const file of [...out.files.keys()].filter((f) => /^news\/(page|tags)\/.*\.html$/.test(f))) {
      expect(out.text(file)).not.toContain('Browse the archive');
    }
  });
});
