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
import type { BuildPolicy } from './build-policy.ts';

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
  /** What the build may read: the site folder and `allowedOutsideFolders` (site-fence.ts). */
  fence: SiteFence;
  /** Sorted by file. */
  docs: DocSource[];
  categories: CategoryMeta[];
  /** The sidebars file (`docs.sidebarPath`), when there is one and it loaded. */
  sidebars?: SidebarsSource;
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

/** Reads config, docs and blog; drafts only when the policy includes them. */
export async function loadSite(options: { root: string; policy: Pick<BuildPolicy, 'includeDrafts'> }): Promise<Site> {
  const { root } = options;
  const { includeDrafts } = options.policy;
  const loaded = await loadSiteConfig(root);
  const { config } = loaded;
  const configText = loaded.file === CONFIG_FILE ? loaded.text : undefined;
  const fence = createSiteFence({ root, allowedOutsideFolders: config.allowedOutsideFolders, staticDirectories: config.staticDirectories });
  const sidebarPath = config.docs.sidebarPath;
  const [docs, blog, sidebars, pages, logos] = await Promise.all([
    collectDocs({ root, docsDir: config.docs.path, routeBasePath: config.docs.routeBasePath, includeDrafts, markdownFormat: config.markdown.format, fence }),
    collectBlog({ root, blogDir: config.blog.path, routeBasePath: config.blog.routeBasePath, includeDrafts, markdownFormat: config.markdown.format, fence }),
    sidebarPath ? loadSidebars({ root, sidebarPath, fence }) : undefined,
    collectPages({ root, config, includeDrafts, fence }),
    loadLogoSvgs({ root, config, fence }),
  ]);
  // Last updates (docs.showLastUpdateTime): read from git here, at the edge, once per load.
  const dated = await withLastUpdates({ root, config, docs: docs.docs, configText });
  return {
    root, config, configFile: loaded.file, ...(configText === undefined ? {} : { configText }), fence,
    docs: dated.docs, categories: docs.categories, sidebars: sidebars?.source,
    hasBlog: blog.exists, posts: blog.posts, authors: blog.authors, pages: pages.pages, logos,
    diagnostics: [...loaded.warnings, ...docs.diagnostics, ...blog.diagnostics, ...pages.diagnostics, ...(sidebars?.diagnostics ?? []), ...dated.diagnostics],
  };
}
