import { describe, expect, it } from 'vitest';
import { siteConfigSchema, type SiteConfigInput } from '../../src/config/schema.ts';
import type { PageData, PostSource } from '../../src/model.ts';
import { anchorLinksTo, planBlog, tagSlug } from '../../src/routes/plan-blog.ts';
import type { Rendered } from '../../src/routes/planned-page.ts';

const config = (over: Partial<SiteConfigInput> = {}) => siteConfigSchema.parse({ title: 'Arena', url: 'https://arena.example', ...over });

/** Posts newest first, as collectBlog gives them: day `n` of January 2024. */
function posts(days: number[], over: (day: number) => Partial<Rendered<PostSource>> = () => ({})): Rendered<PostSource>[] {
  return days.map((day) => {
    const dd = String(day).padStart(2, '0');
    return {
      file: `content/blog/2024-01-${dd}-p${day}.md`, date: `2024-01-${dd}`, slug: `p${day}`, route: `/blog/2024/01/${dd}/p${day}`,
      title: `Post ${day}`, description: `About ${day}`, authors: [], tags: [], hideTableOfContents: false, draft: false, body: '', lineOffset: 0,
      md: { html: `<p>Full ${day}</p>`, toc: [], anchors: [], links: [], wordCount: 440, diagnostics: [] },
      ...over(day),
    };
  });
}

type Of<T extends PageData['type']> = Extract<PageData, { type: T }>;
const pagesOf = <T extends PageData['type']>(planned: ReturnType<typeof planBlog>, type: T) => planned.map((p) => p.page).filter((p): p is Of<T> => p.type === type);

describe('planBlog', () => {
  it('paginates the lists by blog.postsPerPage, linking newer and older pages', () => {
    const lists = pagesOf(planBlog({ config: config({ blog: { postsPerPage: 2 } }), posts: posts([5, 4, 3, 2, 1]) }), 'blog-list');
    expect(lists.map((l) => [l.route, l.page, l.totalPages, l.newer, l.older, l.posts.map((p) => p.title)])).toEqual([
      ['/blog', 1, 3, undefined, '/blog/page/2', ['Post 5', 'Post 4']],
      ['/blog/page/2', 2, 3, '/blog', '/blog/page/3', ['Post 3', 'Post 2']],
      ['/blog/page/3', 3, 3, '/blog/page/2', undefined, ['Post 1']],
    ]);
    expect(lists.map((l) => l.head.title)).toEqual(['Blog | Arena', 'Blog — page 2 | Arena', 'Blog — page 3 | Arena']);
    // Only the first page links the archive and the feed.
    expect(lists.map((l) => [l.archive, l.feed])).toEqual([['/blog/archive', { href: '/blog/rss.xml', label: 'RSS feed' }], [undefined, undefined], [undefined, undefined]]);
  });

  it('has one empty list page when there are no posts, and links the Atom feed when RSS is off', () => {
    const lists = pagesOf(planBlog({ config: config({ blog: { routeBasePath: '/news', feedOptions: { type: 'atom' } } }), posts: [] }), 'blog-list');
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ route: '/news', totalPages: 1, posts: [], archive: '/news/archive', feed: { href: '/news/atom.xml', label: 'Atom feed' } });
  });

  it('links each post to its neighbours: prev is the newer one', () => {
    const list = pagesOf(planBlog({ config: config(), posts: posts([3, 2, 1]) }), 'blog-post');
    expect(list.map((p) => [p.title, p.prev?.label, p.next?.label])).toEqual([
      ['Post 3', undefined, 'Post 2'], ['Post 2', 'Post 3', 'Post 1'], ['Post 1', 'Post 2', undefined],
    ]);
    expect(list[0]).toMatchObject({ readingTime: 2, contentHtml: '<p>Full 3</p>', head: { title: 'Post 3 | Arena', ogType: 'article', publishedTime: '2024-01-03' } });
  });

  it('shows the excerpt in lists, with in-page links pointing at the post under the base', () => {
    const planned = planBlog({
      config: config({ baseUrl: '/site/' }),
      posts: posts([2, 1], (day) => (day === 2 ? { md: { html: '<p>Full</p>', excerptHtml: '<p><a href="#rules">Rules</a></p>', toc: [], anchors: [], links: [], wordCount: 10, diagnostics: [] } } : {})),
    });
    const [summary2, summary1] = pagesOf(planned, 'blog-list')[0].posts;
    expect(summary2).toMatchObject({ excerptHtml: '<p><a href="/site/blog/2024/01/02/p2#rules">Rules</a></p>', truncated: true, readingTime: 1 });
    expect(summary1).toMatchObject({ excerptHtml: '<p>Full 1</p>', truncated: false });
  });

  it('groups the archive by year, in the order of the posts', () => {
    const planned = planBlog({ config: config(), posts: posts([2, 1], (day) => ({ date: `${2020 + day}-05-01` })) });
    expect(pagesOf(planned, 'blog-archive')[0].years.map((y) => [y.year, y.posts.length])).toEqual([['2022', 1], ['2021', 1]]);
  });

  it('makes tag pages only when some post has tags: an index sorted by label, and a list per tag', () => {
    expect(pagesOf(planBlog({ config: config(), posts: posts([1]) }), 'blog-tags')).toEqual([]);
    const planned = planBlog({ config: config(), posts: posts([3, 2, 1], (day) => ({ tags: day === 2 ? ['Release Notes'] : ['api', 'Release Notes'] })) });
    expect(pagesOf(planned, 'blog-tags')[0].tags).toEqual([
      { label: 'api', route: '/blog/tags/api', count: 2 },
      { label: 'Release Notes', route: '/blog/tags/release-notes', count: 3 },
    ]);
    const tagged = pagesOf(planned, 'blog-list').filter((l) => l.tag === 'api');
    expect(tagged).toHaveLength(1);
    expect(tagged[0]).toMatchObject({ route: '/blog/tags/api', title: 'Posts tagged "api"' });
    expect(tagged[0].posts.map((p) => p.title)).toEqual(['Post 3', 'Post 1']);
    expect(tagged[0].archive).toBeUndefined();
  });
});

describe('tagSlug and anchorLinksTo', () => {
  it('slugs tags: lower case, runs of other characters as one dash, letters of any script kept', () => {
    expect(tagSlug('Getting Started')).toBe('getting-started');
    expect(tagSlug('  C++ / Rust! ')).toBe('c-rust');
    expect(tagSlug('Über-Spiel 2')).toBe('über-spiel-2');
  });

  it('points only in-page hrefs at the route', () => {
    expect(anchorLinksTo('/blog/p', '<a href="#a">x</a><a href="/other#b">y</a><a class="x" href="#c">z</a>'))
      .toBe('<a href="/blog/p#a">x</a><a href="/other#b">y</a><a class="x" href="/blog/p#c">z</a>');
  });
});
