import type { ComponentType } from 'react';
import type { PageData, SidebarItem, SiteData } from '../../src/model.ts';

/** What a page module shows for the page types it owns. */
export type PageViewComponent = ComponentType<{ site: SiteData; page: PageData; sidebar?: SidebarItem[] }>;

/**
 * A module that renders one family of pages: it exports `PageView` (theme/pages/views/), which
 * picks the family's components from their own files, so a site's override of such a file
 * (`docs/doc-page.tsx`) applies as before.
 */
export interface PageModule { PageView: PageViewComponent }

/** The page modules, each loaded only where a page of its family is shown. */
export type PageModuleId = 'docs' | 'blog' | 'search' | 'not-found' | 'page';

/** Which module renders each page type. */
export const pageModuleOf: Record<PageData['type'], PageModuleId> = {
  'doc': 'docs',
  'category': 'docs',
  'blog-list': 'blog',
  'blog-post': 'blog',
  'blog-archive': 'blog',
  'blog-tags': 'blog',
  'search': 'search',
  'not-found': 'not-found',
  'page': 'page',
};

/**
 * Whether a page of the family needs its body hydrated at once (the search page's results, the
 * 404 page's search, a React page's own controls). The others' bodies are read, not used: their
 * module comes when the reader first scrolls or points at a link (theme/layout/later-parts.tsx),
 * and what a first visit fetches until then is smaller by the module.
 */
export const bodyAtStart: Record<PageModuleId, boolean> = {
  'docs': false,
  'blog': false,
  'search': true,
  'not-found': true,
  'page': true,
};

/**
 * Each module's source file, relative to the theme folder: the build looks up its bundled file
 * to preload it on pages of its family (src/client/bundle-client.ts). A test checks that
 * these are the files the loaders import.
 */
export const pageModuleFiles: Record<PageModuleId, string> = {
  'docs': 'pages/views/docs.tsx',
  'blog': 'pages/views/blog.tsx',
  'search': 'pages/views/search.tsx',
  'not-found': 'pages/views/not-found.tsx',
  'page': 'pages/views/page.tsx',
};

/** In the browser each is a file of its own (esbuild code splitting), fetched on demand. */
const loaders: Record<PageModuleId, () => Promise<PageModule>> = {
  'docs': () => import('./views/docs.tsx'),
  'blog': () => import('./views/blog.tsx'),
  'search': () => import('./views/search.tsx'),
  'not-found': () => import('./views/not-found.tsx'),
  'page': () => import('./views/page.tsx'),
};

const loaded = new Map<PageModuleId, PageModule>();
const loading = new Map<PageModuleId, Promise<PageModule>>();

/** The server renders every page type: it registers all modules up front, loaded statically. */
export function registerPageModules(modules: Record<PageModuleId, PageModule>): void {
  for (const [id, module] of Object.entries(modules)) loaded.set(id as PageModuleId, module);
}

/** Whether a page of `type` needs its body hydrated at once (`bodyAtStart`). */
export function needsBodyAtStart(type: PageData['type']): boolean {
  return bodyAtStart[pageModuleOf[type]];
}

/** Loads the module for `type` once; a failed load is forgotten, so a later call tries again. */
export function loadPageModule(type: PageData['type']): Promise<PageModule> {
  return loadModule(pageModuleOf[type]);
}

function loadModule(id: PageModuleId): Promise<PageModule> {
  const done = loaded.get(id);
  if (done) return Promise.resolve(done);
  let promise = loading.get(id);
  if (!promise) {
    promise = loaders[id]().then((module) => {
      loaded.set(id, module);
      return module;
    });
    promise.catch(() => loading.delete(id));
    loading.set(id, promise);
  }
  return promise;
}

/** One function per page module not loaded yet, which fetches it ahead of a navigation that needs it. */
export function pageModulePrefetches(): (() => Promise<unknown>)[] {
  return (Object.keys(loaders) as PageModuleId[])
    .filter((id) => !loaded.has(id))
    .map((id) => () => loadModule(id).catch(() => {}));
}

/** The view for `type`, which must have been loaded (`loadPageModule`) or registered. */
export function pageView(type: PageData['type']): PageViewComponent {
  const module = loaded.get(pageModuleOf[type]);
  if (!module) throw new Error(`The page module for "${type}" pages is not loaded`);
  return module.PageView;
}
