import path from 'node:path';
import type { KeyPath } from '../util/source-position.ts';
import { isObj, type Mapping, type Obj } from './docusaurus-theme-config.ts';
import { SITE_PLUGIN_LISTS } from '../markdown/site-plugin-guard.ts';

/**
 * The classic preset's `docs`, `blog` and `pages` options of a Docusaurus config, read as
 * sitegen's config (see docusaurus-config.ts), and a note for each option sitegen does not read.
 */

/** A path the config gives (absolute from `require.resolve`, or relative to the site), relative to the site root. */
export function fromRoot(root: string, value: string): string {
  const rel = path.isAbsolute(value) ? path.relative(root, value) : path.normalize(value);
  return rel.split(path.sep).join('/').replace(/^\.\//, '');
}

/**
 * A content folder the config names, relative to the site root. One outside the site folder
 * (Redux's `path: '../docs'`) is one the config, which is the site's own code, chose: it is
 * allowed (`allowedOutsideFolders`), where Markdown alone could never reach out of the site.
 */
function contentFolder(m: Mapping, value: string): string {
  const folder = fromRoot(m.root, value);
  if (folder === '..' || folder.startsWith('../')) {
    const allowed = (m.config.allowedOutsideFolders ??= []) as string[];
    if (!allowed.includes(folder)) allowed.push(folder);
  }
  return folder;
}

/** `'/docs/'` → `'/docs'`; `'docs'` → `'/docs'`; `'/'` and `''` → `'/'`. */
export function routePath(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '/';
}

/** The plugin lists of the docs and blog options, passed on as the site's own (`sitePlugins`). */
const PLUGIN_KEYS = new Set<string>(SITE_PLUGIN_LISTS);

/** An `editUrl` as the base a file's path is appended to. */
const editBase = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The docs options only `docs` has in sitegen: another instance takes the site's. */
const SITE_WIDE_DOCS_OPTIONS = new Set(['showLastUpdateTime', 'showLastUpdateAuthor', 'breadcrumbs']);

/**
 * The options of the classic preset's `docs` (into `docs`), or of a `plugin-content-docs` with
 * an `id` (`instance`: one entry of `docsInstances`).
 */
export function mapDocs(m: Mapping, value: unknown, at: KeyPath, instance?: Obj): void {
  if (value === false) {
    m.note(at, 'sitegen always builds docs; with `docs: false` the folder is simply absent and no docs are made');
    m.config.docs = { path: 'docs-disabled-by-config', routeBasePath: '/docs' };
    return;
  }
  if (!isObj(value)) return;
  const docs = instance ?? (m.config.docs as Obj);
  for (const [key, v] of Object.entries(value)) {
    const here: KeyPath = [...at, key];
    if (instance && key === 'id') continue;
    if (instance && SITE_WIDE_DOCS_OPTIONS.has(key)) {
      if (v !== (m.config.docs as Obj)[key]) m.note(here, `another docs instance takes \`${key}\` from the classic preset's docs`);
    } else if (instance && key === 'editUrl') {
      if (typeof v !== 'string' || editBase(v) !== m.config.editUrl) m.note(here, 'every docs instance uses the site\'s one `editUrl`, the classic preset\'s docs\'');
    } else if (instance && PLUGIN_KEYS.has(key)) {
      const markdown = m.config.markdown as Obj;
      if (markdown[key] === undefined) markdown[key] = sitePlugins(m, v);
      else if (markdown[key] !== v) m.note(here, 'every docs instance is rendered with the site\'s one list of plugins, the classic preset\'s docs\'');
    } else if (key === 'path' && typeof v === 'string') docs.path = contentFolder(m, v);
    else if (key === 'routeBasePath' && typeof v === 'string') docs.routeBasePath = routePath(v);
    else if (key === 'sidebarPath') {
      if (typeof v === 'string') docs.sidebarPath = fromRoot(m.root, v);
      else if (v === false) m.note(here, 'docs without a sidebar are not supported; one sidebar is generated from the docs folder');
    } else if (key === 'editUrl') {
      if (typeof v === 'string') m.config.editUrl = editBase(v);
      else m.note(here, 'an `editUrl` function is not called by sitegen; give a string, the base URL the file path is appended to');
    } else if (key === 'showLastUpdateTime' || key === 'showLastUpdateAuthor' || key === 'breadcrumbs') docs[key] = v;
    else if (PLUGIN_KEYS.has(key)) {
      (m.config.markdown as Obj)[key] = sitePlugins(m, v);
    } else if (['lastVersion', 'onlyIncludeVersions', 'includeCurrentVersion', 'disableVersioning'].includes(key)) docs[key] = v;
    else if (key === 'versions' && isObj(v)) {
      // Docusaurus's per-version options, sitegen's names; others are noted.
      const known = ['label', 'path', 'banner', 'badge', 'className', 'noIndex'];
      docs.versions = Object.fromEntries(Object.entries(v).map(([name, options]) => {
        if (!isObj(options)) return [name, {}];
        for (const option of Object.keys(options)) if (!known.includes(option)) m.note([...here, name, option], 'not read by sitegen');
        return [name, Object.fromEntries(Object.entries(options).filter(([option]) => known.includes(option)))];
      }));
    } else if ((key === 'exclude' || key === 'include') && Array.isArray(v) && v.every((g) => typeof g === 'string')) docs[key] = v;
    else if (key === 'sidebarCollapsible' || key === 'sidebarCollapsed') m.note(here, 'sidebar categories are collapsible and start collapsed except the current one; this option is not read');
    else m.note(here, `the docs option \`${key}\` is not read by sitegen`);
  }
}

export function mapBlog(m: Mapping, value: unknown, at: KeyPath): void {
  if (value === false) {
    m.config.blog = { path: 'blog-disabled-by-config', routeBasePath: '/blog' };
    return;
  }
  if (!isObj(value)) return;
  const blog = m.config.blog as Obj;
  for (const [key, v] of Object.entries(value)) {
    const here: KeyPath = [...at, key];
    if (key === 'path' && typeof v === 'string') blog.path = contentFolder(m, v);
    else if (key === 'routeBasePath' && typeof v === 'string') blog.routeBasePath = routePath(v);
    else if (key === 'blogSidebarCount') blog.sidebarCount = v;
    else if (key === 'blogSidebarTitle') blog.sidebarTitle = v;
    else if (key === 'blogTitle') blog.title = v;
    else if (key === 'blogDescription') blog.description = v;
    else if (key === 'postsPerPage') {
      if (v === 'ALL') blog.postsPerPage = Number.MAX_SAFE_INTEGER;
      else blog.postsPerPage = v;
    } else if (key === 'feedOptions' && isObj(v)) {
      const feed: Obj = {};
      for (const [option, setting] of Object.entries(v)) {
        if (['type', 'title', 'description', 'copyright', 'limit'].includes(option)) feed[option] = setting;
        else m.note([...here, option], 'not read by sitegen');
      }
      if (feed.type === null || feed.type === undefined) delete feed.type;
      else if (Array.isArray(feed.type)) feed.type = feed.type.length > 1 ? 'all' : feed.type[0];
      blog.feedOptions = feed;
    } else if (key === 'authorsMapPath') {
      if (v !== 'authors.yml') m.note(here, 'sitegen reads the authors from `authors.yml` in the blog folder');
    } else if (key === 'showReadingTime') {
      if (v === false) m.note(here, 'sitegen always shows the reading time of a post');
    } else if (key === 'editUrl') {
      if (typeof v === 'string' && m.config.editUrl === undefined) m.config.editUrl = editBase(v);
    } else if (PLUGIN_KEYS.has(key)) {
      (m.config.markdown as Obj)[key] ??= sitePlugins(m, v);
    } else m.note(here, `the blog option \`${key}\` is not read by sitegen`);
  }
}

export function mapPages(m: Mapping, value: unknown, at: KeyPath): void {
  if (value === false) {
    m.config.pages = { path: 'pages-disabled-by-config' };
    return;
  }
  if (!isObj(value)) return;
  const pages: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'path' && typeof v === 'string') pages.path = contentFolder(m, v);
    else if (key === 'routeBasePath' && typeof v === 'string') pages.routeBasePath = routePath(v);
    else if (key === 'include' || key === 'exclude') pages[key] = v;
    else m.note([...at, key], `the pages option \`${key}\` is not read by sitegen`);
  }
  m.config.pages = pages;
}

/**
 * A plugin list as the site's own plugins, without those sitegen does itself: remark-math turns
 * on `markdown.math` (sitegen parses `$…$` with the same rules), rehype-katex is sitegen's own
 * formula rendering. Running them as well would render every formula twice, and a Docusaurus 2
 * site's versions of them are written for an older unified.
 */
function sitePlugins(m: Mapping, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.filter((plugin) => {
    const known = m.builtInPlugins.get(Array.isArray(plugin) ? plugin[0] : plugin);
    if (known === 'remark-math') (m.config.markdown as Obj).math = true;
    return known === undefined;
  });
}
