/**
 * The docs version of each doc and category page of a site with several (src/content/
 * doc-versions.ts): what its badge and banner say, where the latest version's page is, and the
 * same doc in the other versions (the navbar's version menu leads there). A site with one
 * version is left as it is (its badge, if any, is the site's: `SiteData.versionBadge`).
 */
import { CURRENT_VERSION, DEFAULT_INSTANCE, type DocVersion } from '../content/doc-versions.ts';
import type { DocPageVersion } from '../page-model.ts';
import type { DocSource, SidebarItem } from '../model.ts';
import { flattenSidebar } from './build-sidebar.ts';
import type { PlannedPage } from './planned-page.ts';

/** Each version's first page, by key: its first sidebar's first link, else its first doc, else its route. */
export function versionMainRoutes(versions: readonly DocVersion[], docs: readonly Pick<DocSource, 'route' | 'version'>[], sidebars: Record<string, SidebarItem[]>): Map<string, string> {
  const main = new Map<string, string>();
  for (const version of versions) {
    const own = Object.entries(sidebars).find(([name]) => sidebarVersion(name, versions) === version.key);
    const first = own && flattenSidebar(own[1])[0]?.href;
    main.set(version.key, first ?? docs.find((d) => (d.version ?? CURRENT_VERSION) === version.key)?.route ?? version.route);
  }
  return main;
}

/** The version (key) a sidebar belongs to: `<key>/<name>`, or the default instance's current version. */
function sidebarVersion(name: string, versions: readonly DocVersion[]): string {
  const at = name.indexOf('/');
  const prefix = at === -1 ? undefined : name.slice(0, at);
  return prefix && versions.some((v) => v.key === prefix) ? prefix : CURRENT_VERSION;
}

/**
 * `pages` with each doc and category page's `version` set (a new page object for each), where
 * its docs instance has several versions: banners, the latest version and the alternates are
 * the instance's own.
 */
export function withDocVersions(pages: PlannedPage[], options: {
  versions: readonly DocVersion[];
  docs: readonly Pick<DocSource, 'id' | 'route' | 'version'>[];
  sidebars: Record<string, SidebarItem[]>;
}): PlannedPage[] {
  const { versions, docs } = options;
  const perInstance = new Map<string, DocVersion[]>();
  for (const v of versions) perInstance.set(v.instance, [...(perInstance.get(v.instance) ?? []), v]);
  if (![...perInstance.values()].some((list) => list.length > 1)) return pages;
  const byKey = new Map(versions.map((v) => [v.key, v]));
  const main = versionMainRoutes(versions, docs, options.sidebars);
  const byRoute = new Map(docs.map((d) => [d.route, d]));
  // The same doc id in each version of its instance: instance → id → version name → route.
  const routesById = new Map<string, Map<string, string>>();
  for (const d of docs) {
    const version = byKey.get(d.version ?? CURRENT_VERSION);
    if (!version) continue;
    const id = `${version.instance}\0${d.id}`;
    if (!routesById.has(id)) routesById.set(id, new Map());
    routesById.get(id)!.set(version.name, d.route);
  }
  // Longest route first: `/docs/next/x` is the current version's, not the last's at `/docs`.
  const byPrefix = [...versions].sort((a, b) => b.route.length - a.route.length);
  const versionOf = (route: string) => byPrefix.find((v) => route === v.route || route.startsWith(v.route === '/' ? '/' : `${v.route}/`));
  return pages.map((planned) => {
    const { page } = planned;
    if (page.type !== 'doc' && page.type !== 'category') return planned;
    const doc = byRoute.get(page.route);
    const version = doc ? byKey.get(doc.version ?? CURRENT_VERSION) : versionOf(page.route);
    const siblings = version && perInstance.get(version.instance)!;
    if (!version || !siblings || siblings.length <= 1) return planned;
    const last = siblings.find((v) => v.isLast);
    const others = doc ? routesById.get(`${version.instance}\0${doc.id}`) : undefined;
    const alternates = others ? Object.fromEntries([...others].filter(([name]) => name !== version.name)) : {};
    const info: DocPageVersion = {
      name: version.name, label: version.label, badge: version.badge,
      ...(version.instance === DEFAULT_INSTANCE ? {} : { instance: version.instance }),
      ...(version.banner === 'none' ? {} : { banner: version.banner }),
      ...(last && last !== version ? { latest: { label: last.label, href: others?.get(last.name) ?? main.get(last.key)! } } : {}),
      ...(Object.keys(alternates).length ? { alternates } : {}),
    };
    // A version with `noIndex`: its pages ask search engines to leave them out, and the sitemap does.
    return { ...planned, page: { ...page, version: info, ...(version.noIndex ? { head: { ...page.head, noIndex: true } } : {}) } };
  });
}
