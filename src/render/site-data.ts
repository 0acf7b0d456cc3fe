import type { DocVersion } from '../content/doc-versions.ts';
import type { LinkItem, SiteConfig } from '../config/schema.ts';
import type { LogoFile, LogoSvgs } from '../content/load-logos.ts';
import type { PostSource, SidebarItem, SiteData } from '../model.ts';
import type { NavbarItem } from '../navbar-model.ts';
import { LOGO_HEIGHT, PAGE_DATA_FILES_UP_TO } from '../page-model.ts';
import { flattenSidebar } from '../routes/build-sidebar.ts';
import { joinRoute } from '../util/routes.ts';
import { linkedStylesheets } from './katex-stylesheet.ts';

/** Where navbar and footer items of the docs lead (src/site/shell-phase.ts). */
interface DocTargets {
  /** Each doc's route in its instance's last version: by id, `<instance>:<id>` for `docsInstances`' docs. */
  docRoutes?: ReadonlyMap<string, string>;
  /** Each docs instance's last version's key (`DocVersion.key`), by instance id. */
  lastVersions?: ReadonlyMap<string, string>;
}

function link(item: LinkItem, sidebars: Record<string, SidebarItem[]> = {}, targets: DocTargets = {}): { label: string; href: string; external: boolean; activeBasePath?: string } {
  // A `docSidebar` item: the sidebar's first page in the last version; a `doc` item: the doc's
  // route (its slug, its folder's) there. Sidebars other than the default docs' current
  // version's are `<key>/<name>`, and another instance's docs `<id>:<doc id>`.
  const { docRoutes, lastVersions } = targets;
  const instance = item.docsPluginId && item.docsPluginId !== 'default' ? item.docsPluginId : undefined;
  const key = lastVersions?.get(instance ?? 'default') ?? (instance ?? 'current');
  const sidebar = item.sidebarId && (key === 'current' ? item.sidebarId : `${key}/${item.sidebarId}`);
  const first = sidebar && sidebars[sidebar] ? flattenSidebar(sidebars[sidebar])[0]?.href : undefined;
  const doc = item.docId ? docRoutes?.get(instance ? `${instance}:${item.docId}` : item.docId) : undefined;
  if (first ?? doc) return { label: item.label, href: (first ?? doc)!, external: false, activeBasePath: item.activeBasePath };
  return item.to
    ? { label: item.label, href: item.to, external: false, activeBasePath: item.activeBasePath }
    : { label: item.label, href: item.href!, external: true };
}

/** A navbar item of the config as pages carry it: a link, HTML, or a menu of links. */
function navbarItem(item: SiteConfig['navbar']['items'][number], sidebars: Record<string, SidebarItem[]>, targets: DocTargets): NavbarItem {
  if ('type' in item && item.type === 'html') return { html: item.value };
  if ('type' in item && item.type === 'dropdown') return { label: item.label, items: item.items.map((child) => link(child, sidebars, targets)) };
  return link(item as LinkItem, sidebars, targets);
}

/**
 * Where the navbar brand links: `/` when it is a page (then left out of the data), else the docs
 * home, else the first docs page, else nowhere (`null`: the brand is not a link). A site whose
 * docs live under `/docs` with no landing page must not link its logo to a 404.
 */
function brandHref(options: { config: SiteConfig; routes: ReadonlySet<string>; sidebar: SidebarItem[] | undefined }): { brandHref?: string | null } {
  const { config, routes, sidebar = [] } = options;
  if (routes.has('/')) return {};
  const docsHome = joinRoute(config.docs.routeBasePath);
  if (routes.has(docsHome)) return { brandHref: docsHome };
  const first = flattenSidebar(sidebar).find((link) => link.own)?.href;
  return { brandHref: first && routes.has(first) ? first : null };
}

/**
 * The site-wide data the theme's chrome needs, derived from config and content. On big sites a
 * sidebar is a skeleton and `sidebarUrls` has the file with the whole of it (see splitSidebar);
 * a sidebar with a URL in `sidebarSkeletonUrls` is left out of the data, pages carry their part.
 */
export function createSiteData(options: {
  config: SiteConfig; sidebars: Record<string, SidebarItem[]>; sidebarUrls?: Record<string, string>; sidebarSkeletonUrls?: Record<string, string>; posts: PostSource[];
  /** Every route the site has: the navbar brand links only to one that exists. */
  routes: ReadonlySet<string>;
  /** The logo's files made fit to inline (loadLogoSvgs); the others stay images. */
  logos?: LogoSvgs;
  /** Each doc's route by its id (the last version's): navbar and footer items of `type: 'doc'` lead there. */
  docRoutes?: ReadonlyMap<string, string>;
  /** Each docs instance's last version's key: navbar and footer items of `type: 'docSidebar'` lead into its sidebars. */
  lastVersions?: ReadonlyMap<string, string>;
  /** The site's locales, when it is built in several (`i18n`), and the one being built. */
  locales?: { list: readonly { name: string; label: string; baseUrl: string }[]; current: string };
  /** The docs' versions, newest first, each with its first page (doc-version-pages.ts). @default the docs folder alone, no badge */
  docVersions?: { versions: readonly DocVersion[]; main: ReadonlyMap<string, string> };
}): SiteData {
  const pageDataFiles = options.routes.size <= PAGE_DATA_FILES_UP_TO;
  const { config, sidebars, sidebarUrls, sidebarSkeletonUrls, posts, routes, logos } = options;
  const search = config.search;
  return {
    pageDataFiles,
    title: config.title,
    baseUrl: config.baseUrl,
    tagline: config.tagline,
    locale: config.locale,
    direction: config.direction,
    navbar: {
      title: config.navbar.title,
      logo: config.navbar.logo && withInlineLogo(config.navbar.logo, logos),
      hideOnScroll: config.navbar.hideOnScroll,
      items: config.navbar.items.flatMap((item): NavbarItem[] => ('type' in item && item.type === 'localeDropdown' ? (options.locales && options.locales.list.length > 1 ? [{ localeMenu: true }] : [])
        : [navbarItem(item, sidebars, options)])),
      ...(config.navbar.versionMenu && (options.docVersions?.versions.length ?? 0) > 1 ? { versionMenu: { itemsAfter: config.navbar.versionMenu.itemsAfter.map((item) => link(item)) } } : {}),
      iconLinks: config.navbar.iconLinks,
      ...brandHref({ config, routes, sidebar: Object.values(sidebars)[0] }),
    },
    footer: {
      links: config.footer.links.map((g) => ({ title: g.title, items: g.items.map((item) => ('html' in item ? { html: item.html } : link(item, sidebars, options))) })),
      copyright: config.footer.copyright,
    },
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    sidebars: Object.fromEntries(Object.entries(sidebars).filter(([name]) => !sidebarSkeletonUrls?.[name])),
    ...(sidebarUrls && Object.keys(sidebarUrls).length ? { sidebarUrls } : {}),
    ...(sidebarSkeletonUrls && Object.keys(sidebarSkeletonUrls).length ? { sidebarSkeletonUrls } : {}),
    blogSidebar: {
      title: config.blog.sidebarTitle,
      posts: (config.blog.sidebarCount === 'ALL' ? posts : posts.slice(0, config.blog.sidebarCount)).map((p) => ({ title: p.title, route: p.route })),
    },
    ...versionData(options.docVersions),
    ...(config.docs.autoCollapseCategories ? { sidebarAutoCollapse: true as const } : {}),
    ...(options.locales && options.locales.list.length > 1 ? { locales: { list: options.locales.list.map(({ name, label, baseUrl }) => ({ name, label, baseUrl })), current: options.locales.current } } : {}),
    search: {
      provider: search.provider,
      searchPagePath: joinRoute(search.searchPagePath).slice(1),
      contextualSearch: search.contextualSearch,
      ...((options.docVersions?.versions.length ?? 0) > 1
        ? { docsVersions: { names: options.docVersions!.versions.map((v) => v.name), last: options.docVersions!.versions.find((v) => v.isLast)?.name ?? options.docVersions!.versions[0].name } }
        : {}),
      hosted: search.provider === 'hosted'
        ? { appId: search.appId, apiKey: search.apiKey, indexName: search.indexName, host: search.host ?? `https://${search.appId}-dsn.algolia.net` }
        : undefined,
    },
    issuesUrl: config.repoUrl ? `${config.repoUrl.replace(/\/$/, '')}/issues` : undefined,
    pageStylesheets: config.stylesheets.length ? linkedStylesheets(config) : undefined,
  };
}

/**
 * The logo with its files' paths from the site's root (Docusaurus's `img/logo.svg` is
 * `/img/logo.svg`, as `useBaseUrl` reads it), the markup of each file that can be inlined, and
 * the width each has at the navbar's 32 px height (Docusaurus sizes the logo by its height too),
 * where the file says its shape: a wordmark is not squeezed into a square.
 */
function withInlineLogo(logo: NonNullable<SiteConfig['navbar']['logo']>, logos: LogoSvgs | undefined): NonNullable<SiteData['navbar']['logo']> {
  const rooted = (src: string) => (/^(?:[a-z][a-z\d+.-]*:|\/)/i.test(src) ? src : `/${src}`);
  const width = (file: LogoFile | undefined) => (file?.aspectRatio ? Math.max(1, Math.round(LOGO_HEIGHT * file.aspectRatio)) : undefined);
  const light = logos?.light;
  const dark = logo.srcDark ? logos?.dark : undefined;
  const [widthLight, widthDark] = [width(light), width(dark)];
  return {
    ...logo, src: rooted(logo.src), ...(logo.srcDark ? { srcDark: rooted(logo.srcDark) } : {}),
    ...(light?.svg ? { svg: light.svg } : {}), ...(dark?.svg ? { svgDark: dark.svg } : {}),
    ...(widthLight && widthLight !== LOGO_HEIGHT ? { width: widthLight } : {}),
    ...(widthDark && widthDark !== LOGO_HEIGHT ? { widthDark } : {}),
  };
}

/** The version badge of a one-version site that asks for it, or a several-version site's list. */
function versionData(given: { versions: readonly DocVersion[]; main: ReadonlyMap<string, string> } | undefined): Pick<SiteData, 'versionBadge' | 'docVersions'> {
  if (!given) return {};
  const { versions, main } = given;
  if (versions.length === 1) return versions[0].badge ? { versionBadge: versions[0].label } : {};
  return { docVersions: versions.map((v) => ({ name: v.name, label: v.label, href: main.get(v.name) ?? v.route, isLast: v.isLast })) };
}
