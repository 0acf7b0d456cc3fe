import { z } from 'zod';
import { docsInstanceSchema, docsSchema } from './docs-schema.ts';
import { headTagsSchema, scriptsSchema } from './head-schema.ts';
import { markdownSchema } from './markdown-schema.ts';
import { i18nSchema } from './i18n-schema.ts';

export { SIDEBAR_INLINE_LIMIT } from './docs-schema.ts';

/** Default of `blog.feedOptions.limit`: feeds carry the 20 most recent posts, as Docusaurus 3's do. */
export const FEED_LIMIT = 20;

/** A link in the navbar or footer: an internal route (`to`) or an external URL (`href`). */
const linkItem = z.strictObject({
  /** None: a link. (Set, the item is another kind of navbar item, `html` or `dropdown`, and this schema rejects it at once.) */
  type: z.undefined().optional(),
  label: z.string().min(1),
  /** Internal route, e.g. `/quickstart`. Checked like any other internal link. */
  to: z.string().startsWith('/').optional(),
  /** External URL, opened as is. */
  href: z.url().optional(),
  /** Route prefix that marks the item active, e.g. `/blog`. Defaults to `to`. */
  activeBasePath: z.string().optional(),
  /**
   * A docs sidebar's name (Docusaurus's `docSidebar` item): the item leads to that sidebar's
   * first page (`to` is where it leads when the sidebar has none).
   */
  sidebarId: z.string().optional(),
  /** A doc's id (Docusaurus's `type: 'doc'` item): the item leads to that doc's route (`to` when there is no such doc). */
  docId: z.string().optional(),
  /** The docs instance (`docsInstances`' `id`) of `sidebarId` and `docId`; `docs` when absent. */
  docsPluginId: z.string().optional(),
}).refine((item) => Boolean(item.to) !== Boolean(item.href), {
  message: 'expected exactly one of `to` or `href`',
});

/** Raw HTML in the navbar (Docusaurus's `html` item): trusted, from this file. */
const htmlItem = z.strictObject({ type: z.literal('html'), value: z.string().min(1) });

/** The menu of the site's locales (Docusaurus's `localeDropdown`): this page in each (`i18n`). */
const localeItem = z.strictObject({ type: z.literal('localeDropdown') });

/** A menu of links in the navbar (Docusaurus's `dropdown` item): a native `<details>`, open without script. */
const dropdownItem = z.strictObject({ type: z.literal('dropdown'), label: z.string().min(1), items: z.array(linkItem).min(1) });

const iconLink = z.strictObject({
  /** Accessible name, e.g. `GitHub repository`. */
  label: z.string().min(1),
  href: z.url(),
  icon: z.enum(['github', 'discord', 'rss']),
});

const stylesheet = z.strictObject({
  href: z.url(),
  integrity: z.string().regex(/^sha(256|384|512)-/, 'expected a Subresource Integrity hash').optional(),
  crossorigin: z.enum(['anonymous', 'use-credentials']).optional(),
});

const hostedSearch = z.strictObject({
  provider: z.literal('hosted'),
  appId: z.string().min(1),
  apiKey: z.string().min(1),
  indexName: z.string().min(1),
  /** Base URL of the search service; defaults to `https://{appId}-dsn.algolia.net`. */
  host: z.url().optional(),
  contextualSearch: z.boolean().default(true),
  searchPagePath: z.string().default('search'),
});

const localSearch = z.strictObject({
  provider: z.literal('local').default('local'),
  contextualSearch: z.boolean().default(true),
  searchPagePath: z.string().default('search'),
});

/**
 * The whole site configuration. This schema is the single source of the user-facing type
 * (`SiteConfigInput`), the resolved type (`SiteConfig`) and every default.
 */
export const siteConfigSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().default(''),
  /** Production origin, e.g. `https://serpentarena.dev` (no trailing slash). */
  url: z.url().refine((u) => !u.endsWith('/'), 'expected no trailing slash'),
  /** Path the site is served under. @default '/' */
  baseUrl: z.string().startsWith('/').endsWith('/').default('/'),
  locale: z.string().default('en'),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  /** Separator between page title and site title in `<title>`. @default '|' */
  titleDelimiter: z.string().default('|'),
  /** When true every page gets `noindex, nofollow` and robots.txt disallows all. */
  noIndex: z.boolean().default(false),
  trailingSlash: z.literal(false).default(false),
  /**
   * Path of the favicon in a static folder, e.g. `/img/favicon.svg`. A relative path is from the
   * site's root, as Docusaurus reads it (`img/favicon.ico` is `/img/favicon.ico` on every page).
   */
  favicon: z.string().min(1).transform((v) => (/^([a-z][a-z\d+.-]*:|\/)/i.test(v) ? v : `/${v}`)).optional(),
  /** Default image for OpenGraph/Twitter cards, relative to `public/`. */
  socialImage: z.string().optional(),
  stylesheets: z.array(stylesheet).default([]),
  /**
   * Whether `_headers` (Netlify, Cloudflare Pages) carries a Content-Security-Policy: only this
   * site's scripts, styles, images and connections, and the configured hosts. A Docusaurus
   * config turns it off: such sites embed other hosts' images, frames and scripts, which
   * Docusaurus never restricts. @default true
   */
  contentSecurityPolicy: z.boolean().default(true),
  /** Elements added to every page's `<head>` as written (Docusaurus's `headTags`): see head-schema.ts. */
  headTags: headTagsSchema,
  /** Scripts every page loads (Docusaurus's `scripts`): a URL or `{ src, async?, defer? }`. */
  scripts: scriptsSchema,
  /**
   * The site's own stylesheets (paths from the site root), bundled into one file that every page
   * links after the theme's (Docusaurus's `theme.customCss`). `@import`s are inlined, the images
   * and fonts they use copied; `.scss`/`.sass` files need the site's `sass` package. Infima's
   * `--ifm-color-primary` and `--ifm-link-color`, when set, colour the theme's links and accents.
   */
  customCss: z.array(z.string().min(1)).default([]),
  /**
   * Old routes that send readers to new ones (Docusaurus's `plugin-client-redirects`): a small
   * page at each `from` (a route, or several) that goes to `to` (a route of the site, or a URL).
   * A `from` that is a page is not replaced; a `to` that is no page is an error.
   */
  redirects: z.array(z.strictObject({ from: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), to: z.string().min(1) })).default([]),
  /** Code repository, used for "Edit this page" and the search "Let us know" link. */
  repoUrl: z.url().optional(),
  /** Base URL for "Edit this page"; the source path relative to the site root is appended. */
  editUrl: z.url().optional(),
  navbar: z.strictObject({
    title: z.string().optional(),
    logo: z.strictObject({ alt: z.string(), src: z.string(), srcDark: z.string().optional() }).optional(),
    hideOnScroll: z.boolean().default(false),
    /** Links (`{ label, to }` or `{ label, href }`), `{ type: 'html', value }` and `{ type: 'dropdown', label, items }`. */
    items: z.array(z.union([htmlItem, dropdownItem, localeItem, linkItem])).default([]),
    iconLinks: z.array(iconLink).default([]),
    /**
     * A menu of the docs' versions after the items, on a site with several (Docusaurus's
     * `docsVersionDropdown`): each leads to the page being read in that version, or to the
     * version's first page. `itemsAfter` are more links at its end (archived versions).
     */
    versionMenu: z.strictObject({ itemsAfter: z.array(linkItem).default([]) }).optional(),
  }).prefault({}),
  footer: z.strictObject({
    /** Columns of links; an item `{ html }` is trusted HTML from this file, as written (Docusaurus's, a badge say). */
    links: z.array(z.strictObject({ title: z.string(), items: z.array(z.union([z.strictObject({ html: z.string().min(1) }), linkItem])) })).default([]),
    copyright: z.string().default(''),
  }).prefault({}),
  announcementBar: z.strictObject({
    /** Changing the id shows the bar again to readers who dismissed an earlier one. */
    id: z.string().min(1),
    /** Inline HTML (trusted, from this file). */
    content: z.string().min(1),
    closeable: z.boolean().default(true),
  }).optional(),
  colorMode: z.strictObject({
    defaultMode: z.enum(['light', 'dark']).default('light'),
    respectPrefersColorScheme: z.boolean().default(false),
    disableSwitch: z.boolean().default(false),
  }).prefault({}),
  docs: docsSchema.prefault({}),
  /** The locales the site is built in (Docusaurus's `i18n`): see i18n-schema.ts. None: one, `locale`. */
  i18n: i18nSchema.optional(),
  /**
   * Further docs, each with its own folder, routes, sidebars and versions (Docusaurus's docs
   * plugin with an `id`): `[{ id: 'community', path: 'community', routeBasePath: '/community' }]`.
   */
  docsInstances: z.array(docsInstanceSchema).default([]).refine((list) => new Set(list.map((d) => d.id)).size === list.length, 'expected each docs instance to have an id of its own'),
  blog: z.strictObject({
    path: z.string().default('content/blog'),
    routeBasePath: z.string().default('/blog'),
    title: z.string().default('Blog'),
    description: z.string().default(''),
    postsPerPage: z.number().int().positive().default(10),
    /** Recent posts in the blog sidebar; 0 hides the sidebar, `'ALL'` lists every post (as in Docusaurus). */
    sidebarCount: z.union([z.number().int().min(0), z.literal('ALL')]).default(0),
    /**
     * `<blog>/authors`: the authors of authors.yml who wrote a post, with their counts, as
     * Docusaurus 3.5+ lists them (on by default for a Docusaurus 3 config). An author with `page:
     * true` in authors.yml gets a list of their posts at `<blog>/authors/<key>` either way.
     * @default false
     */
    authorsPage: z.boolean().default(false),
    sidebarTitle: z.string().default('Recent posts'),
    feedOptions: z.strictObject({
      type: z.enum(['rss', 'atom', 'all']).default('all'),
      title: z.string().optional(),
      description: z.string().optional(),
      copyright: z.string().default(''),
      /** The most recent posts a feed carries (as in Docusaurus 3); `false` or `null`: every post. */
      limit: z.union([z.number().int().positive(), z.literal(false), z.null()]).default(FEED_LIMIT),
    }).prefault({}),
  }).prefault({}),
  /**
   * Standalone pages, as Docusaurus's pages plugin makes them: every file of `path` matching
   * `include` and no `exclude` pattern is a route (`index` names its folder's route). React
   * components (`.tsx`, `.jsx`, `.ts`, `.js`, default export) render inside the site's layout;
   * Markdown files (`.md`) render as a page without a docs sidebar. No folder, no pages.
   */
  pages: z.strictObject({
    /** Folder of the pages, from the site root. @default 'src/pages' */
    path: z.string().default('src/pages'),
    /** Route the pages live under. @default '/' */
    routeBasePath: z.string().default('/'),
    /** Globs (relative to `path`) of the files that are pages. */
    include: z.array(z.string()).default(['**/*.{js,jsx,ts,tsx,md,mdx}']),
    /** Globs of files that are never pages: `_`-prefixed files and folders, tests (Docusaurus's defaults). */
    exclude: z.array(z.string()).default(['**/_*.{js,jsx,ts,tsx,md,mdx}', '**/_*/**', '**/*.test.{js,jsx,ts,tsx}', '**/__tests__/**']),
  }).prefault({}),
  markdown: markdownSchema,
  toc: z.strictObject({
    minHeadingLevel: z.number().int().min(2).max(6).default(2),
    maxHeadingLevel: z.number().int().min(2).max(6).default(3),
  }).prefault({}),
  search: z.discriminatedUnion('provider', [localSearch, hostedSearch]).prefault({ provider: 'local' }),
  onBrokenLinks: z.enum(['throw', 'warn', 'ignore']).default('throw'),
  onBrokenMarkdownLinks: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  /**
   * A link to a heading a page does not have (`/rules#no-such-heading`): as Docusaurus's
   * `onBrokenAnchors`. Unset, such links follow `onBrokenLinks`.
   */
  onBrokenAnchors: z.enum(['throw', 'warn', 'ignore']).optional(),
  onDuplicateRoutes: z.enum(['throw', 'warn', 'ignore']).default('warn'),
  /**
   * A broken link of a plain `<a>` in a React page of the pages folder (not a `<Link>`, which
   * Docusaurus's link check sees, nor Markdown). Unset, such links follow `onBrokenLinks`. A
   * Docusaurus config sets `warn`: Docusaurus does not check them at all.
   */
  onBrokenPlainLinks: z.enum(['throw', 'warn', 'ignore']).optional(),
  /**
   * A front-matter date the calendar does not have (`date: 2017-02-29`), which is read rolled
   * over (`2017-03-01`), as Docusaurus reads it: `throw` fails the build, `warn` reports it.
   * A Docusaurus config sets `warn`, since Docusaurus builds such files silently.
   */
  onImpossibleDates: z.enum(['throw', 'warn', 'ignore']).default('throw'),
  /**
   * Folders outside the site folder that content may reach through symbolic links (in the docs,
   * blog and pages folders, the sidebars, authors and data files, images), relative to the site
   * root or absolute: `['../shared-docs']`. Anything else outside is refused (`content/outside-site`).
   * @default []
   */
  allowedOutsideFolders: z.array(z.string().min(1)).default([]),
  /**
   * Folders whose files are published at the site's root, from the site root (Docusaurus's
   * `staticDirectories`): `public/img/logo.svg` is served as `/img/logo.svg`. A file in a later
   * folder replaces one of the same name in an earlier one.
   * @default ['public']
   */
  staticDirectories: z.array(z.string().min(1)).min(1).default(['public']),
  /** Free data for MDX components (Docusaurus's `siteConfig.customFields`, read with `useDocusaurusContext()`). @default {} */
  customFields: z.record(z.string(), z.unknown()).default({}),
});

/** The configuration as written in `site.config.ts`. */
export type SiteConfigInput = z.input<typeof siteConfigSchema>;
/** The configuration after defaults are applied. */
export type SiteConfig = z.output<typeof siteConfigSchema>;
/** A navbar or footer link. */
export type LinkItem = z.output<typeof linkItem>;
