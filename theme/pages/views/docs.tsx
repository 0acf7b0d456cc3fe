import { CategoryPage, DocPage } from '../../docs/doc-page.tsx';
import type { PageViewComponent } from '../page-modules.ts';

/** Doc and category pages (a page module: theme/pages/page-modules.ts). */
export const PageView: PageViewComponent = ({ site, page, sidebar }) => {
  if (page.type === 'doc') return <DocPage site={site} page={page} sidebar={sidebar} />;
  if (page.type === 'category') return <CategoryPage site={site} page={page} sidebar={sidebar} />;
  return null;
};
