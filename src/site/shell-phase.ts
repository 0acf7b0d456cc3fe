import { CURRENT_VERSION, DEFAULT_INSTANCE, type DocVersion } from '../content/doc-versions.ts';
import type { DocSource } from '../model.ts';
import { versionMainRoutes } from '../routes/doc-version-pages.ts';
import { PAGE_TYPES } from '../page-model.ts';
import { fontsToMatch } from '../render/font-stacks.ts';
import { createHeadScript } from '../render/head-script.ts';
import type { PageShell } from '../render/render-pages.ts';
import { expandAnnouncementFacts } from '../render/announcement-facts.ts';
import { createSiteData } from '../render/site-data.ts';
import { chunkFile, type ChunkFile } from '../util/chunk-file.ts';
import { publicUrl } from '../util/public-url.ts';
import { feedPaths } from '../util/routes.ts';
import type { Bundles } from './bundle-phase.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { SitePlan, SiteSidebars } from './plan-phase.ts';
import type { RenderContext } from './render-context.ts';

/** What the shell phase makes: what every page shares, the head script's hash (for `_headers`) and the site data's file. */
export interface SiteShell { shell: PageShell; headScriptHash: string; siteFile: ChunkFile }

/** What every page shares: the site data (and its file), the theme, the head script and the assets. */
export function createShell(ctx: Pick<RenderContext, 'config' | 'site'>, made: {
  md: RenderedMarkdown; plan: SitePlan; sidebars: SiteSidebars; bundles: Bundles;
  /** Each MDX page's island script by its key (islands-phase.ts). */
  islands?: Record<string, string>;
  /** The mermaid script (`markdown.mermaid`, islands-phase.ts). */
  mermaid?: string;
}): SiteShell {
  const { config } = ctx;
  const { md, plan, bundles: { theme, client } } = made;
  const { value: { sidebars }, splits } = made.sidebars;
  // The bar may show facts from content/data (`:fact[…]`), written out here like a page's.
  const defaultVersions = ctx.site.docVersions.filter((v) => v.instance === DEFAULT_INSTANCE);
  const announcementBar = expandAnnouncementFacts({ fence: ctx.site.fence, bar: config.announcementBar });
  const siteData = createSiteData({
    config: announcementBar === config.announcementBar ? config : { ...config, announcementBar }, posts: md.posts, routes: new Set(plan.pages.map((p) => p.page.route)), logos: ctx.site.logos,
    sidebars: Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, splits[name]?.skeleton ?? items])),
    sidebarUrls: Object.fromEntries(Object.entries(splits).flatMap(([name, split]) => (split ? [[name, split.file.url]] : []))),
    sidebarSkeletonUrls: Object.fromEntries(Object.entries(splits).flatMap(([name, split]) => (split?.skeletonFile ? [[name, split.skeletonFile.url]] : []))),
    // The version menu and contextual search are the default docs instance's.
    docVersions: { versions: defaultVersions, main: versionMainRoutes(defaultVersions, ctx.site.docs, sidebars) },
    docRoutes: lastVersionDocRoutes(ctx.site.docVersions, md.docs),
    locales: { list: ctx.site.locales, current: ctx.site.locale.name },
    lastVersions: new Map(ctx.site.docVersions.filter((v) => v.isLast).map((v) => [v.instance, ctx.site.docVersions.length > 1 ? v.key : CURRENT_VERSION])),
  });
  const toUrl = (p: string) => publicUrl({ baseUrl: config.baseUrl, path: p });
  // The theme's stylesheet, then the site's: the last to declare a font stack sets it.
  const stylesheets = [client.files.find((f) => `/${f.path}` === client.stylesheet), made.bundles.customCss?.stylesheet]
    .flatMap((file) => (file ? [Buffer.from(file.contents).toString('utf8')] : []));
  const headScript = createHeadScript(config, { entry: toUrl(client.script), fonts: fontsToMatch(stylesheets) });
  const feeds = md.posts.length ? feedPaths(config) : {};
  const preload = Object.fromEntries(PAGE_TYPES.map((type) => [type, [
    ...client.preload.common, ...client.preload.modules[theme.pageModuleFile(type) ?? ''] ?? [],
  ].map(toUrl)]));
  const siteFile = chunkFile('site', JSON.stringify(siteData));
  const pageScripts = {
    tabs: toUrl(client.pageScripts.tabs), islands: Object.fromEntries(Object.entries(made.islands ?? {}).map(([key, url]) => [key, toUrl(url)])),
    ...(made.mermaid ? { mermaid: toUrl(made.mermaid) } : {}),
  };
  const siteStylesheet = made.bundles.customCss?.stylesheet && `/${made.bundles.customCss.stylesheet.path}`;
  const locales = ctx.site.locales.length > 1 ? ctx.site.locales : undefined;
  const alternates = locales?.map((l) => ({ hreflang: l.htmlLang, baseUrl: l.baseUrl }));
  const assets = { ...(alternates ? { alternates } : {}), script: client.script, stylesheet: client.stylesheet, ...(siteStylesheet ? { siteStylesheet } : {}), pageStylesheets: client.pageStylesheets, headScript: headScript.code, preload, pageScripts, feeds, siteData: siteFile.url };
  const shell: PageShell = { siteData, renderApp: theme.renderApp, themeId: theme.id, assets };
  return { shell, headScriptHash: headScript.hash, siteFile };
}

/**
 * Each doc's route in its instance's last version, by id (`intro`), and by `<instance>:<id>` for
 * the docs of `docsInstances` (`community:intro`): where navbar and footer items of `type: 'doc'`
 * lead (src/render/site-data.ts).
 */
function lastVersionDocRoutes(versions: readonly DocVersion[], docs: readonly Pick<DocSource, 'id' | 'route' | 'version'>[]): Map<string, string> {
  const routes = new Map<string, string>();
  for (const version of versions.filter((v) => v.isLast)) {
    const own = versions.length > 1 ? docs.filter((d) => d.version === version.key) : docs;
    for (const d of own) routes.set(version.instance === DEFAULT_INSTANCE ? d.id : `${version.instance}:${d.id}`, d.route);
  }
  return routes;
}
