/** The data the theme renders: sidebars, each page's data and the site-wide data (see model.ts for content). */
import type { PageHeading, TocItem, Author } from './model.ts';
import type { InlineSvg } from './util/inline-svg.ts';
import type { DocPageVersion } from './doc-page-version.ts';
export type { DocPageVersion };

/** An entry of the docs sidebar. */
export type SidebarItem =
  | {
      type: 'link'; label: string; href: string;
      /** Set on a doc's own entry (a `doc` item): the doc's page shows this sidebar. Not on a `ref`. */
      docId?: string;
      /** Another site (opens with `rel="noopener noreferrer"` and an "external" mark). */
      external?: boolean;
    }
  | {
      /** Raw HTML from a sidebars file (a heading, a divider); not a link. */
      type: 'html'; value: string; className?: string;
      href?: undefined; label?: undefined;
    }
  | {
      type: 'category';
      label: string;
      /** Route of the category's own page (generated index or linked doc), if any. */
      href?: string;
      /** The doc the category links to (`link: { type: 'doc' }`), which then shows this sidebar. */
      docId?: string;
      collapsed: boolean;
      collapsible: boolean;
      items: SidebarItem[];
      /**
       * Big sites only (`docs.sidebarInlineLimit`): `items` was left out of the inline sidebar;
       * the page's `sidebarBranches` or the full sidebar file (`SiteData.sidebarUrl`) has them.
       */
      lazy?: boolean;
      /** A lazy category without a page of its own: its first page, linked for readers without JavaScript. */
      firstHref?: string;
    };

/**
 * Children of the lazy sidebar categories on the way to a page, keyed like the sidebar's
 * open/closed state (`/Guides`, `/Guides/Advanced`: the labels from the root).
 */
export type SidebarBranches = Record<string, SidebarItem[]>;

/** A link with a label, for breadcrumbs and previous/next. */
export interface NavLink { label: string; href?: string }

/** A blog post as shown in lists. */
export interface PostSummary {
  title: string;
  route: string;
  date: string;
  readingTime: number;
  authors: Author[];
  description: string;
  /** Excerpt HTML; `null` in the inline page data (the client reads it from the DOM). */
  excerptHtml: string | null;
  /** True when the excerpt is shorter than the post (shows "Read more"). */
  truncated: boolean;
}

/** Data the `<head>` is made of. */
export interface PageHead {
  title: string;
  description: string;
  image?: string;
  noIndex?: boolean;
  ogType?: 'website' | 'article';
  publishedTime?: string;
  keywords?: string[];
}

interface PageBase { route: string; title: string; head: PageHead }

/** Every page type the theme renders. The client runtime swaps these on navigation. */
export type PageData =
  | PageBase & {
      type: 'doc';
      /** The visible `<h1>`, when not the title (see PageHeading). */
      heading?: PageHeading;
      /** No title `<h1>` from the theme (the body has its own, or `hide_title`). */
      hideTitle?: boolean;
      /** Doc HTML; `null` in the inline page data (the client reads it from the DOM). */
      contentHtml: string | null;
      toc: TocItem[];
      hideToc: boolean;
      breadcrumbs: NavLink[];
      prev?: NavLink;
      next?: NavLink;
      editUrl?: string;
      /** When the doc last changed, ms since the epoch (`docs.showLastUpdateTime`; Docusaurus's name). */
      lastUpdatedAt?: number;
      /** Who committed that change (`docs.showLastUpdateAuthor`); none for uncommitted files. */
      lastUpdatedBy?: string;
      /** Its docs version: the badge and banner to show, and the same doc in the other versions. */
      version?: DocPageVersion;
      isHome: boolean;
      /** Name of the sidebar the page shows (a key of `SiteData.sidebars`); none when no sidebar lists it. */
      sidebar?: string;
      /** Big sites only: the lazy categories' children on this page's sidebar path. */
      sidebarBranches?: SidebarBranches;
      /**
       * Very big sites only (`SiteData.sidebarSkeletonUrls`): the page's part of the sidebar (its
       * top-level item), shown until the skeleton file has loaded.
       */
      sidebarItems?: SidebarItem[];
      /**
       * Big sites only: URL of the file holding `sidebarBranches` and `sidebarItems`, shared by
       * every page that has the same ones. The inline data of a page's HTML carries this
       * instead of them; the client puts them back (theme/client/page-data.ts).
       */
      sidebarState?: string;
    }
  | PageBase & {
      type: 'category';
      description: string;
      items: { title: string; href: string; description: string }[];
      breadcrumbs: NavLink[];
      prev?: NavLink;
      next?: NavLink;
      /** Its docs version, on a site with several (see the doc page's). */
      version?: DocPageVersion;
      /** Name of the sidebar the page shows (a key of `SiteData.sidebars`). */
      sidebar?: string;
      /** Big sites only: the lazy categories' children on this page's sidebar path. */
      sidebarBranches?: SidebarBranches;
      /**
       * Very big sites only (`SiteData.sidebarSkeletonUrls`): the page's part of the sidebar (its
       * top-level item), shown until the skeleton file has loaded.
       */
      sidebarItems?: SidebarItem[];
      /**
       * Big sites only: URL of the file holding `sidebarBranches` and `sidebarItems`, shared by
       * every page that has the same ones. The inline data of a page's HTML carries this
       * instead of them; the client puts them back (theme/client/page-data.ts).
       */
      sidebarState?: string;
    }
  | PageBase & {
      type: 'blog-list'; page: number; totalPages: number; posts: PostSummary[]; newer?: string; older?: string; tag?: string;
      /** The first preview each column's first layout skips, -1 for none (src/routes/blog-list-folds.ts). */
      folds: { wide: number; narrow: number };
      /** First page of the main list only: the archive's route and the blog's feed (RSS, else Atom), as configured. */
      archive?: string;
      feed?: { href: string; label: string };
    }
  | PageBase & {
      type: 'blog-post';
      /** The visible `<h1>`, when not the title (see PageHeading). */
      heading?: PageHeading;
      date: string;
      readingTime: number;
      authors: Author[];
      contentHtml: string | null;
      toc: TocItem[];
      hideToc: boolean;
      tags: string[];
      /** The newer post and the older one. */
      prev?: NavLink; next?: NavLink;
    }
  | PageBase & {
      /** A page of the pages folder (`config.pages`), shown without a docs sidebar. */
      type: 'page';
      /**
       * `component`: a React page component rendered on the server (static HTML); `markdown`: a
       * Markdown page. (Not `'react'`: the client bundle must hold no string that reads as a
       * React import specifier, see importedReactNames.)
       */
      kind: 'component' | 'markdown';
      /** The page's HTML; `null` in the inline page data (the client reads it from the DOM). */
      contentHtml: string | null;
      /** Markdown pages: the visible `<h1>`, when not the title (see PageHeading). */
      heading?: PageHeading;
      /** Markdown pages: no title `<h1>` from the theme (the body has its own, or `hide_title`). */
      hideTitle?: boolean;
      /** Markdown pages: the table of contents. */
      toc: TocItem[];
      hideToc: boolean;
      /**
       * React pages: the component's markup has its own `<main>` (Docusaurus pages usually
       * do), so the theme wraps it in none: a page has exactly one main landmark.
       */
      ownMain?: boolean;
      /** React pages: the stylesheets their components import (CSS, CSS modules), as site paths. */
      stylesheets?: string[];
    }
  | PageBase & { type: 'blog-archive'; years: { year: string; posts: { title: string; route: string; date: string }[] }[] }
  | PageBase & { type: 'blog-tags'; tags: { label: string; route: string; count: number }[] }
  | PageBase & { type: 'search' }
  | PageBase & { type: 'not-found' };

/** Site-wide data every page's chrome needs (navbar, footer, sidebars, search settings). */
export interface SiteData {
  title: string;
  /** `/`, or the sub-path the site is served under (`/docs-site/`): every URL in the markup carries it. */
  baseUrl: string;
  tagline: string;
  locale: string;
  direction: 'ltr' | 'rtl';
  navbar: {
    title?: string;
    /**
     * `svg`/`svgDark`: the files' markup, inlined in place of an `<img>` when small and
     * self-contained (inlineSvg). `width`/`widthDark`: px at the LOGO_HEIGHT, when not that.
     */
    logo?: { alt: string; src: string; srcDark?: string; svg?: InlineSvg; svgDark?: InlineSvg; width?: number; widthDark?: number };
    hideOnScroll: boolean;
    items: import('./navbar-model.ts').NavbarItem[];
    /** The docs' version menu, on a site with several versions (`SiteData.docVersions`). */
    versionMenu?: { itemsAfter: { label: string; href: string; external: boolean }[] };
    iconLinks: { label: string; href: string; icon: 'github' | 'discord' | 'rss' }[];
    /** Where the brand links when `/` is not a page; `null` when no page fits (not a link). */
    brandHref?: string | null;
  };
  footer: { links: { title: string; items: (import('./navbar-model.ts').NavbarLink | { html: string })[] }[]; copyright: string };
  announcementBar?: { id: string; content: string; closeable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  /**
   * The docs sidebars by name (one, `docs.sidebarId`, unless a sidebars file declares more); on
   * big sites each is a skeleton whose collapsed categories are `lazy`; on very big ones see
   * `sidebarSkeletonUrls`.
   */
  sidebars: Record<string, SidebarItem[]>;
  /** Big sites only: each split sidebar's full file (`/_chunks/sidebar.<hash>.json`), fetched when a lazy category opens. */ sidebarUrls?: Record<string, string>;
  /**
   * Very big sites only: URL of each sidebar whose skeleton is itself too big to inline
   * (`/_chunks/sidebar.<hash>.skeleton.json`); such a sidebar is not in `sidebars`, and each page
   * carries its own part (`sidebarItems`) until the client has fetched the skeleton.
   */
  sidebarSkeletonUrls?: Record<string, string>;
  blogSidebar: { title: string; posts: { title: string; route: string }[] };
  /** "Version: <label>" on the docs of a one-version site that asks for it (several: per page). */ versionBadge?: string;
  locales?: import('./navbar-model.ts').SiteLocales;
  /** `docs.autoCollapseCategories`: opening a sidebar category closes its open siblings. */ sidebarAutoCollapse?: true;
  /** A site with several docs versions: each, newest first, with its first page (the navbar's version menu). */
  docVersions?: { name: string; label: string; href: string; isLast: boolean }[];
  search: {
    provider: 'local' | 'hosted';
    searchPagePath: string;
    contextualSearch: boolean;
    /** A site with several docs versions: their names and the last one's (contextual search keeps the reader's). */
    docsVersions?: { names: string[]; last: string };
    hosted?: { appId: string; apiKey: string; indexName: string; host: string };
  };
  /** Where "Let us know" in search points. */
  issuesUrl?: string;
  /**
   * Configured stylesheets (the KaTeX CSS) that only pages with math link: client navigation
   * adds them when it shows such a page, since the server-rendered `<head>` of the first page
   * may not have them.
   */
  pageStylesheets?: {
    href: string; integrity?: string; crossorigin?: string;
  }[];
  /** Routes that exist, for client-side navigation decisions. Omitted on huge sites. */
  /**
   * Whether each page has a data file (`_pages/<route>.json`, `PageDataFile`) that client
   * navigation fetches instead of the page's HTML. False on sites of more than
   * `PAGE_DATA_FILES_UP_TO` pages, where the articles written a second time would grow the output
   * by about half (28.6 MB for the 1,000-page synthetic corpus: about 280 MB on 10,000 pages' 530): navigation reads the HTML there.
   */
  pageDataFiles: boolean;
}

/** Up to this many pages, a site writes a data file per page (`SiteData.pageDataFiles`). */
export const PAGE_DATA_FILES_UP_TO = 2000;

/**
 * What a page inlines (`<script type="application/json" id="__sitegen">`): the URL of the site
 * data's file, the same for every page (`/_chunks/site.<hash>.json` under the base URL, which
 * the head script preloads), and the page's own data.
 */
export interface InlineData {
  siteUrl: string;
  page: PageData;
}

/**
 * A page's data file (`_pages/<route>.json`, src/util/routes.ts › routeToDataFile), which client
 * navigation fetches instead of the page's HTML: the page's data with its article (or its
 * excerpts), and what the page's `<head>` names beyond every page's: its page scripts (`tabs`,
 * MDX islands) and the theme's stylesheets it links. `key` is the page's key (render-pages.ts),
 * first, so that a later build recognises a file made from the same inputs by its first bytes.
 */
export interface PageDataFile {
  key?: string;
  page: PageData;
  scripts: string[];
  sheets: string[];
}

/** The navbar logo's height, px: its width follows from its shape (as Docusaurus sizes it). */
export const LOGO_HEIGHT = 32;

/** Every page type (the record makes the compiler check that none is missing). Pure: a bundle importing only LOGO_HEIGHT leaves it out. */
export const PAGE_TYPES = /* @__PURE__ */ Object.keys({
  'doc': 1, 'category': 1, 'blog-list': 1, 'blog-post': 1, 'blog-archive': 1, 'blog-tags': 1, 'search': 1, 'not-found': 1, 'page': 1,
} satisfies Record<PageData['type'], 1>) as PageData['type'][];
