import { z } from 'zod';

/**
 * Default of `docs.sidebarInlineLimit`: up to this many sidebar links, every page inlines and
 * renders the whole sidebar. Above it the inline copy outweighs the page itself (26 KB of JSON
 * plus 26 KB of HTML per page at 200 docs, 2.5 MB per page at 10,000): see `splitSidebar`.
 */
export const SIDEBAR_INLINE_LIMIT = 200;

/** `docs` of site.config.ts (src/config/schema.ts): the docs folder, its routes, sidebars and versions. */
export const docsSchema = z.strictObject({
  path: z.string().default('content/docs'),
  routeBasePath: z.string().default('/'),
  /** Name of the generated sidebar (when there is no `sidebarPath`). */
  sidebarId: z.string().default('main'),
  /**
   * A Docusaurus sidebars file (`.js`, `.cjs`, `.mjs`, `.ts` or `.json`, from the site root):
   * named sidebars of docs, links, categories and generated indexes. Without it, one sidebar
   * is generated from the docs folder.
   */
  sidebarPath: z.string().min(1).optional(),
  /**
   * Globs (relative to the docs folder, and to each version's) of the files that are docs, as in
   * Docusaurus: `['**\/*.{md,mdx}']`. @default every `.md` and `.mdx` file
   */
  include: z.array(z.string()).optional(),
  /**
   * Globs of files that are not docs (`['**\/drafts/**']`). Files and folders whose name starts
   * with `_` or `.` never are, whatever this says.
   */
  exclude: z.array(z.string()).optional(),
  breadcrumbs: z.boolean().default(true),
  /** Opening a sidebar category closes its open siblings (Docusaurus's `themeConfig.docs.sidebar.autoCollapseCategories`). @default false */
  autoCollapseCategories: z.boolean().default(false),
  /**
   * Sidebars with more links than this are not inlined whole: pages get the collapsed
   * categories empty plus their own branch, and the full sidebar loads when a reader opens one.
   * A skeleton with more entries than this is not inlined either: pages get their own section.
   * @default 200
   */
  sidebarInlineLimit: z.number().int().min(0).default(SIDEBAR_INLINE_LIMIT),
  /**
   * Options of each version, by name (`current` is the docs folder), as Docusaurus names them:
   * `label` (`Next` for `current`, else the name), `path` (under `routeBasePath`), `banner`,
   * `badge` ("Version: …" above each doc; by default only when there are several versions),
   * `className` and `noIndex`. The released versions are listed, newest first, in the site's
   * `versions.json`, their docs in `versioned_docs/version-<name>/` and their sidebars in
   * `versioned_sidebars/version-<name>-sidebars.json`, as Docusaurus keeps them.
   */
  versions: z.record(z.string(), z.strictObject({
    label: z.string().optional(),
    path: z.string().optional(),
    banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
    badge: z.boolean().optional(),
    className: z.string().optional(),
    noIndex: z.boolean().optional(),
  })).default({}),
  /** The version served at `routeBasePath`. @default the newest of versions.json, else `current` */
  lastVersion: z.string().optional(),
  /** Build only these versions (names, `current` included). @default every version */
  onlyIncludeVersions: z.array(z.string()).optional(),
  /** Whether the docs folder is built as the version `current`. @default true */
  includeCurrentVersion: z.boolean().default(true),
  /** Build the docs folder alone, even when versions.json lists versions. @default false */
  disableVersioning: z.boolean().default(false),
  /**
   * Shows under each doc when it last changed: the date of the file's last git commit (its
   * modification time when it is outside git or has uncommitted changes), as Docusaurus does.
   * The date is also in the page data and the sitemap's `lastmod`.
   * @default false
   */
  showLastUpdateTime: z.boolean().default(false),
  /** Shows the author of the doc's last git commit beside the date (nothing for uncommitted files). @default false */
  showLastUpdateAuthor: z.boolean().default(false),
});

export type DocsOptions = z.output<typeof docsSchema>;

/** What a docs instance's versions are planned from (src/content/doc-versions.ts). */
export type DocsVersionOptions = Pick<DocsOptions, 'path' | 'routeBasePath' | 'sidebarPath' | 'sidebarId' | 'include' | 'exclude' | 'versions' | 'lastVersion' | 'onlyIncludeVersions' | 'includeCurrentVersion' | 'disableVersioning'>;

/**
 * A further docs instance (`docsInstances` of site.config.ts; Docusaurus's docs plugin with an
 * `id`): its own folder, routes, sidebars and versions (`<id>_versions.json`,
 * `<id>_versioned_docs/`, `<id>_versioned_sidebars/`). Breadcrumbs, last-update dates and the
 * sidebar inline limit are the site's, from `docs`.
 */
export const docsInstanceSchema = docsSchema
  .omit({ breadcrumbs: true, sidebarInlineLimit: true, showLastUpdateTime: true, showLastUpdateAuthor: true, autoCollapseCategories: true })
  .extend({
    /** Names the instance: navbar items name it (`docsPluginId`), and its sidebars are `<id>/<name>`. */
    id: z.string().regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, `-` and `_`').refine((id) => id !== 'default', '`default` is the id of `docs`'),
    /** Its folder, from the site root. */
    path: z.string().min(1),
    /** Where its pages are served, e.g. `/community`. */
    routeBasePath: z.string().min(1),
  });
