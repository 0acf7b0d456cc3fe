import { MarkdownPage, ReactPage } from '../standalone-page.tsx';
import type { PageViewComponent } from '../page-modules.ts';

/** The pages of `src/pages`, React and Markdown (a page module: theme/pages/page-modules.ts). */
export const PageView: PageViewComponent = ({ page }) => {
  if (page.type !== 'page') return null;
  return page.kind === 'component' ? <ReactPage page={page} /> : <MarkdownPage page={page} />;
};
