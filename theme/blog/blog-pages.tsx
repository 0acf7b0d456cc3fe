import type { PageData, SiteData } from '../../src/model.ts';
import { Pagination, TableOfContents } from '../layout/later-parts.tsx';
import { RawHtml } from '../docs/raw-html.tsx';
import { Authors, formatDate, PostMeta } from './blog-meta.tsx';
import { useUrl } from '../runtime/base-url.tsx';

type ListData = Extract<PageData, { type: 'blog-list' }>;
type PostData = Extract<PageData, { type: 'blog-post' }>;
type ArchiveData = Extract<PageData, { type: 'blog-archive' }>;
type TagsData = Extract<PageData, { type: 'blog-tags' }>;

/**
 * Layout shared by every blog page. The sidebar of recent posts appears only when
 * `blog.sidebarCount` is above 0 (the seed's value is 0: no sidebar).
 */
function BlogLayout({ site, children, toc }: { site: SiteData; children: React.ReactNode; toc?: React.ReactNode }) {
  const url = useUrl();
  const { blogSidebar } = site;
  const hasSidebar = blogSidebar.posts.length > 0;
  return (
    <main id="main-content" className={`blog-wrapper${hasSidebar ? ' with-sidebar' : ''}${toc ? ' with-toc' : ''}`} tabIndex={-1}>
      {hasSidebar && (
        <nav className="blog-sidebar" aria-label="Blog recent posts navigation">
          <h2 className="blog-sidebar-title">{blogSidebar.title}</h2>
          <ul>
            {blogSidebar.posts.map((p) => <li key={p.route}><a href={url(p.route)}>{p.title}</a></li>)}
          </ul>
        </nav>
      )}
      <div className="blog-column">{children}</div>
      {toc && <div className="toc-column">{toc}</div>}
    </main>
  );
}

/** A page of the blog list: ten posts with excerpts, newer/older links. */
export function BlogListPage({ site, page }: { site: SiteData; page: ListData }) {
  const url = useUrl();
  return (
    <BlogLayout site={site}>
      <header className="blog-list-header">
        <h1 className="page-title">{page.tag ? page.title : page.page === 1 ? page.title : `${page.title}: page ${page.page} of ${page.totalPages}`}</h1>
        {page.archive && (
          <p>
            <a href={url(page.archive)}>Browse the archive</a>
            {page.feed && <>{' · '}<a href={url(page.feed.href)}>{page.feed.label}</a></>}
          </p>
        )}
      </header>
      {page.posts.map((post, i) => (
        <article key={post.route} className={previewClass(i, page.folds)}>
          <h2 className="post-title"><a href={url(post.route)}>{post.title}</a></h2>
          <PostMeta date={post.date} readingTime={post.readingTime} />
          <Authors authors={post.authors} />
          <RawHtml className="markdown" html={post.excerptHtml} rawKey={`excerpt-${i}`} />
          {post.truncated && (
            <p className="read-more"><a href={url(post.route)}>Read more<span className="sr-only"> about {post.title}</span></a></p>
          )}
        </article>
      ))}
      <nav className="pagination-nav" aria-label="Blog list page navigation">
        {page.newer ? <a className="pagination-link pagination-prev" href={url(page.newer)}><span className="pagination-label">« Newer posts</span></a> : <span />}
        {page.older ? <a className="pagination-link pagination-next" href={url(page.older)}><span className="pagination-label">Older posts »</span></a> : <span />}
      </nav>
    </BlogLayout>
  );
}

/**
 * A preview's classes: `fold` and `fold-narrow` mark the first one the first layout skips, on
 * every screen and on phones (src/routes/blog-list-folds.ts, blog.css).
 */
function previewClass(index: number, folds: ListData['folds']): string {
  return `blog-post-preview${index === folds.wide ? ' fold' : ''}${index === folds.narrow ? ' fold-narrow' : ''}`;
}

/** A single post with authors, date, reading time, TOC and links to the neighbouring posts. */
export function BlogPostPage({ site, page }: { site: SiteData; page: PostData }) {
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <BlogLayout site={site} toc={showToc ? <TableOfContents items={page.toc} variant="desktop" /> : undefined}>
      <article className="blog-post" data-pagefind-body="">
        <header>
          <h1 className="page-title" id={page.heading?.id}>{page.heading?.text ?? page.title}</h1>
          <PostMeta date={page.date} readingTime={page.readingTime} />
          <Authors authors={page.authors} />
        </header>
        {showToc && <TableOfContents items={page.toc} variant="mobile" />}
        <RawHtml className="markdown" html={page.contentHtml} rawKey="content" />
        {page.tags.length > 0 && (
          <p className="post-tags">Tags: {page.tags.map((t) => <span key={t} className="tag">{t}</span>)}</p>
        )}
      </article>
      <Pagination prev={page.prev} next={page.next} label="Blog post page navigation" prevLabel="Newer post" nextLabel="Older post" />
    </BlogLayout>
  );
}

/** Every post, grouped by year. */
export function BlogArchivePage({ site, page }: { site: SiteData; page: ArchiveData }) {
  const url = useUrl();
  return (
    <BlogLayout site={site}>
      <h1 className="page-title">Archive</h1>
      {page.years.map((year) => (
        <section key={year.year} className="archive-year" aria-labelledby={`year-${year.year}`}>
          <h2 id={`year-${year.year}`}>{year.year}</h2>
          <ul className="archive-list">
            {year.posts.map((p) => (
              <li key={p.route}>
                <time dateTime={p.date}>{formatDate(p.date)}</time>
                <a href={url(p.route)}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </BlogLayout>
  );
}

/** Tag list (only built when some post has tags). */
export function BlogTagsPage({ site, page }: { site: SiteData; page: TagsData }) {
  const url = useUrl();
  return (
    <BlogLayout site={site}>
      <h1 className="page-title">{page.title}</h1>
      <ul className="tag-list">
        {/* An author without a page of their own (authors.yml `page`) is listed without a link. */}
        {page.tags.map((t) => <li key={t.label}>{t.route ? <a href={url(t.route)}>{t.label} ({t.count})</a> : <>{t.label} ({t.count})</>}</li>)}
      </ul>
    </BlogLayout>
  );
}
