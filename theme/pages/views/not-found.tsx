import { NotFoundPage } from '../not-found.tsx';
import type { PageViewComponent } from '../page-modules.ts';

/** The 404 page (a page module: theme/pages/page-modules.ts). */
export const PageView: PageViewComponent = ({ site }) => <NotFoundPage site={site} />;
