import { BlogArchivePage, BlogListPage, BlogPostPage, BlogTagsPage } from '../../blog/blog-pages.tsx';
import type { PageViewComponent } from '../page-modules.ts';

/** The blog's lists, posts, archive and tags (a page module: theme/pages/page-modules.ts). */
export const PageView: PageViewComponent = ({ site, page }) => {
  switch (page.type) {
    case 'blog-list': return <BlogListPage site={site} page={page} />;
    case 'blog-post': return <BlogPostPage site={site} page={page} />;
    case 'blog-archive': return <BlogArchivePage site={site} page={page} />;
    case 'blog-tags': return <BlogTagsPage site={site} page={page} />;
    default: return null;
  }
};
