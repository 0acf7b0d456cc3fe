/**
 * The docs version of each doc and category page of a site with several (src/content/
 * doc-versions.ts): what its badge and banner say, where the latest version's page is, and the
 * same doc in the other versions (the navbar's version menu leads there). A site with one
 * version is left as it is (its badge, if any, is the site's: `SiteData.versionBadge`).
 */
import { CURRENT_VERSION, type DocVersion } from '../content/doc-versions.ts';
import type { DocPageVersion } from '../page-model.ts';
import type { DocSource, SidebarItem } from '../model.ts';
import { flattenSidebar } from './build-sidebar.ts';
import type { PlannedPage } from './planned-page.ts';

/** Each version's first page: its first sidebar's first link, else its first doc, else its route. */
export function versionMainRoutes(versions: readonly DocVersion[], docs: readonly Pick<DocSource, 'route' | 'version'>[], sidebars: Record<string, SidebarItem[]>): Map<string, string> {
  const main = new Map<string, string>();
  for (const version of versions) {
    const own = Object.entries(sidebars).find(([name]) => sidebarVersion(name, versions) === version.name);
    const first = own && flattenSidebar(own[1])[0]?.href;
    main.set(version.name, first ?? docs.find((d) => (d.version ?? CURRENT_VERSION) === version.name)?.route ?? version.route);
  }
  return main;
}

/** The version a sidebar belongs to: `<version>/<name>` for a released version, the current one otherwise. */
function sidebarVersion(name: string, versions: readonly DocVersion[]): string {
  const at = name.indexOf('/');
  const prefix = at === -1 ? undefined : name.slice(0, at);
  return prefix && versions.some((v) => v.name === prefix) ? prefix : CURRENT_VERSION;
}

/** `pages` with each doc and category page's `version` set (a new page object for each). */
export function withDocVersions(pages: PlannedPage[], options: {
  versions: readonly DocVersion[];
  docs: readonly Pick<DocSource, 'id' | 'route' | 'version'>[];
  sidebars: Record<string, SidebarItem[]>;
}): PlannedPage[] {
  const { versions, docs } = options;
  if (versions.length <= 1) return pages;
  const last = versions.find((v) => v.isLast);
  const main = versionMainRoutes(versions, docs, options.sidebars);
  const byRoute = new Map(docs.map((d) => [d.route, d]));
  // The same doc id in each version.
  const routesById = new Map<string, Map<string, string>>();
  for (const d of docs) {
    const name = d.version ?? CURRENT_VERSION;
    if (!routesById.has(d.id)) routesById.set(d.id, new Map());
    routesById.get(d.id)!.set(name, d.route);
  }
  // Longest route first: `/docs/next/x` is the current version's, not the last's at `/docs`.
  const byPrefix = [...versions].sort((a, b) => b.route.length - a.route.length);
  const versionOf = (route: string) => byPrefix.find((v) => route === v.route || route.startsWith(v.route === '/' ? '/' : `${v.route}/`));
  return pages.map((planned) => {
    const { page } = planned;
    if (page.type !== 'doc' && page.type !== 'category') return planned;
    const doc = byRoute.get(page.route);
    const version = doc ? versions.find((v) => v.name === (doc.version ?? CURRENT_VERSION)) : versionOf(page.route);
    if (!version) return planned;
    const others = doc ? routesById.get(doc.id) : undefined;
    const alternates = others ? Object.fromEntries([...others].filter(([name]) => name !== version.name)) : {};
    const info: DocPageVersion = {
      name: version.name, label: version.label, badge: version.badge,
      ...(version.banner === 'none' ? {} : { banner: version.banner }),
      ...(last && last !== version ? { latest: { label: last.label, href: others?.get(last.name) ?? main.get(last.name)! } } : {}),
      ...(Object.keys(alternates).length ? { alternates } : {}),
    };
    // A version with `noIndex`: its pages ask search engines to leave them out, and the sitemap does.
    return { ...planned, page: { ...page, version: info, ...(version.noIndex ? { head: { ...page.head, noIndex: true } } : {}) } };
  });
}
