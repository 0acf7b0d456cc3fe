import type { LinkItem, SiteConfig } from '../config/schema.ts';
import type { PostSource, SidebarItem, SiteData } from '../model.ts';
import { joinRoute } from '../util/routes.ts';

function link(item: LinkItem): { label: string; href: string; external: boolean; activeBasePath?: string } {
  return item.to
    ? { label: item.label, href: item.to, external: false, activeBasePath: item.activeBasePath }
    : { label: item.label, href: item.href!, external: true };
}

/**
 * The site-wide data the theme's chrome needs, derived from config and content. On big sites
 * `sidebar` is the skeleton and `sidebarUrl` the file with the whole sidebar (see splitSidebar).
 */
export function createSiteData(options: { config: SiteConfig; sidebar: SidebarItem[]; sidebarUrl?: string; posts: PostSource[] }): SiteData {
  const { config, sidebar, sidebarUrl, posts } = options;
  const search = config.search;
  return {
    title: config.title,
    tagline: config.tagline,
    locale: config.locale,
    direction: config.direction,
    navbar: {
      title: config.navbar.title,
      logo: config.navbar.logo,
      hideOnScroll: config.navbar.hideOnScroll,
      items: config.navbar.items.map(link),
      iconLinks: config.navbar.iconLinks,
    },
    footer: {
      links: config.footer.links.map((g) => ({ title: g.title, items: g.items.map(link) })),
      copyright: config.footer.copyright,
    },
    announcementBar: config.announcementBar,
    colorMode: config.colorMode,
    sidebar,
    sidebarUrl,
    blogSidebar: {
      title: config.blog.sidebarTitle,
      posts: posts.slice(0, config.blog.sidebarCount).map((p) => ({ title: p.title, route: p.route })),
    },
    versionLabel: config.docs.versions.current?.label ?? 'Next',
    search: {
      provider: search.provider,
      searchPagePath: joinRoute(search.searchPagePath).slice(1),
      contextualSearch: search.contextualSearch,
      hosted: search.provider === 'hosted'
        ? { appId: search.appId, apiKey: search.apiKey, indexName: search.indexName, host: search.host ?? `https://${search.appId}-dsn.algolia.net` }
        : undefined,
    },
    issuesUrl: config.repoUrl ? `${config.repoUrl.replace(/\/$/, '')}/issues` : undefined,
    pageStylesheets: config.stylesheets.length ? config.stylesheets : undefined,
  };
}
