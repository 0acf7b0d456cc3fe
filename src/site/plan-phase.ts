import { withDocVersions } from '../routes/doc-version-pages.ts';
import { CURRENT_VERSION } from '../content/doc-versions.ts';
import { planPages, type PlanMemo } from '../routes/plan-pages.ts';
import { splitSidebar } from '../routes/prune-sidebar.ts';
import { planStandalonePages, type RenderedReactPage } from '../routes/plan-react-pages.ts';
import { siteSidebars } from '../routes/resolve-sidebars.ts';
import type { Site } from './load-site.ts';
import type { SidebarItem } from '../model.ts';
import type { RenderedMarkdown } from './markdown-phase.ts';
import type { RenderContext, Splits } from './render-context.ts';

/** What the sidebar phase makes: every sidebar, the pages it adds (categories), and how each is split into files. */
export interface SiteSidebars {
  /** What they were made from besides the docs (config, categories, the sidebars file). */
  key: string;
  /** The docs they were made from (compared by name and place only: see sameSidebarPlaces). */
  docs: Site['docs'];
  value: ReturnType<typeof siteSidebars>;
  /** Big sites inline a skeleton plus each page's branch; each whole sidebar is one file (see splitSidebar). */
  splits: Splits;
}

/** The planned pages: every route with its page data (see planPages). */
export type SitePlan = ReturnType<typeof planPages>;

/**
 * The sidebars, with their splits. The sidebars depend on docs' names and places, not their
 * bodies: most edits leave them as they were, and a session reuses the last render's (`kept`)
 * then (the same split objects hand every page the very same branch arrays, so comparing page
 * data stays cheap).
 */
export function planSidebars(ctx: Pick<RenderContext, 'site' | 'config'>, md: RenderedMarkdown, kept?: SiteSidebars): SiteSidebars {
  const { site, config } = ctx;
  const key = JSON.stringify([config.docs.sidebarInlineLimit, config.docs.sidebarId, config.docs.routeBasePath, site.categories, site.sidebars?.text, site.docVersions.map((v) => [v.key, v.route, v.sidebarId, v.sidebars?.text])]);
  if (kept?.key === key && sameSidebarPlaces(kept.docs, site.docs)) return kept;
  const value = versionedSidebars(site, md.docs);
  const splits: Splits = Object.fromEntries(Object.entries(value.sidebars).map(([name, items]) => [name, splitSidebar({ sidebar: items, limit: config.docs.sidebarInlineLimit })]));
  return { key, docs: site.docs, value, splits };
}

/**
 * The sidebars of each docs version of each instance (src/content/doc-versions.ts): the
 * version's own sidebars file, or one generated from its folder, over its own docs and
 * categories, under its route. The default instance's current version's sidebars keep their
 * names; another's are `<key>/<name>` (`1.0/docs`, `community/main`, `community@2024/main`).
 */
function versionedSidebars(site: Site, docs: RenderedMarkdown['docs']): ReturnType<typeof siteSidebars> {
  if (site.docVersions.length <= 1) {
    const only = site.docVersions[0];
    const made = siteSidebars({ source: site.sidebars, docs, categories: site.categories, routeBasePath: only?.route ?? site.config.docs.routeBasePath, sidebarId: only?.sidebarId ?? site.config.docs.sidebarId });
    return { ...made, pages: translateCategoryPages(made.pages, only?.sidebarTranslations), sidebars: translateSidebars(made.sidebars, only?.sidebarTranslations) };
  }
  const made = site.docVersions.map((version) => {
    const own = siteSidebars({
      source: version.sidebars, docs: docs.filter((d) => d.version === version.key), categories: site.categories.filter((c) => c.version === version.key),
      routeBasePath: version.route, sidebarId: version.sidebarId,
    });
    const name = (n: string) => (version.key === CURRENT_VERSION ? n : `${version.key}/${n}`);
    // A generated index's slug is under its version's route, not the default docs' (plan-pages.ts).
    const pages = own.pages.map((c) => (c.link?.type === 'generated-index' ? { ...c, link: { ...c.link, base: version.route } } : c));
    const translated = translateSidebars(own.sidebars, version.sidebarTranslations);
    const titled = translateCategoryPages(pages, version.sidebarTranslations);
    return { ...own, pages: titled, sidebars: Object.fromEntries(Object.entries(translated).map(([n, items]) => [name(n), items])) };
  });
  return {
    sidebars: Object.assign({}, ...made.map((m) => m.sidebars)) as Record<string, SidebarItem[]>,
    pages: made.flatMap((m) => m.pages),
    diagnostics: made.flatMap((m) => m.diagnostics),
  };
}

/**
 * A locale's sidebar labels (`current.json`, Docusaurus's keys): `sidebar.<name>.category.<label>`
 * for a category, `sidebar.<name>.doc.<label>` and `sidebar.<name>.link.<label>` for the others.
 */
function translateSidebars(sidebars: Record<string, SidebarItem[]>, messages: Record<string, string> | undefined): Record<string, SidebarItem[]> {
  if (!messages) return sidebars;
  const walk = (name: string, items: SidebarItem[]): SidebarItem[] => items.map((item) => {
    if (item.type === 'category') return { ...item, label: messages[`sidebar.${name}.category.${item.label}`] ?? item.label, items: walk(name, item.items) };
    if (item.type === 'link') return { ...item, label: messages[`sidebar.${name}.${item.docId ? 'doc' : 'link'}.${item.label}`] ?? item.label };
    return item;
  });
  return Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, walk(name, items)]));
}

/**
 * A locale's titles and descriptions of generated category pages: `sidebar.<name>.category.<label>
 * .link.generated-index.title` (and `.description`), else the category's translated label when
 * the title was the label.
 */
function translateCategoryPages<C extends { label: string; link?: { type: string; title?: string; description?: string } }>(pages: C[], messages: Record<string, string> | undefined): C[] {
  if (!messages) return pages;
  const find = (suffix: string) => Object.entries(messages).find(([key]) => /^sidebar\.[^.]+\.category\./.test(key) && key.replace(/^sidebar\.[^.]+\.category\./, '') === suffix)?.[1];
  return pages.map((c) => {
    if (c.link?.type !== 'generated-index') return c;
    const label = find(c.label);
    const title = find(`${c.label}.link.generated-index.title`) ?? (c.link.title === c.label ? label : undefined);
    const description = find(`${c.label}.link.generated-index.description`);
    return title || description || label ? { ...c, ...(label ? { label } : {}), link: { ...c.link, ...(title ? { title } : {}), ...(description ? { description } : {}) } } : c;
  });
}

/**
 * Every page's route and data (`reactPages`: the pages folder's React pages, rendered). A
 * session plans again only the docs whose inputs changed (its plan `memo`). Its diagnostics are
 * the plan's own (`diagnostics`): renderSite fails on them, rendering nothing from a broken plan.
 */
export function planRoutes(ctx: Pick<RenderContext, 'site' | 'config'>, md: RenderedMarkdown, sidebars: SiteSidebars, reactPages: RenderedReactPage[] = [], memo?: PlanMemo): SitePlan {
  const { config } = ctx;
  const { value: nav, splits } = sidebars;
  const standalone = planStandalonePages({ config, react: reactPages, markdown: md.pages });
  const plan = planPages({ config, docs: md.docs, categories: nav.pages, posts: md.posts, blog: ctx.site.hasBlog, sidebars: nav.sidebars, splits, memo, standalone });
  // Several docs versions: each doc and category page says which it is (its badge and banner).
  return { ...plan, pages: withDocVersions(plan.pages, { versions: ctx.site.docVersions, docs: md.docs, sidebars: nav.sidebars }) };
}

/**
 * Whether every doc has the name and place in the sidebars it had: an unchanged doc is the same
 * object (reloadSite keeps them), so only the edited ones are compared field by field.
 */
function sameSidebarPlaces(before: Site['docs'], docs: Site['docs']): boolean {
  if (before.length !== docs.length) return false;
  return docs.every((b, i) => {
    const a = before[i];
    return a === b || (a.file === b.file && a.id === b.id && a.route === b.route && a.sidebarLabel === b.sidebarLabel && a.sidebarPosition === b.sidebarPosition);
  });
}
