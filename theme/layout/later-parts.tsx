import { later } from '../runtime/later.tsx';

/*
 * The parts of the layout a first visit hydrates once the browser is idle (theme/runtime/later.tsx):
 * each is shown as the server rendered it until then. Their modules stay the ones a site's theme
 * overrides (`docs/sidebar.tsx`…).
 */

/** The docs sidebar (its categories are `<details>`, which open and close without script). */
export const Sidebar = later(() => import('../docs/sidebar.tsx').then((m) => m.Sidebar));

/** The table of contents, whose current section is highlighted once it is hydrated. */
export const TableOfContents = later(() => import('../docs/toc.tsx').then((m) => m.TableOfContents));

/** Previous/next links at the end of a doc or post. */
export const Pagination = later(() => import('../docs/pagination.tsx').then((m) => m.Pagination));

/** The site footer. */
export const Footer = later(() => import('./footer.tsx').then((m) => m.Footer));

/** "Back to top", which the server never draws (it appears after scrolling). */
export const BackToTop = later(() => import('./back-to-top.tsx').then((m) => m.BackToTop));
