import { SearchPage } from '../../search/search-page.tsx';
import type { PageViewComponent } from '../page-modules.ts';

/** The search page (a page module: theme/pages/page-modules.ts). */
export const PageView: PageViewComponent = ({ site, page }) => (page.type === 'search' ? <SearchPage site={site} page={page} /> : null);
