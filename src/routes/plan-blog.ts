/** The blog's pages: each post, the paginated lists, the archive and the tag pages. */
import type { SiteConfig } from '../config/schema.ts';
import type { Author, PostSource, PostSummary } from '../model.ts';
import { publicUrl } from '../util/public-url.ts';
import { feedPaths, joinRoute } from '../util/routes.ts';
import { listFolds } from './blog-list-folds.ts';
import { pageTitle, readingTime, type PlannedPage, type Rendered } from './planned-page.ts';

/**
 * An excerpt's in-page links (`href="#rules"`, heading anchors) point at the post: shown on a
 * list page or in the archive, `#rules` would mean a heading of the list.
 */
export function anchorLinksTo(route: string, html: string): string {
  return html.replace(/(\shref=")#/g, `$1${route}#`);
}

function summary(post: Rendered<PostSource>, baseUrl: string): PostSummary {
  return {
    title: post.title, route: post.route, date: post.date,
    readingTime: readingTime(post.md.wordCount),
    authors: post.authors.map(shownAuthor), description: post.description,
    excerptHtml: anchorLinksTo(publicUrl({ baseUrl, path: post.route }), post.md.excerptHtml ?? post.md.html),
    truncated: post.md.excerptHtml !== undefined,
  };
}

export function planBlog(options: { config: SiteConfig; posts: Rendered<PostSource>[] }): PlannedPage[] {
  const { config, posts } = options;
  const blog = config.blog;
  const base = joinRoute(blog.routeBasePath);
  const pages: PlannedPage[] = [];

  pages.push(...planList({ config, posts, base, title: blog.title, description: blog.description || `News and updates from the ${config.title} team.` }));

  posts.forEach((post, i) => {
    pages.push({
      source: post.file,
      line: post.slugLine,
      page: {
        type: 'blog-post', route: post.route, title: post.title, heading: post.heading,
        head: { title: pageTitle(config, post.title), description: post.description, image: post.image, ogType: 'article', publishedTime: post.date },
        date: post.date, readingTime: readingTime(post.md.wordCount), authors: post.authors.map(shownAuthor),
        contentHtml: post.md.html, toc: post.md.toc, hideToc: post.hideTableOfContents, tags: post.tags,
        prev: i > 0 ? { label: posts[i - 1].title, href: posts[i - 1].route } : undefined,
        next: i < posts.length - 1 ? { label: posts[i + 1].title, href: posts[i + 1].route } : undefined,
      },
    });
  });

  const years = new Map<string, { title: string; route: string; date: string }[]>();
  for (const post of posts) {
    const year = post.date.slice(0, 4);
    if (!years.has(year)) years.set(year, []);
    years.get(year)!.push({ title: post.title, route: post.route, date: post.date });
  }
  pages.push({
    source: 'theme',
    page: {
      type: 'blog-archive', route: joinRoute(base, 'archive'), title: 'Archive',
      head: { title: pageTitle(config, 'Archive'), description: `Every post on the ${config.title} blog, by year.` },
      years: [...years].map(([year, list]) => ({ year, posts: list })),
    },
  });

  // Tag pages exist only when some post has tags (the seed's own posts carry none).
  const tags = new Map<string, Rendered<PostSource>[]>();
  for (const post of posts) for (const tag of post.tags) tags.set(tag, [...(tags.get(tag) ?? []), post]);
  if (tags.size > 0) {
    const tagsBase = joinRoute(base, 'tags');
    pages.push({
      source: 'theme',
      page: {
        type: 'blog-tags', route: tagsBase, title: 'Tags', head: { title: pageTitle(config, 'Tags'), description: 'Blog posts by tag.' },
        tags: [...tags].sort(([a], [b]) => a.localeCompare(b)).map(([label, list]) => ({ label, route: joinRoute(tagsBase, tagSlug(label)), count: list.length })),
      },
    });
    for (const [label, list] of tags) {
      pages.push(...planList({ config, posts: list, base: joinRoute(tagsBase, tagSlug(label)), title: `Posts tagged "${label}"`, description: `Blog posts tagged ${label}.`, tag: label }));
    }
  }
  pages.push(...planAuthorPages(config, base, posts));
  return pages;
}

/**
 * Docusaurus 3.5's author pages: `<blog>/authors` lists the authors of authors.yml who wrote a
 * post (with their count, in the file's order), and each one with `page` gets a list of their
 * posts at `<blog>/authors/<key or permalink>`, which the list links to.
 */
function planAuthorPages(config: SiteConfig, base: string, posts: Rendered<PostSource>[]): PlannedPage[] {
  const byAuthor = new Map<string, { author: NonNullable<PostSource['authors'][number]>; posts: Rendered<PostSource>[] }>();
  for (const post of posts) {
    for (const author of post.authors) {
      if (!author.key) continue;
      const entry = byAuthor.get(author.key) ?? { author, posts: [] };
      entry.posts.push(post);
      byAuthor.set(author.key, entry);
    }
  }
  if (!byAuthor.size) return [];
  const authorsBase = joinRoute(base, 'authors');
  const entries = [...byAuthor.values()].sort((a, b) => (a.author.order ?? 0) - (b.author.order ?? 0));
  const withPages = entries.filter(({ author }) => author.page);
  if (!config.blog.authorsPage && !withPages.length) return [];
  return [
    {
      source: 'theme',
      page: {
        type: 'blog-tags', route: authorsBase, title: 'Authors', head: { title: pageTitle(config, 'Authors'), description: 'Blog posts by author.' },
        tags: (config.blog.authorsPage ? entries : withPages).map(({ author, posts: list }) => ({ label: author.name, route: author.page ? joinRoute(authorsBase, author.page) : '', count: list.length })),
      },
    },
    ...withPages.flatMap(({ author, posts: list }) => planList({ config, posts: list, base: joinRoute(authorsBase, author.page!), title: `Posts by ${author.name}`, description: `Blog posts by ${author.name}.` })),
  ];
}

function planList(options: { config: SiteConfig; posts: Rendered<PostSource>[]; base: string; title: string; description: string; tag?: string }): PlannedPage[] {
  const { config, posts, base, title, description, tag } = options;
  const size = config.blog.postsPerPage;
  const totalPages = Math.max(1, Math.ceil(posts.length / size));
  const pageRoute = (n: number) => (n === 1 ? base : joinRoute(base, 'page', String(n)));
  return Array.from({ length: totalPages }, (_, i) => {
    const n = i + 1;
    const pageLabel = n === 1 ? title : `${title} — page ${n}`;
    const shown = posts.slice(i * size, (i + 1) * size).map((post) => summary(post, config.baseUrl));
    return {
      source: 'theme',
      page: {
        type: 'blog-list', route: pageRoute(n), title, page: n, totalPages, tag,
        head: { title: pageTitle(config, pageLabel), description },
        posts: shown, folds: listFolds(shown),
        newer: n > 1 ? pageRoute(n - 1) : undefined,
        older: n < totalPages ? pageRoute(n + 1) : undefined,
        ...(n === 1 && !tag ? listLinks(config) : {}),
      },
    };
  });
}

/** The archive and feed links of the blog's front page, from the blog's own settings. */
function listLinks(config: SiteConfig): { archive: string; feed?: { href: string; label: string } } {
  const feeds = feedPaths(config);
  const feed = feeds.rss ? { href: feeds.rss, label: 'RSS feed' } : feeds.atom ? { href: feeds.atom, label: 'Atom feed' } : undefined;
  return { archive: joinRoute(config.blog.routeBasePath, 'archive'), ...(feed ? { feed } : {}) };
}

/** `Getting Started` → `getting-started` */
export function tagSlug(label: string): string {
  return label.toLowerCase().trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
}

/** An author as pages show them: authors.yml's `page` and `order` are the build's, not the page's. */
function shownAuthor(author: Author): Author {
  const { page: _page, order: _order, ...shown } = author;
  return shown;
}
