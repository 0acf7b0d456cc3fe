import type { SiteConfig } from '../config/schema.ts';
import { loadSiteConfig, CONFIG_FILE } from '../config/load-config.ts';
import { collectBlog } from '../content/collect-blog.ts';
import { collectDocs } from '../content/collect-docs.ts';
import { collectPages, type SitePages } from '../content/collect-pages.ts';
import { loadLogoSvgs, type LogoSvgs } from '../content/load-logos.ts';
import { loadSidebars } from '../content/load-sidebars.ts';
import { createSiteFence, type SiteFence } from '../content/site-fence.ts';
import { withLastUpdates } from '../content/load-last-updates.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Author, CategoryMeta, DocSource, PostSource } from '../model.ts';
import type { SidebarsSource } from '../routes/resolve-sidebars.ts';
import { existsSync } from 'node:fs';
import { unusedSwizzles } from '../content/site-swizzles.ts';
import { loadMdxModules } from '../mdx/load-mdx-modules.ts';
import path from 'node:path';
import { CURRENT_VERSION, DEFAULT_INSTANCE, planDocVersions, readVersionNames, versionFiles, type DocVersion } from '../content/doc-versions.ts';
import { withContentSeverities, type BuildPolicy } from './build-policy.ts';
import { localizeConfig, localizedDir, readTranslations, sidebarLabels, siteLocales, type SiteLocale } from '../content/locales.ts';

/** Everything read from disk for one build: config and content, plus what went wrong. */
export interface Site {
  root: string;
  config: SiteConfig;
  /** The config file, relative to the root: `site.config.ts`, or a Docusaurus config. */
  configFile: string;
  /**
   * Raw text of site.config.ts, to point diagnostics at config lines. None for a Docusaurus
   * config: diagnostics name sitegen's key paths, which are not that file's.
   */
  configText?: string;
  /** The config file's text, whichever kind: the links of the navbar and footer are found in it. */
  configFileText: string;
  /** What the build may read: the site folder and `allowedOutsideFolders` (site-fence.ts). */
  fence: SiteFence;
  /** The locale this site was read in, and all the site's locales, the default first (`i18n`). */
  locale: SiteLocale;
  locales: SiteLocale[];
  /** The locale's `code.json` messages by id (`<Translate>`, `translate()`), when it has one. */
  codeTranslations?: Record<string, string>;
  /** Sorted by file. */
  docs: DocSource[];
  categories: CategoryMeta[];
  /** The sidebars file (`docs.sidebarPath`), when there is one and it loaded. */
  sidebars?: SidebarsSource;
  /**
   * The docs' versions, newest first (src/content/doc-versions.ts): one, `current`, unless the
   * site has a versions.json. Each doc and category says its version (`version`); `sidebars`
   * is each version's own file.
   */
  docVersions: Array<DocVersion & {
    sidebars?: SidebarsSource;
    /** A locale's translations of its sidebars' labels (`current.json`, `version-<name>.json`). */
    sidebarTranslations?: Record<string, string>;
  }>;
  /** Whether the blog folder exists; without it the site has no blog pages and no feeds. */
  hasBlog: boolean;
  /** Newest first. */
  posts: PostSource[];
  /** The pages folder's pages (`config.pages`): React components and Markdown pages. */
  pages: SitePages;
  authors: Map<string, Author>;
  /** The navbar logo's SVG files, to inline in every page (see inlineSvg). */
  logos: LogoSvgs;
  diagnostics: Diagnostic[];
}

/**
 * Reads config, docs and blog; drafts only when the policy includes them. `locale` (`i18n`):
 * the locale to read the site in, its translations in place of the originals (src/content/
 * locales.ts). @default the default locale
 */
export async function loadSite(options: { root: string; policy: Pick<BuildPolicy, 'includeDrafts'>; locale?: string }): Promise<Site> {
  const { root } = options;
  const { includeDrafts } = options.policy;
  const loaded = await loadSiteConfig(root);
  const locales = siteLocales(loaded.config);
  const locale = locales.find((l) => l.name === options.locale) ?? locales[0];
  const translations = readTranslations(root, locale);
  const config = locale.isDefault ? loaded.config : localizeConfig(loaded.config, locale, translations);
  const translated = (content: Parameters<typeof localizedDir>[1]) => (locale.isDefault ? undefined : localizedDir(locale, content));
  const configText = loaded.file === CONFIG_FILE ? loaded.text : undefined;
  const fence = createSiteFence({ root, allowedOutsideFolders: config.allowedOutsideFolders, staticDirectories: config.staticDirectories });
  // Each docs instance's versions: `docs` (the default instance), then `docsInstances`.
  const instances = [{ id: DEFAULT_INSTANCE, docs: config.docs }, ...config.docsInstances.map((docs) => ({ id: docs.id, docs }))];
  const plans = instances.map(({ id, docs }) => {
    const released = readVersionNames(root, versionFiles(id).list);
    const plan = planDocVersions({ docs, instance: id, released: released.names, configFile: loaded.file });
    return { versions: plan.versions, diagnostics: [...released.diagnostics, ...plan.diagnostics] };
  });
  const planned = { versions: plans.flatMap((p) => p.versions), diagnostics: plans.flatMap((p) => p.diagnostics) };
  const [versions, blog, pages, logos] = await Promise.all([
    Promise.all(planned.versions.map(async (version) => {
      const sidebarPath = version.sidebarPath && (version.name === CURRENT_VERSION || existsSync(path.join(root, version.sidebarPath))) ? version.sidebarPath : undefined;
      const [content, sidebars] = await Promise.all([
        collectDocs({
          root, docsDir: version.docsDir, routeBasePath: version.route, includeDrafts, markdownFormat: config.markdown.format, fence, patterns: version.patterns,
          localizedDir: translated({ docs: { instance: version.instance, version: version.name } }),
        }),
        sidebarPath ? loadSidebars({ root, sidebarPath, fence }) : undefined,
      ]);
      // Each doc and category knows its version (its instance's) once there are several (one version: as before).
      const tag = planned.versions.length > 1 ? { version: version.key } : {};
      return {
        version: {
          ...version, ...(sidebarPath ? {} : { sidebarPath: undefined }), ...(sidebars?.source ? { sidebars: sidebars.source } : {}),
          ...(locale.isDefault ? {} : sidebarLabels(root, localizedDir(locale, { docs: { instance: version.instance, version: version.name } }), version.label)),
        },
        docs: content.docs.map((d) => ({ ...d, ...tag })), categories: content.categories.map((c) => ({ ...c, ...tag })),
        diagnostics: [...content.diagnostics, ...(sidebars?.diagnostics ?? [])],
      };
    })),
    collectBlog({ root, blogDir: config.blog.path, routeBasePath: config.blog.routeBasePath, includeDrafts, markdownFormat: config.markdown.format, fence, localizedDir: translated('blog') }),
    collectPages({ root, config, includeDrafts, fence, localizedDir: translated('pages') }),
    loadLogoSvgs({ root, config, fence }),
  ]);
  // Last updates (docs.showLastUpdateTime): read from git here, at the edge, once per load.
  const dated = await withLastUpdates({ root, config, docs: versions.flatMap((v) => v.docs), configText });
  const current = versions.find((v) => v.version.key === CURRENT_VERSION) ?? versions[0];
  return {
    root, config, configFile: loaded.file, ...(configText === undefined ? {} : { configText }), configFileText: loaded.text, fence, locale, locales,
    ...(Object.keys(translations.code).length ? { codeTranslations: translations.code } : {}),
    docs: dated.docs, categories: versions.flatMap((v) => v.categories), sidebars: current?.version.sidebars,
    docVersions: versions.map((v) => v.version),
    hasBlog: blog.exists, posts: blog.posts, authors: blog.authors, pages: pages.pages, logos,
    diagnostics: [
      ...loaded.warnings, ...planned.diagnostics,
      ...withContentSeverities([...versions.flatMap((v) => v.diagnostics), ...blog.diagnostics, ...pages.diagnostics], config), ...dated.diagnostics,
      // A Docusaurus site's swizzles of what sitegen's layout draws itself.
      ...(loaded.file === CONFIG_FILE ? [] : unusedSwizzles(root, await loadMdxModules())),
    ],
  };
}
