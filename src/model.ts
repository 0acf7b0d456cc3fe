import type { Diagnostic } from './diagnostics/diagnostic.ts';

/** A page's visible `<h1>` when it is not its title: the body's leading `# Heading` and its id. */
export interface PageHeading { text: string; id: string }

/** An entry of a page's table of contents. */
export interface TocItem {
  /** Heading level, 2–6. */
  depth: number;
  /** The heading's slug id (GitHub style, unique within the page). */
  id: string;
  /** The heading's inner HTML (inline markup kept, anchors removed). */
  html: string;
}

/** A link found in a Markdown source, with its position in the file on disk. */
export interface SourceLink {
  /** The URL as rewritten for output (e.g. `/rules#food`, `#food`). */
  url: string;
  /** The URL as written in the source (e.g. `../rules.md#food`). */
  raw: string;
  line: number;
  column: number;
  /** `link` for `<a href>`, `image` for `<img src>`. */
  kind: 'link' | 'image';
}

/** What rendering one Markdown file produces. */
export interface MarkdownResult {
  /** The body as HTML (no wrapping element). */
  html: string;
  /** HTML of everything before the truncate marker, when the file has one. */
  excerptHtml?: string;
  /** Headings of the configured levels, in document order. */
  toc: TocItem[];
  /** Every `id` attribute in the rendered HTML (headings, footnotes…), for anchor checking. */
  anchors: string[];
  /** Internal links and images (external `http(s):`/`mailto:` ones are left out). */
  links: SourceLink[];
  /** Words of prose, for reading time. */
  wordCount: number;
  /** Problems reported by plugins (unresolvable `.md` links, malformed board diagrams…). */
  diagnostics: Diagnostic[];
}

/** A blog author, from `authors.yml` or inline front matter. */
export interface Author {
  key?: string;
  name: string;
  title?: string;
  url?: string;
  imageUrl?: string;
}

/** A documentation Markdown file after front matter is read. */
export interface DocSource {
  /** Path relative to the site root, e.g. `content/docs/api/01-intro.md`. */
  file: string;
  /** Folder path relative to the docs root, as on disk (`['02-api', 'objects']`). */
  dir: string[];
  /** Doc id: folder path without number prefixes plus the file's id (`api/intro`). */
  id: string;
  /** Output route, e.g. `/api/intro`; `/` for the docs home. */
  route: string;
  title: string;
  /** The page's visible `<h1>` when the body's leading `# Heading` differs from the front matter title. */
  heading?: PageHeading;
  sidebarLabel: string;
  sidebarPosition?: number;
  description: string;
  keywords: string[];
  hideTableOfContents: boolean;
  tocMinLevel?: number;
  tocMaxLevel?: number;
  draft: boolean;
  /** Markdown without front matter. */
  body: string;
  /** Lines taken by the front matter, to shift positions back to the file. */
  lineOffset: number;
  /** Line of the front matter `slug`, when there is one: where a route clash is reported. */
  slugLine?: number;
}

/** `_category_.json` of a docs folder (or its defaults). */
export interface CategoryMeta {
  /** Folder path relative to the docs root, as on disk. */
  dir: string[];
  file?: string;
  label: string;
  position?: number;
  collapsed: boolean;
  collapsible: boolean;
  description?: string;
  link?:
    | { type: 'generated-index'; slug: string; title: string; description: string }
    | { type: 'doc'; id: string };
}

/** A blog post Markdown file after front matter is read. */
export interface PostSource {
  file: string;
  /** `YYYY-MM-DD` */
  date: string;
  slug: string;
  route: string;
  title: string;
  /** The page's visible `<h1>` when the body's leading `# Heading` differs from the front matter title. */
  heading?: PageHeading;
  description: string;
  authors: Author[];
  tags: string[];
  /** Social card image: a URL, a path in `public/`, or a file beside the post (resolved when rendered). */
  image?: string;
  /** Line of the `image` key in the file, for diagnostics. */
  imageLine?: number;
  hideTableOfContents: boolean;
  draft: boolean;
  body: string;
  lineOffset: number;
  /** Line of the front matter `slug`, when there is one: where a route clash is reported. */
  slugLine?: number;
}

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
      /** Doc HTML; `null` in the inline page data (the client reads it from the DOM). */
      contentHtml: string | null;
      toc: TocItem[];
      hideToc: boolean;
      breadcrumbs: NavLink[];
      prev?: NavLink;
      next?: NavLink;
      editUrl?: string;
      isHome: boolean;
      /** Name of the sidebar the page shows (a key of `SiteData.sidebars`); none when no sidebar lists it. */
      sidebar?: string;
      /** Big sites only: the lazy categories' children on this page's sidebar path. */
      sidebarBranches?: SidebarBranches;
    }
  | PageBase & {
      type: 'category';
      description: string;
      items: { title: string; href: string; description: string }[];
      breadcrumbs: NavLink[];
      prev?: NavLink;
      next?: NavLink;
      /** Name of the sidebar the page shows (a key of `SiteData.sidebars`). */
      sidebar?: string;
      /** Big sites only: the lazy categories' children on this page's sidebar path. */
      sidebarBranches?: SidebarBranches;
    }
  | PageBase & {
      type: 'blog-list'; page: number; totalPages: number; posts: PostSummary[]; newer?: string; older?: string; tag?: string;
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
      /** Newer post. */
      prev?: NavLink;
      /** Older post. */
      next?: NavLink;
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
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll: boolean;
    items: { label: string; href: string; external: boolean; activeBasePath?: string }[];
    iconLinks: { label: string; href: string; icon: 'github' | 'discord' | 'rss' }[];
    /** Where the brand links when `/` is not a page; `null` when no page fits (not a link). */
    brandHref?: string | null;
  };
  footer: { links: { title: string; items: { label: string; href: string; external: boolean }[] }[]; copyright: string };
  announcementBar?: { id: string; content: string; closeable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  /**
   * The docs sidebars by name (one, `docs.sidebarId`, unless a sidebars file declares more); on
   * big sites each is a skeleton whose collapsed categories are `lazy`.
   */
  sidebars: Record<string, SidebarItem[]>;
  /** Big sites only: URL of each split sidebar's full file (`/_chunks/sidebar.<hash>.json`), fetched when a reader opens a lazy category. */
  sidebarUrls?: Record<string, string>;
  blogSidebar: { title: string; posts: { title: string; route: string }[] };
  versionLabel: string;
  search: {
    provider: 'local' | 'hosted';
    searchPagePath: string;
    contextualSearch: boolean;
    hosted?: { appId: string; apiKey: string; indexName: string; host: string };
  };
  /** Where "Let us know" in search points. */
  issuesUrl?: string;
  /**
   * Configured stylesheets (the KaTeX CSS) that only pages with math link: client navigation
   * adds them when it shows such a page, since the server-rendered `<head>` of the first page
   * may not have them.
   */
  pageStylesheets?: { href: string; integrity?: string; crossorigin?: string }[];
  /** Routes that exist, for client-side navigation decisions. Omitted on huge sites. */
}
