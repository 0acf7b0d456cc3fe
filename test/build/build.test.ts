import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import type { BuildResult } from '../../src/build/build-site.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture, inlineData } from '../helpers/helpers.ts';

let out: MemoryWriter;
let result: BuildResult;

beforeAll(async () => {
  ({ out, result } = await buildInMemory(fixture('core-site')));
});

function html(file: string): string {
  const text = out.text(file);
  if (text === undefined) throw new Error(`missing ${file}; have ${[...out.files.keys()].join(', ')}`);
  return text;
}

/** A page's data as client navigation reads it from the HTML (without its body HTML). */
function data(file: string) {
  return inlineData(html(file)).page;
}

describe('building the core fixture', () => {
  it('emits one file per route, with trailing slash off', () => {
    const pages = [...out.files.keys()].filter((f) => f.endsWith('.html')).sort();
    expect(pages).toEqual([
      '404.html', 'basics.html', 'basics/guide.html', 'basics/install.html',
      'blog.html',
      'blog/2021/01/10/post-1.html', 'blog/2021/02/10/post-2.html', 'blog/2021/03/10/post-3.html',
      'blog/2021/04/10/post-4.html', 'blog/2021/05/02/folder-post.html',
      'blog/archive.html', 'blog/custom-slug.html', 'blog/page/2.html', 'blog/page/3.html', 'blog/tags.html', 'blog/tags/news.html',
      'extra.html', 'extra/more-things.html', 'index.html',
      'reference/b-last.html', 'reference/objects/thing-object.html', 'reference/overview.html', 'search.html',
    ]);
    // Client navigation reads a page's data from its HTML: nothing else per page is written,
    // and every page names the one file of site data.
    const siteFiles = [...out.files.keys()].filter((f) => f.startsWith('_chunks/'));
    expect(siteFiles).toEqual([expect.stringMatching(/^_chunks\/site\.[0-9a-f]{10}\.json$/)]);
    for (const file of ['index.html', 'blog.html', 'search.html', '404.html']) expect(inlineData(html(file)).siteUrl, file).toBe(`/${siteFiles[0]}`);
    expect(html('index.html')).not.toContain('"navbar":');
    expect(result.diagnostics).toEqual([]);
  });

  it('builds the sidebar from folders, positions and category links', () => {
    const { site } = inlineData(html('index.html'), out);
    const shape = (items: any[]): unknown => items.map((i) => (i.type === 'link' ? i.label : { [`${i.label} → ${i.href ?? '-'}`]: shape(i.items) }));
    expect(shape(site.sidebars.main)).toEqual([
      { 'The Basics → /basics': ['Install the thing', 'The guide'] },
      // Unpositioned items (the Objects folder) come after positioned ones, as in Docusaurus.
      { 'Reference → /reference/overview': ['Last', { 'Objects → -': ['Thing'] }] },
      { 'Extra → /extra': ['More'] },
      'Welcome',
    ]);
    // Far below docs.sidebarInlineLimit: the whole sidebar inline, nothing to fetch.
    expect(site.sidebarUrls).toBeUndefined();
    expect(JSON.stringify(site.sidebars)).not.toContain('"lazy"');
    expect(data('basics/guide.html')).not.toHaveProperty('sidebarBranches');
    expect([...out.files.keys()].filter((f) => f.startsWith('_chunks/sidebar.'))).toEqual([]);
  });

  it('paginates the blog newest first, with excerpts cut at the truncate marker', () => {
    const first = data('blog.html');
    expect(first.posts.map((p: { title: string }) => p.title)).toEqual(['Front matter date wins', 'Folder post']);
    expect([first.newer, first.older]).toEqual([undefined, '/blog/page/2']);
    const second = data('blog/page/2.html');
    expect([second.newer, second.older, second.totalPages]).toEqual(['/blog', '/blog/page/3', 3]);
    const post4 = second.posts[0];
    expect(post4).toMatchObject({ title: 'Post 4', truncated: true, readingTime: 1 });
    expect(html('blog/page/2.html')).toContain('Excerpt of post 4');
    expect(html('blog/page/2.html')).not.toContain('Rest of post 4');
    expect(first.posts[1].truncated).toBe(true); // {/* truncate */} form
    expect(first.posts[0].truncated).toBe(false);
  });

  it('links posts to their neighbours and groups the archive by year', () => {
    const post = data('blog/2021/03/10/post-3.html');
    expect([post.prev.href, post.next.href]).toEqual(['/blog/2021/04/10/post-4', '/blog/2021/02/10/post-2']);
    expect(data('blog/archive.html').years.map((y: { year: string; posts: unknown[] }) => [y.year, y.posts.length])).toEqual([['2021', 6]]);
  });

  it('gives docs breadcrumbs and previous/next in sidebar order', () => {
    const guide = data('basics/guide.html');
    expect(guide.breadcrumbs).toEqual([{ label: 'Home', href: '/' }, { label: 'The Basics', href: '/basics' }, { label: 'The guide' }]);
    expect([guide.prev.href, guide.next.href]).toEqual(['/basics/install', '/reference/overview']);
    expect(guide.toc.map((t: { depth: number; id: string }) => `${t.depth}:${t.id}`)).toEqual(['2:first-part', '3:sub-part', '4:deep-part', '2:second-part']);
    const category = data('basics.html');
    expect(category.items).toEqual([
      { title: 'Install the thing', href: '/basics/install', description: 'How to install.' },
      { title: 'The guide', href: '/basics/guide', description: 'Intro.' },
    ]);
  });

  it('rewrites relative .md links to routes and copies content images', () => {
    const home = html('index.html');
    expect(home).toContain('href="/basics/guide#second-part"');
    expect(home).toContain('href="/basics/install"');
    const folder = html('blog/2021/05/02/folder-post.html').match(/<article[\s\S]*<\/article>/)![0];
    const src = folder.match(/src="([^"]+)"/)![1];
    expect(src).toMatch(/^\/assets\/images\/dot-[0-9a-f]{8}\.svg$/);
    expect(out.files.has(src.slice(1))).toBe(true);
  });

  it('writes the head tags every page needs', () => {
    const page = html('basics/guide.html');
    expect(page).toContain('<html lang="en" dir="ltr"');
    expect(page).toContain('<title>Guide | Fixture Site</title>');
    expect(page).toContain('<meta name="description" content="Intro.">');
    expect(page).toContain('<link rel="canonical" href="https://fixture.example/basics/guide">');
    expect(page).toContain('<meta property="og:title" content="Guide | Fixture Site">');
    expect(page).toContain('<meta name="twitter:card" content="summary">');
    expect(page).toContain('<link rel="alternate" type="application/rss+xml" href="/blog/rss.xml"');
    expect(page).toContain('<link rel="alternate" type="application/atom+xml" href="/blog/atom.xml"');
    expect(html('index.html')).toContain('<title>Fixture Site | A site for core tests</title>');
    expect(html('404.html')).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('writes feeds with every post, a sitemap and robots.txt', () => {
    expect(html('blog/rss.xml').match(/<item>/g)).toHaveLength(6);
    expect(html('blog/atom.xml').match(/<entry>/g)).toHaveLength(6);
    const sitemap = html('sitemap.xml');
    expect(sitemap).toContain('<loc>https://fixture.example/basics/guide</loc>');
    expect(sitemap).not.toContain('404');
    expect(html('robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://fixture.example/sitemap.xml\n');
  });
});
