import type { ComponentProps } from 'react';
import type { PageData } from '../../src/model.ts';
import { later } from '../runtime/later.tsx';
import { loadPageModule } from '../pages/page-modules.ts';
import { PageSwitch } from '../pages/page-switch.tsx';
import type { Sidebar as SidebarComponent } from '../docs/sidebar.tsx';
import type { TableOfContents as TocComponent } from '../docs/toc.tsx';
import type { Pagination as PaginationComponent } from '../docs/pagination.tsx';
import type { Footer as FooterComponent } from './footer.tsx';
import type { MobileMenu as MobileMenuComponent } from './mobile-menu.tsx';
import type { LocaleMenu as LocaleMenuComponent, NavbarDropdown as NavbarDropdownComponent } from './navbar-menus.tsx';
import type { VersionMenu as VersionMenuComponent } from './version-menu.tsx';
import type { AnnouncementBar as AnnouncementBarComponent } from './announcement-bar.tsx';

type SidebarProps = ComponentProps<typeof SidebarComponent>;
type TocProps = ComponentProps<typeof TocComponent>;
type PaginationProps = ComponentProps<typeof PaginationComponent>;
type FooterProps = ComponentProps<typeof FooterComponent>;
type MobileMenuProps = ComponentProps<typeof MobileMenuComponent>;
type PageBodyProps = ComponentProps<typeof PageSwitch>;
type NavbarDropdownProps = ComponentProps<typeof NavbarDropdownComponent>;
type LocaleMenuProps = ComponentProps<typeof LocaleMenuComponent>;
type VersionMenuProps = ComponentProps<typeof VersionMenuComponent>;
type AnnouncementBarProps = ComponentProps<typeof AnnouncementBarComponent>;

/*
 * The parts of the layout a first visit hydrates later (theme/runtime/later.tsx): the table of
 * contents and "back to top" when the reader first scrolls, the mobile menu when the reader first
 * opens it (theme/client/runtime.tsx), all of them with client navigation, which comes when the
 * reader first points at a link. Each is shown as the server rendered it until then.
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

/** `navbar.hideOnScroll`: hides the navbar while scrolling down (drawn by the server as nothing). */
export const NavbarHider = later<object>({ name: 'NavbarHider', file: 'layout/back-to-top.tsx', group: 'reading' }, () => import('./back-to-top.tsx'));

/**
 * The menu below 996px, a `<details>` that opens and closes without script: what needs script
 * (Esc, focus kept inside, closing on a new page) comes when it is first opened, or with client
 * navigation. Wider screens never show it.
 */
export const MobileMenu = later<MobileMenuProps>({ name: 'MobileMenu', file: 'layout/mobile-menu.tsx', group: 'menu' }, () => import('./mobile-menu.tsx'));

/**
 * The navbar's menus: a `dropdown` item, the locale menu and the docs' version menu (`<details>`,
 * which open and close without script, their links plain links until then). Few sites have them:
 * their code is not in what every page hydrates first (issue 41 › 4), it comes with client navigation.
 */
export const NavbarDropdown = later<NavbarDropdownProps>({ name: 'NavbarDropdown', file: 'layout/navbar-menus.tsx', group: 'navigation' }, () => import('./navbar-menus.tsx'));
export const LocaleMenu = later<LocaleMenuProps>({ name: 'LocaleMenu', file: 'layout/navbar-menus.tsx', group: 'navigation' }, () => import('./navbar-menus.tsx'));
export const VersionMenu = later<VersionMenuProps>({ name: 'VersionMenu', file: 'layout/version-menu.tsx', group: 'navigation' }, () => import('./version-menu.tsx'));

/**
 * The announcement bar: markup only (its close button is a `<details>`, and the head script
 * remembers it closed), so its code waits for client navigation too.
 */
export const AnnouncementBar = later<AnnouncementBarProps>({ name: 'AnnouncementBar', file: 'layout/announcement-bar.tsx', group: 'navigation' }, () => import('./announcement-bar.tsx'));

/** The type of the page the browser showed first, whose module the page body's code brings. */
let firstPageType: PageData['type'] | undefined;

/** Names the page shown first (theme/client/runtime.tsx): its module is the page body's code. */
export function setFirstPage(type: PageData['type']): void {
  firstPageType = type;
}

/**
 * The page's body, as its page module (theme/pages/page-modules.ts) draws it. A docs page or a
 * blog post is read, not used: its module comes when the reader first scrolls or points at a
 * link. Where the body needs script at once (`needsBodyAtStart`: the search page, a React
 * page…) the runtime loads it (`loadLater('page')`) before it hydrates. Once client navigation is
 * up, it loads each page's module before it shows the page.
 */
export const PageBody = later<PageBodyProps>(
  { name: 'PageSwitch', file: 'pages/page-switch.tsx', group: ['page', 'reading', 'navigation'] },
  () => (firstPageType ? loadPageModule(firstPageType) : Promise.resolve()).then(() => ({ PageSwitch })),
);
