import path from 'node:path';
import type { SiteConfigInput } from './schema.ts';
import type { KeyPath } from '../util/source-position.ts';
import { isObj, mapThemeConfig, type Mapping, type Obj } from './docusaurus-theme-config.ts';
import { fromRoot, mapBlog, mapDocs, mapPages } from './docusaurus-preset-config.ts';

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

/** What the mapping knows of the site beyond its config (loadSiteConfig finds it in the site's folder). */
export interface SiteFacts {
  /** The major version of `@docusaurus/core` the site's package.json names (2 or 3), when it names one. */
  docusaurusMajor?: number;
  /**
   * Plugins the site installed that sitegen does itself, by the function the config passes:
   * `remark-math` (sitegen's `markdown.math`) and `rehype-katex` (sitegen renders with KaTeX).
   */
  builtInPlugins?: Map<unknown, 'remark-math' | 'rehype-katex'>;
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

/**
 * Presets that wrap the classic one and pass it their options (Meta's, used by Metro and Flow):
 * their options are read as the classic preset's. By package path, as `require.resolve` gives it.
 */
const CLASSIC_WRAPPERS = [/(^|[\\/])docusaurus-plugin-internaldocs-fb[\\/]docusaurus-preset(\.js)?$/];

/** `name`, `[name]` or `[name, options]` (a preset or plugin entry), as name and options. */
function entry(value: unknown): { name?: string; options: unknown } {
  if (typeof value === 'string') return { name: value, options: undefined };
  if (Array.isArray(value) && typeof value[0] === 'string') return { name: value[0], options: value[1] };
  return { name: undefined, options: undefined };
}

/**
 * Maps a loaded Docusaurus config (the object the config file exports, after calling it when it
 * is a function) to sitegen's config. `root` is the site folder (paths from `require.resolve`
 * are made relative to it).
 */
export function fromDocusaurusConfig(raw: unknown, root: string, facts: SiteFacts = {}): MappedConfig {
  const notes: DocusaurusNote[] = [];
  const note = (parts: KeyPath, message: string) => notes.push({ parts, message });
  const src = isObj(raw) ? raw : {};
  const config: Obj = {};
  const m: Mapping = { root, config, note, builtInPlugins: facts.builtInPlugins ?? new Map() };

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
    headTags: (v) => (config.headTags = v),
    scripts: (v) => (config.scripts = v),
    markdown: (v) => mapMarkdown(m, v),
    presets: (v) => mapPresets(m, v),
    plugins: (v) => mapPlugins(m, v),
    themeConfig: (v) => mapThemeConfig(m, v),
    // Theme packages: sitegen's theme renders the pages; the mermaid theme's diagrams are `markdown.mermaid`'s.
    themes: (v) => mapThemes(m, v),
    i18n: (v) => mapI18n(m, v),
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
  // Docusaurus 3.5+ lists the blog's authors at /blog/authors.
  config.blog = { path: 'blog', routeBasePath: '/blog', sidebarCount: 5, sidebarTitle: 'Recent posts', authorsPage: facts.docusaurusMajor !== 2 };
  config.staticDirectories = ['static'];
  config.markdown = { format: 'mdx' };
  config.onBrokenAnchors = 'warn';
  // Docusaurus reads `date: 2017-02-29` as 2017-03-01 without a word: sitegen says so, and goes on.
  config.onImpossibleDates = 'warn';
  // Docusaurus checks the links of `<Link>` and Markdown only: a plain `<a>` of a React page is reported, not fatal.
  config.onBrokenPlainLinks = 'warn';
  // Docusaurus sets no Content-Security-Policy: the site's embeds (images, frames, scripts of other hosts) keep working where it is deployed.
  config.contentSecurityPolicy = false;
  if (facts.docusaurusMajor === 2) {
    // MDX 3 rejects much that MDX 1 took (`{` and `<` in text); read as CommonMark, a `.md` file
    // keeps its text, and what looks like MDX in it is reported (markdown/mdx-syntax).
    config.markdown = { format: 'detect' };
    note([], 'a Docusaurus 2 site: its `.md` files are read as CommonMark and its `.mdx` files as MDX 3, where Docusaurus 2 read both as MDX 1; set `markdown.format` to `\'mdx\'` to read every file as MDX');
  }

  // `themeConfig` last: its navbar and footer items of `type: 'doc'` need the docs'
  // `routeBasePath` from the presets, wherever the config writes them.
  const entries = Object.entries(src).sort(([a], [b]) => Number(a === 'themeConfig') - Number(b === 'themeConfig'));
  for (const [key, value] of entries) {
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
    else if (key === 'mermaid') markdown.mermaid = v === true; else if (key === 'hooks' && isObj(v)) {
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
    const wrapper = CLASSIC_WRAPPERS.find((re) => re.test(name));
    if (packageName(name, 'preset') !== '@docusaurus/preset-classic' && !wrapper) {
      m.note(['presets', index], `the preset \`${name}\` is not run by sitegen; only the classic preset is read`);
      return;
    }
    if (wrapper) m.note(['presets', index, 0], 'read as the classic preset, whose options this preset passes on; what it adds itself is not run');
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

function mapTheme(m: Mapping, value: unknown, at: KeyPath): void {
  if (!isObj(value)) return;
  for (const key of Object.keys(value)) {
    if (key === 'customCss') {
      // One path or several, absolute (`require.resolve`) or from the site root.
      const files = (Array.isArray(value.customCss) ? value.customCss : [value.customCss]).filter((f): f is string => typeof f === 'string');
      m.config.customCss = files;
    } else m.note([...at, key], `the theme option \`${key}\` is not read by sitegen`);
  }
}

function mapPlugins(m: Mapping, value: unknown): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, index) => {
    const { name } = entry(item);
    const full = name ? packageName(name, 'plugin') : undefined;
    if (full === '@docusaurus/plugin-content-docs') mapDocsInstance(m, entry(item).options, ['plugins', index, 1]);
    else if (full === '@docusaurus/plugin-client-redirects') mapRedirects(m, entry(item).options, ['plugins', index, 1]);
    else if (full === '@docusaurus/plugin-ideal-image') m.note(['plugins', index], 'images are served as they are; `@theme/IdealImage` is not provided yet');
    else m.note(['plugins', index], `the plugin ${name ? `\`${name}\`` : 'given as a function'} is not run by sitegen`);
  });
}

/**
 * A `plugin-content-docs` entry: with an `id`, one more docs instance (`docsInstances`, with
 * Docusaurus's defaults `docs/` at `/docs`); without one, the site's docs (the classic preset's
 * then are not, as Docusaurus allows only one default instance).
 */
function mapDocsInstance(m: Mapping, options: unknown, at: KeyPath): void {
  const id = isObj(options) && typeof options.id === 'string' && options.id !== 'default' ? options.id : undefined;
  if (!id) {
    m.config.docs = { path: 'docs', routeBasePath: '/docs' };
    mapDocs(m, options ?? {}, at);
    return;
  }
  const instance: Obj = { id, path: 'docs', routeBasePath: '/docs' };
  mapDocs(m, options, at, instance);
  ((m.config.docsInstances ??= []) as Obj[]).push(instance);
}

/**
 * `i18n`: the site's locales (`i18n` of sitegen's config: each other locale built under
 * `<baseUrl><locale>/` with the translations of `i18n/<locale>/`); the default locale's language
 * and direction are the site's (`htmlLang` and `direction` of its `localeConfigs` entry).
 */
function mapI18n(m: Mapping, value: unknown): void {
  if (!isObj(value)) return;
  const locale = typeof value.defaultLocale === 'string' ? value.defaultLocale : 'en';
  const configs = isObj(value.localeConfigs) ? value.localeConfigs : {};
  const own = isObj(configs[locale]) ? configs[locale] : {};
  m.config.locale = typeof own.htmlLang === 'string' ? own.htmlLang : locale;
  if (own.direction === 'rtl' || own.direction === 'ltr') m.config.direction = own.direction;
  const locales = Array.isArray(value.locales) ? value.locales.filter((l): l is string => typeof l === 'string') : [locale];
  const known = ['label', 'htmlLang', 'direction', 'path'];
  m.config.i18n = {
    defaultLocale: locale, locales,
    ...(typeof value.path === 'string' ? { path: fromRoot(m.root, value.path) } : {}),
    localeConfigs: Object.fromEntries(Object.entries(configs).filter(([, c]) => isObj(c)).map(([name, c]) => {
      for (const option of Object.keys(c as Obj)) if (!known.includes(option)) m.note(['i18n', 'localeConfigs', name, option], 'not read by sitegen');
      return [name, Object.fromEntries(Object.entries(c as Obj).filter(([option]) => known.includes(option)))];
    })),
  };
  for (const key of Object.keys(value)) if (!['defaultLocale', 'locales', 'path', 'localeConfigs'].includes(key)) m.note(['i18n', key], 'not read by sitegen');
}

/** `themes`: `@docusaurus/theme-mermaid` is sitegen's own diagrams (`markdown.mermaid`); any other theme package is noted. */
function mapThemes(m: Mapping, value: unknown): void {
  if (!Array.isArray(value)) return;
  value.forEach((item, index) => {
    const { name } = entry(item);
    const full = name ? packageName(name, 'theme') : undefined;
    if (full === '@docusaurus/theme-mermaid') return;
    m.note(['themes', index], `the theme ${name ? `\`${name}\`` : 'given as a function'} is not run; sitegen's theme renders the pages`);
  });
}

/** `plugin-client-redirects`' options: `redirects` become redirect pages. */
function mapRedirects(m: Mapping, options: unknown, at: KeyPath): void {
  if (!isObj(options)) return;
  for (const [key, v] of Object.entries(options)) {
    if (key === 'redirects' && Array.isArray(v)) {
      m.config.redirects = v.filter((r): r is Obj => isObj(r) && typeof r.to === 'string' && (typeof r.from === 'string' || Array.isArray(r.from))).map((r) => ({ from: r.from, to: r.to }));
    } else if (key === 'fromExtensions' && Array.isArray(v) && v.every((e) => e === 'html')) {
      // `/api.html` → `/api`: sitegen writes `/api` as `api.html`, which answers that URL already.
    } else m.note([...at, key], key === 'createRedirects' ? 'a `createRedirects` function is not called; list the redirects in `redirects`' : 'not read by sitegen');
  }
}

/** What a top-level key sitegen does not read is, in a few words. */
function describeUnknownTop(key: string): string {
  if (key === 'clientModules') return 'client modules are not run: a page loads only sitegen\'s scripts, the config\'s `scripts` and its islands';
  return 'a key sitegen does not use';
}
