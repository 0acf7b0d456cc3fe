import type { Diagnostic } from './diagnostics/diagnostic.ts';
import type { LastUpdate } from './content/load-last-updates.ts';

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
  /** Plain text of the first paragraph of prose: the page's description when its front matter has none. */
  description?: string;
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
  /** authors.yml's `page`: the author's page of posts is `<blog>/authors/<page>`. */
  page?: string;
  /** The author's place in authors.yml (the authors page lists them in that order). */
  order?: number;
}

/** A documentation Markdown file after front matter is read. */
export interface DocSource {
  /**
   * Other paths that stand for this file in a locale's build (src/content/locales.ts): the
   * original of a translation, or where an untranslated file's translation would be. Relative
   * `.md` links of translated files resolve through them.
   */
  aliases?: string[];
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
  /** The theme renders no `<h1>`: the body has its own, or front matter `hide_title` with none. */
  hideTitle?: boolean;
  /** `'mdx'` when the body is MDX (src/mdx/mdx-format.ts); absent for Markdown. */
  format?: 'mdx';
  sidebarLabel: string;
  sidebarPosition?: number;
  /** Front matter `description`; without one, the rendered page's first paragraph (`Rendered`). */
  description?: string;
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
  /**
   * When the file last changed (`docs.showLastUpdateTime` / `showLastUpdateAuthor`): read from git
   * by loadSite, never part of the Markdown cache's key, so a commit alone updates the page.
   */
  lastUpdate?: LastUpdate;
  /** Front matter `last_update`: its date (UTC midnight) and author win over git's. */
  lastUpdateFrontMatter?: Partial<LastUpdate>;
  /** Its docs version's key (`DocVersion.key`: the name, or `<instance>@<name>`), when the site has several (src/content/doc-versions.ts). */
  version?: string;
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
    | {
      type: 'generated-index'; slug: string; title: string; description: string;
      /** The route its slug is under: its docs version's (`DocVersion.route`) on a site with several; else the docs' `routeBasePath`. */
      base?: string;
    }
    | { type: 'doc'; id: string };
  /** Its docs version's key (`DocVersion.key`), when the site has several. */
  version?: string;
}

/** A blog post Markdown file after front matter is read. */
export interface PostSource {
  /**
   * Other paths that stand for this file in a locale's build (src/content/locales.ts): the
   * original of a translation, or where an untranslated file's translation would be. Relative
   * `.md` links of translated files resolve through them.
   */
  aliases?: string[];
  file: string;
  /** `YYYY-MM-DD` */
  date: string;
  slug: string;
  route: string;
  title: string;
  /** The page's visible `<h1>` when the body's leading `# Heading` differs from the front matter title. */
  heading?: PageHeading;
  /** `'mdx'` when the body is MDX (src/mdx/mdx-format.ts); absent for Markdown. */
  format?: 'mdx';
  /** Front matter `description`; without one, the rendered page's first paragraph (`Rendered`). */
  description?: string;
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

// What the theme renders (sidebars, pages, site data) lives beside: one import for both.
export type * from './page-model.ts';
