import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CategoryMeta, DocSource, NavLink, PostSource, SidebarBranches, SidebarItem } from '../model.ts';
import { deepEqual } from '../util/deep-equal.ts';
import { joinRoute } from '../util/routes.ts';
import { flattenSidebar, indexSidebar, type SidebarIndex } from './build-sidebar.ts';
import type { SidebarSplit, SidebarState } from './prune-sidebar.ts';
import { planBlog } from './plan-blog.ts';
import { dropUnsafeRoutes } from './route-safety.ts';
import { pageTitle, type PlannedPage, type Rendered } from './planned-page.ts';

export { anchorLinksTo, tagSlug } from './plan-blog.ts';
export { pageTitle, readingTime, type PlannedPage, type Rendered } from './planned-page.ts';

/**
 * Turns content into the complete route table of the site: docs, generated category indexes,
 * blog lists, posts, archive, tag pages (only when some post has tags), the pages folder's
 * pages, search and 404.
 * Duplicate routes are reported naming both sources; the first one wins.
 */
export function planPages(options: {
  config: SiteConfig;
  docs: Rendered<DocSource>[];
  categories: CategoryMeta[];
  posts: Rendered<PostSource>[];
  /** `false` when the site has no blog folder: no blog pages at all. */
  blog?: boolean;
  /** The full sidebars by name: breadcrumbs and previous/next follow them even when pages inline less. */
  sidebars: Record<string, SidebarItem[]>;
  /** On big sites, the split sidebars: doc and category pages then carry their branches. */
  splits?: Record<string, SidebarSplit | undefined>;
  /** Dev: what the previous plan made, reused for what did not change (see createPlanMemo). */
  memo?: PlanMemo;
  /** The pages folder's pages (planStandalonePages): after docs and blog, so a clash names the doc or post as the route's owner. */
  standalone?: PlannedPage[];
}): { pages: PlannedPage[]; diagnostics: Diagnostic[] } {
  const { config, docs, categories, posts, sidebars, splits, memo } = options;
  const nav = memo?.nav?.sidebars === sidebars && memo.nav.splits === splits ? memo.nav.value : sidebarNav({ sidebars, splits });
  if (memo) memo.nav = { sidebars, splits, value: nav };
  // Breadcrumbs start at "Home" only when the docs home is a page (Docusaurus omits it otherwise).
  const home = joinRoute(config.docs.routeBasePath);
  const hasHome = docs.some((d) => d.route === home)
    || categories.some((c) => c.link?.type === 'generated-index' && joinRoute(c.link.base ?? config.docs.routeBasePath, c.link.slug) === home);
  const crumbs = { config, home: hasHome ? home : undefined };
  const planned: PlannedPage[] = [
    ...planDocs({ config, docs, nav, crumbs, memo }),
    ...planCategoriesMemo({ config, categories, docs, nav, crumbs, memo }),
    ...(options.blog === false ? [] : planBlogMemo({ config, posts, memo })),
    ...(options.standalone ?? []),
    { source: 'theme', page: { type: 'search', route: joinRoute(config.search.searchPagePath), title: 'Search', head: { title: pageTitle(config, 'Search'), description: `Search the ${config.title} documentation and blog.` } } },
    { source: 'theme', page: { type: 'not-found', route: '/404', title: 'Page not found', head: { title: pageTitle(config, 'Page not found'), description: 'The page you were looking for does not exist.', noIndex: true } } },
  ];
  const safe = dropUnsafeRoutes(planned);
  const unique = dedupe({ planned: safe.pages, severity: config.onDuplicateRoutes });
  return { pages: unique.pages, diagnostics: [...safe.diagnostics, ...unique.diagnostics] };
}

function dedupe(options: { planned: PlannedPage[]; severity: SiteConfig['onDuplicateRoutes'] }): { pages: PlannedPage[]; diagnostics: Diagnostic[] } {
  const seen = new Map<string, PlannedPage>();
  const diagnostics: Diagnostic[] = [];
  for (const p of options.planned) {
    const first = seen.get(p.page.route);
    if (!first) {
      seen.set(p.page.route, p);
      continue;
    }
    if (options.severity !== 'ignore') {
      diagnostics.push({
        file: p.source, line: p.line, severity: options.severity === 'throw' ? 'error' : 'warning', ruleId: 'routes/duplicate',
        message: `Cannot create route \`${p.page.route}\` twice: \`${first.source}\` already uses it; this page is skipped`,
        hint: 'Give one of the two a different `slug` in its front matter (setting: `onDuplicateRoutes`).',
      });
    }
  }
  return { pages: [...seen.values()], diagnostics };
}

/** Which sidebar each page shows, and that sidebar's index and split. */
interface SidebarNav {
  /** The sidebar a route shows: the first (in the file's order) whose own pages include it. */
  of(route: string): { name: string; index: SidebarIndex; split?: SidebarSplit } | undefined;
}

function sidebarNav(options: { sidebars: Record<string, SidebarItem[]>; splits?: Record<string, SidebarSplit | undefined> }): SidebarNav {
  const entries = Object.entries(options.sidebars).map(([name, items]) => ({ name, index: indexSidebar(items), split: options.splits?.[name] }));
  const byRoute = new Map<string, (typeof entries)[number]>();
  for (const entry of entries) {
    for (const route of entry.index.position.keys()) if (!byRoute.has(route)) byRoute.set(route, entry);
  }
  return { of: (route) => byRoute.get(route) };
}

/** What every breadcrumb trail needs: the page's sidebar index and the docs home, when it is a page. */
interface CrumbContext { config: SiteConfig; nav: SidebarIndex | undefined; home: string | undefined }

/**
 * What dev keeps from one plan for the next: the sidebar index, and each doc's planned page by
 * its rendered Markdown. A doc whose source fields, Markdown result, sidebars and config are the
 * very same objects gets the very same page back, so comparing its data with the last render's
 * stops at identity (10,000 docs re-planned and compared after every edit cost ~150 ms).
 */
export interface PlanMemo {
  nav?: { sidebars: Record<string, SidebarItem[]>; splits?: Record<string, SidebarSplit | undefined>; value: SidebarNav };
  docs: WeakMap<object, { doc: Rendered<DocSource>; nav: SidebarNav; config: SiteConfig; home?: string; planned: PlannedPage }>;
  /** The blog's pages and what they were made from. */
  blog?: { config: SiteConfig; posts: Rendered<PostSource>[]; planned: PlannedPage[] };
  /** The category pages and what they were made from (they read docs' routes and descriptions only). */
  categories?: { categories: CategoryMeta[]; docs: Rendered<DocSource>[]; nav: SidebarNav; config: SiteConfig; home?: string; planned: PlannedPage[] };
}

export function createPlanMemo(): PlanMemo {
  return { docs: new WeakMap() };
}

function planDocs(options: { config: SiteConfig; docs: Rendered<DocSource>[]; nav: SidebarNav; crumbs: Omit<CrumbContext, 'nav'>; memo?: PlanMemo }): PlannedPage[] {
  const { config, docs, nav, crumbs, memo } = options;
  return docs.map((doc) => {
    const last = memo?.docs.get(doc.md);
    if (last && last.nav === nav && last.config === config && last.home === crumbs.home && deepEqual(last.doc, doc)) return last.planned;
    const planned = planDoc({ config, doc, nav, crumbs });
    memo?.docs.set(doc.md, { doc, nav, config, home: crumbs.home, planned });
    return planned;
  });
}

function planDoc(options: { config: SiteConfig; doc: Rendered<DocSource>; nav: SidebarNav; crumbs: Omit<CrumbContext, 'nav'> }): PlannedPage {
  const { config, doc, nav, crumbs } = options;
  const isHome = doc.route === joinRoute(config.docs.routeBasePath);
  const sidebar = nav.of(doc.route);
  const order = sidebar?.index.order ?? [];
  const index = sidebar?.index.position.get(doc.route) ?? -1;
  return {
    source: doc.file,
    line: doc.slugLine,
    page: {
      type: 'doc', route: doc.route, title: doc.title, heading: doc.heading, isHome,
      ...(doc.hideTitle ? { hideTitle: true } : {}),
      head: {
        title: isHome ? `${config.title} ${config.titleDelimiter} ${config.tagline}` : pageTitle(config, doc.title),
        description: doc.description, keywords: doc.keywords,
      },
      contentHtml: doc.md.html,
      toc: doc.md.toc,
      hideToc: doc.hideTableOfContents,
      breadcrumbs: breadcrumbs({ ...crumbs, nav: sidebar?.index, route: doc.route, label: doc.sidebarLabel }),
      prev: index > 0 ? order[index - 1] : undefined,
      next: index >= 0 && index < order.length - 1 ? order[index + 1] : undefined,
      editUrl: config.editUrl ? `${config.editUrl.replace(/\/$/, '')}/${doc.file}` : undefined,
      ...(config.docs.showLastUpdateTime && doc.lastUpdate ? { lastUpdatedAt: doc.lastUpdate.at } : {}),
      ...(config.docs.showLastUpdateAuthor && doc.lastUpdate?.by ? { lastUpdatedBy: doc.lastUpdate.by } : {}),
      ...(sidebar ? { sidebar: sidebar.name } : {}),
      ...sidebarStateOf(sidebar?.split?.stateFor(sidebar.index.trails.get(doc.route))),
    },
  };
}

/**
 * Dev: the category pages of the last plan, the very same objects, while the categories, the
 * sidebars and the config are the same and no doc changed its route or description; else made
 * anew (on 10,000 pages that was ~20 ms an edit, and every category page compared again).
 */
function planCategoriesMemo(options: { config: SiteConfig; categories: CategoryMeta[]; docs: Rendered<DocSource>[]; nav: SidebarNav; crumbs: Omit<CrumbContext, 'nav'>; memo?: PlanMemo }): PlannedPage[] {
  const { config, categories, docs, nav, crumbs, memo } = options;
  const last = memo?.categories;
  if (last && last.nav === nav && last.config === config && last.home === crumbs.home && sameItems(last.categories, categories)
    && last.docs.length === docs.length && docs.every((d, i) => d === last.docs[i] || (d.route === last.docs[i].route && d.description === last.docs[i].description))) {
    last.docs = docs;
    return last.planned;
  }
  const planned = planCategories(options);
  if (memo) memo.categories = { categories, docs, nav, config, home: crumbs.home, planned };
  return planned;
}

/**
 * Dev: the blog's pages of the last plan while every post is the very same object (renderAllMarkdown
 * gives an unchanged post back as it was) and the config is the same (1,000 posts: ~10 ms an edit).
 */
function planBlogMemo(options: { config: SiteConfig; posts: Rendered<PostSource>[]; memo?: PlanMemo }): PlannedPage[] {
  const { config, posts, memo } = options;
  const last = memo?.blog;
  if (last && last.config === config && sameItems(last.posts, posts)) return last.planned;
  const planned = planBlog({ config, posts });
  if (memo) memo.blog = { config, posts, planned };
  return planned;
}

function sameItems<T>(a: T[], b: T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function planCategories(options: { config: SiteConfig; categories: CategoryMeta[]; docs: Rendered<DocSource>[]; nav: SidebarNav; crumbs: Omit<CrumbContext, 'nav'> }): PlannedPage[] {
  const { config, categories, docs, nav, crumbs } = options;
  const docByRoute = new Map(docs.map((d) => [d.route, d]));
  return categories.flatMap((category): PlannedPage[] => {
    const link = category.link;
    if (link?.type !== 'generated-index') return [];
    const route = joinRoute(link.base ?? config.docs.routeBasePath, link.slug);
    const sidebar = nav.of(route);
    const order = sidebar?.index.order ?? [];
    const trail = sidebar?.index.trails.get(route);
    const node = trail?.[trail.length - 1];
    const items = node?.type === 'category' ? node.items : [];
    const index = sidebar?.index.position.get(route) ?? -1;
    return [{
      source: category.file ?? 'theme',
      page: {
        type: 'category', route, title: link.title, description: link.description,
        head: { title: pageTitle(config, link.title), description: link.description },
        items: items.flatMap((item) => {
          if (item.type === 'html') return [];
          // A child category without a page of its own still gets a card, linking to its first
          // page (as Docusaurus does); one with no pages at all has nowhere to link.
          const href = item.href ?? (item.type === 'category' ? flattenSidebar(item.items)[0]?.href : undefined);
          if (!href) return [];
          const doc = item.href ? docByRoute.get(item.href) : undefined;
          const description = doc?.description
            ?? (item.type === 'category' ? `${pageCount(countLinks(item.items))} in ${item.label}` : '');
          return [{ title: item.label, href, description }];
        }),
        breadcrumbs: breadcrumbs({ ...crumbs, nav: sidebar?.index, route, label: category.label }),
        prev: index > 0 ? order[index - 1] : undefined,
        next: index >= 0 && index < order.length - 1 ? order[index + 1] : undefined,
        ...(sidebar ? { sidebar: sidebar.name } : {}),
        ...sidebarStateOf(sidebar?.split?.stateFor(trail)),
      },
    }];
  });
}

/** A page's fields for its sidebar state (big sites; see `SidebarSplit.stateFor`). */
function sidebarStateOf(state: SidebarState | undefined): { sidebarBranches?: SidebarBranches; sidebarItems?: SidebarItem[]; sidebarState?: string } {
  return { sidebarBranches: state?.branches, sidebarItems: state?.items, sidebarState: state?.url };
}

/** `1 page`, `4 pages` */
function pageCount(n: number): string {
  return `${n} ${n === 1 ? 'page' : 'pages'}`;
}

function countLinks(items: SidebarItem[]): number {
  return items.reduce((n, i) => n + (i.type === 'link' ? 1 : i.type === 'html' ? 0 : countLinks(i.items) + (i.href ? 1 : 0)), 0);
}

/**
 * Home, the categories above the page in its sidebar, then the page under the label the sidebar
 * gives it. A page no sidebar lists has none, as in Docusaurus.
 */
function breadcrumbs(options: CrumbContext & { route: string; label: string }): NavLink[] {
  const { config, nav, home, route, label } = options;
  if (!config.docs.breadcrumbs || !nav) return [];
  if (route === joinRoute(config.docs.routeBasePath)) return [];
  const trail = nav.trails.get(route) ?? [];
  return [
    ...(home ? [{ label: 'Home', href: home }] : []),
    ...trail.slice(0, -1).map((c) => ({ label: c.label, href: c.href })),
    { label: trail[trail.length - 1]?.label ?? label },
  ];
}
