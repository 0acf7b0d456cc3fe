import path from 'node:path';
import type { SiteConfigInput } from './schema.ts';
import type { KeyPath } from '../util/source-position.ts';
import { isObj, mapThemeConfig, type Mapping, type Obj } from './docusaurus-theme-config.ts';

/**
 * A Docusaurus site's config, read as sitegen's: `sitegen build|dev|check-links` in a folder that
 * has `docusaurus.config.{ts,mts,js,mjs,cjs}` and no `site.config.ts` maps what sitegen honours,
 * with Docusaurus's own defaults (docs at `docs/` served under `/docs`, the blog at `blog/`,
 * static files in `static/`, every file MDX), and names everything else once: where it is in
 * the config and what sitegen does instead. Nothing is left out silently.
 *
 * Pure: the loaded config object in, the config sitegen validates and the notes out.
 */

/** The names a Docusaurus config file may have, in the order Docusaurus looks for them. */
export const DOCUSAURUS_CONFIG_FILES = ['docusaurus.config.ts', 'docusaurus.config.mts', 'docusaurus.config.js', 'docusaurus.config.mjs', 'docusaurus.config.cjs'] as const;

/** Something in a Docusaurus config sitegen does not do as Docusaurus does: where, and what happens instead. */
export interface DocusaurusNote {
  /** Key path in the config, e.g. `['themeConfig', 'prism', 'additionalLanguages']`. */
  parts: KeyPath;
  /** What sitegen does instead, in a sentence. */
  message: string;
}

/** The mapped config and what it could not map. */
export interface MappedConfig {
  config: SiteConfigInput;
  notes: DocusaurusNote[];
}


/** Plugin and preset names as Docusaurus resolves them: `classic` is `@docusaurus/preset-classic`. */
function packageName(name: string, kind: 'preset' | 'plugin' | 'theme'): string {
  if (name.startsWith('@docusaurus/') || name.startsWith('.') || path.isAbsolute(name)) return name;
  if (name.startsWith('@')) {
    const [scope, rest] = name.split('/');
    return rest ? (rest.startsWith(`docusaurus-${kind}-`) ? name : `${scope}/docusaurus-${kind}-${rest}`) : `${scope}/docusaurus-${kind}`;
  }
  return name.startsWith(`docusaurus-${kind}-`) ? name : `@docusaurus/${kind}-${name}`;
}

/** `name`, `[name]` or `[name, options]` (a preset or plugin entry), as name and options. */
function entry(value: unknown): { name?: string; options: unknown } {
  if (typeof value === 'string') return { name: value, options: undefined };
  if (Array.isArray(value) && typeof value[0] === 'string') return { name: value[0], options: value[1] };
  return { name: undefined, options: undefined };
}

/** A path the config gives (absolute from `require.resolve`, or relative to the site), relative to the site root. */
function fromRoot(root: string, value: string): string {
  const rel = path.isAbsolute(value) ? path.relative(root, value) : path.normalize(value);
  return rel.split(path.sep).join('/').replace(/^\.\//, '');
}

/** `'/docs/'` → `'/docs'`; `'docs'` → `'/docs'`; `'/'` and `''` → `'/'`. */
function routePath(value: string): string {
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '/';
}

/**
 * Maps a loaded Docusaurus config (the object the config file exports, after calling it when it
 * is a function) to sitegen's config. `root` is the site folder (paths from `require.resolve`
 * are made relative to it).
 */
export function fromDocusaurusConfig(raw: unknown, root: string): MappedConfig {
  const notes: DocusaurusNote[] = [];
  const note = (parts: KeyPath, message: string) => notes.push({ parts, message });
  const src = isObj(raw) ? raw : {};
  const config: Obj = {};
  const m: Mapping = { root, config, note };

  // Keys sitegen reads, and how, for the top level: everything else is a note.
  const topLevel: Record<string, (value: unknown) => void> = {
    title: (v) => (config.title = v),
    tagline: (v) => (config.tagline = v),
    url: (v) => (config.url = typeof v === 'string' ? v.replace(/\/+$/, '') : v),
    baseUrl: (v) => (config.baseUrl = v),
    favicon: (v) => (config.favicon = v),
    trailingSlash: (v) => {
      if (v === true) note(['trailingSlash'], 'sitegen serves pages without a trailing slash (`/docs/intro`); `true` is not supported, and pages keep that form');
      else config.trailingSlash = false;
    },
    noIndex: (v) => (config.noIndex = v),
    onBrokenLinks: (v) => (config.onBrokenLinks = v),
    onBrokenAnchors: (v) => (config.onBrokenAnchors = v),
    onBrokenMarkdownLinks: (v) => (config.onBrokenMarkdownLinks = v),
    onDuplicateRoutes: (v) => (config.onDuplicateRoutes = v),
    staticDirectories: (v) => (config.staticDirectories = Array.isArray(v) ? v.map((d) => (typeof d === 'string' ? fromRoot(root, d) : d)) : v),
    customFields: (v) => (config.customFields = v),
    titleDelimiter: (v) => (config.titleDelimiter = v),
    stylesheets: (v) => mapStylesheets(m, v),
    markdown: (v) => mapMarkdown(m, v),
    presets: (v) => mapPresets(m, v),
    plugins: (v) => mapPlugins(m, v),
    themeConfig: (v) => mapThemeConfig(m, v),
    // Read by Docusaurus's tooling only, or already what sitegen does.
    organizationName: () => {},
    projectName: () => {},
    deploymentBranch: () => {},
    githubHost: () => {},
    githubPort: () => {},
    future: () => {},
  };
  // Docusaurus's defaults where they differ from sitegen's.
  config.docs = { path: 'docs', routeBasePath: '/docs' };
  config.blog = { path: 'blog', routeBasePath: '/blog', sidebarCount: 5, sidebarTitle: 'Recent posts' };
  config.staticDirectories = ['static'];
  config.markdown = { format: 'mdx' };
  config.onBrokenAnchors = 'warn';

  for (const [key, value] of Object.entries(src)) {
    const map = topLevel[key];
    if (map) map(value);
    else note([key], `not read by sitegen (${describeUnknownTop(key)})`);
  }
  return { config: config as SiteConfigInput, notes };
}

function mapStylesheets(m: Mapping, value: unknown): void {
  if (!Array.isArray(value)) return;
  const sheets: Obj[] = [];
  value.forEach((sheet, index) => {
    const href = typeof sheet === 'string' ? sheet : isObj(sheet) && typeof sheet.href === 'string' ? sheet.href : undefined;
    if (!href || !/^https?:\/\//.test(href)) {
      m.note(['stylesheets', index], 'only stylesheets on another origin (`https://…`) are linked; a local one is not added yet');
      return;
    }
    const extra = isObj(sheet) ? sheet : {};
    sheets.push({ href, ...(typeof extra.integrity === 'string' ? { integrity: extra.integrity } : {}), ...(typeof extra.crossorigin === 'string' ? { crossorigin: extra.crossorigin } : {}) });
  });
  m.config.stylesheets = sheets;
}

function mapMarkdown(m: Mapping, value: unknown): void {
  if (!isObj(value)) return;
  const markdown = m.config.markdown as Obj;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'format') markdown.format = v;
    else if (key === 'mermaid') {
      if (v) m.note(['markdown', 'mermaid'], 'mermaid diagrams are not drawn yet: ```mermaid blocks show as code');
    } else if (key === 'hooks' && isObj(v)) {
      for (const [hook, setting] of Object.entries(v)) {
        if (hook === 'onBrokenMarkdownLinks' && typeof setting === 'string') m.config.onBrokenMarkdownLinks = setting;
        else if (hook === 'onBrokenMarkdownImages' && typeof setting === 'string') {
          if (setting !== 'throw') m.note(['markdown', 'hooks', hook], 'a missing image is always an error in a build (a warning in `sitegen dev`)');
        } else m.note(['markdown', 'hooks', hook], 'not read by sitegen');
      }
    } else m.note(['markdown', key], 'not read by sitegen');
  }
}

function mapPresets(m: Mapping, value: unknown): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, index) => {
    const { name, options } = entry(item);
    if (!name) {
      m.note(['presets', index], 'a preset given as a function is not run by sitegen; only the classic preset is read');
      return;
    }
    if (packageName(name, 'preset') !== '@docusaurus/preset-classic') {
      m.note(['presets', index], `the preset \`${name}\` is not run by sitegen; only the classic preset is read`);
      return;
    }
    if (!isObj(options)) return;
    for (const [key, v] of Object.entries(options)) {
      const at: KeyPath = ['presets', index, 1, key];
      if (key === 'docs') mapDocs(m, v, at);
      else if (key === 'blog') mapBlog(m, v, at);
      else if (key === 'pages') mapPages(m, v, at);
      else if (key === 'theme') mapTheme(m, v, at);
      else if (key === 'sitemap') {
        if (isObj(v) && Object.keys(v).length) m.note(at, 'sitegen writes `sitemap.xml` with every page and its own settings; these options are not read');
      } else if (key === 'debug') { /* Docusaurus's debug pages: nothing to build. */ } else m.note(at, `the classic preset's \`${key}\` is not read by sitegen`);
    }
  });
}

function mapDocs(m: Mapping, value: unknown, at: KeyPath): void {
  if (value === false) {
    m.note(at, 'sitegen always builds docs; with `docs: false` the folder is simply absent and no docs are made');
    m.config.docs = { path: 'docs-disabled-by-m.config', routeBasePath: '/docs' };
    return;
  }
  if (!isObj(value)) return;
  const docs = m.config.docs as Obj;
  for (const [key, v] of Object.entries(value)) {
    const here: KeyPath = [...at, key];
    if (key === 'path' && typeof v === 'string') docs.path = fromRoot(m.root, v);
    else if (key === 'routeBasePath' && typeof v === 'string') docs.routeBasePath = routePath(v);
    else if (key === 'sidebarPath') {
      if (typeof v === 'string') docs.sidebarPath = fromRoot(m.root, v);
      else if (v === false) m.note(here, 'docs without a sidebar are not supported; one sidebar is generated from the docs folder');
    } else if (key === 'editUrl') {
      if (typeof v === 'string') m.config.editUrl = v.endsWith('/') ? v : `${v}/`;
      else m.note(here, 'an `editUrl` function is not called by sitegen; give a string, the base URL the file path is appended to');
    } else if (key === 'showLastUpdateTime' || key === 'showLastUpdateAuthor' || key === 'breadcrumbs') docs[key] = v;
    else if (key === 'remarkPlugins' || key === 'rehypePlugins' || key === 'beforeDefaultRemarkPlugins' || key === 'beforeDefaultRehypePlugins') {
      (m.config.markdown as Obj)[key] = v;
    } else if (['lastVersion', 'onlyIncludeVersions', 'versions', 'includeCurrentVersion', 'disableVersioning'].includes(key)) {
      m.note(here, 'versioned docs are not built yet: the current docs (the docs folder) are built as the only version');
    } else if (key === 'exclude' || key === 'include') m.note(here, 'sitegen reads every `.md` and `.mdx` file of the docs folder except `_`-prefixed ones; this pattern list is not read yet');
    else if (key === 'sidebarCollapsible' || key === 'sidebarCollapsed') m.note(here, 'sidebar categories are collapsible and start collapsed except the current one; this option is not read');
    else m.note(here, `the docs option \`${key}\` is not read by sitegen`);
  }
}

function mapBlog(m: Mapping, value: unknown, at: KeyPath): void {
  if (value === false) {
    m.config.blog = { path: 'blog-disabled-by-m.config', routeBasePath: '/blog' };
    return;
  }
  if (!isObj(value)) return;
  const blog = m.config.blog as Obj;
  for (const [key, v] of Object.entries(value)) {
    const here: KeyPath = [...at, key];
    if (key === 'path' && typeof v === 'string') blog.path = fromRoot(m.root, v);
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
      if (typeof v === 'string' && m.config.editUrl === undefined) m.config.editUrl = v.endsWith('/') ? v : `${v}/`;
    } else if (key === 'remarkPlugins' || key === 'rehypePlugins' || key === 'beforeDefaultRemarkPlugins' || key === 'beforeDefaultRehypePlugins') {
      (m.config.markdown as Obj)[key] ??= v;
    } else m.note(here, `the blog option \`${key}\` is not read by sitegen`);
  }
}

function mapPages(m: Mapping, value: unknown, at: KeyPath): void {
  if (value === false) {
    m.config.pages = { path: 'pages-disabled-by-m.config' };
    return;
  }
  if (!isObj(value)) return;
  const pages: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'path' && typeof v === 'string') pages.path = fromRoot(m.root, v);
    else if (key === 'routeBasePath' && typeof v === 'string') pages.routeBasePath = routePath(v);
    else if (key === 'include' || key === 'exclude') pages[key] = v;
    else m.note([...at, key], `the pages option \`${key}\` is not read by sitegen`);
  }
  m.config.pages = pages;
}

function mapTheme(m: Mapping, value: unknown, at: KeyPath): void {
  if (!isObj(value)) return;
  for (const key of Object.keys(value)) {
    if (key === 'customCss') m.note([...at, key], 'the site\'s own stylesheets are not added to the pages yet; sitegen\'s theme styles them');
    else m.note([...at, key], `the theme option \`${key}\` is not read by sitegen`);
  }
}

function mapPlugins(m: Mapping, value: unknown): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, index) => {
    const { name } = entry(item);
    const full = name ? packageName(name, 'plugin') : undefined;
    if (full === '@docusaurus/plugin-content-docs') m.note(['plugins', index], 'another docs instance is not built yet; only the classic preset\'s docs are');
    else if (full === '@docusaurus/plugin-client-redirects') m.note(['plugins', index], 'the redirects are not written yet');
    else if (full === '@docusaurus/plugin-ideal-image') m.note(['plugins', index], 'images are served as they are; `@theme/IdealImage` is not provided yet');
    else m.note(['plugins', index], `the plugin ${name ? `\`${name}\`` : 'given as a function'} is not run by sitegen`);
  });
}

/** What a top-level key sitegen does not read is, in a few words. */
function describeUnknownTop(key: string): string {
  if (key === 'i18n') return 'translations are not built yet: the default locale is built';
  if (key === 'themes') return 'theme packages are not run; sitegen\'s theme renders the pages';
  if (key === 'scripts' || key === 'stylesheets' || key === 'headTags' || key === 'clientModules') return 'extra scripts, stylesheets and head tags are not added yet';
  return 'a key sitegen does not use';
}
