import type { ComponentProps } from 'react';
import { later } from '../runtime/later.tsx';
import type { Sidebar as SidebarComponent } from '../docs/sidebar.tsx';
import type { TableOfContents as TocComponent } from '../docs/toc.tsx';
import type { Pagination as PaginationComponent } from '../docs/pagination.tsx';
import type { Footer as FooterComponent } from './footer.tsx';

type SidebarProps = ComponentProps<typeof SidebarComponent>;
type TocProps = ComponentProps<typeof TocComponent>;
type PaginationProps = ComponentProps<typeof PaginationComponent>;
type FooterProps = ComponentProps<typeof FooterComponent>;

/*
 * The parts of the layout a first visit hydrates later (theme/runtime/later.tsx): the table of
 * contents and "back to top" when the reader first scrolls, the others with client navigation,
 * when the reader first points at a link. Each is shown as the server rendered it until then.
 * Their modules stay the ones a site's theme overrides (`docs/sidebar.tsx`…).
 */

/** The docs sidebar (its categories are `<details>`, which open and close without script). */
export const Sidebar = later<SidebarProps>({ name: 'Sidebar', file: 'docs/sidebar.tsx', group: 'navigation' }, () => import('../docs/sidebar.tsx'));

/** The table of contents, whose current section is highlighted once it is hydrated. */
export const TableOfContents = later<TocProps>({ name: 'TableOfContents', file: 'docs/toc.tsx', group: 'reading' }, () => import('../docs/toc.tsx'));

/** Previous/next links at the end of a doc or post. */
export const Pagination = later<PaginationProps>({ name: 'Pagination', file: 'docs/pagination.tsx', group: 'navigation' }, () => import('../docs/pagination.tsx'));

/** The site footer. */
export const Footer = later<FooterProps>({ name: 'Footer', file: 'layout/footer.tsx', group: 'navigation' }, () => import('./footer.tsx'));

/** "Back to top", which the server never draws (it appears after scrolling). */
export const BackToTop = later<object>({ name: 'BackToTop', file: 'layout/back-to-top.tsx', group: 'reading' }, () => import('./back-to-top.tsx'));
