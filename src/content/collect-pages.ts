import { localizedFile } from './collect-docs.ts';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { DocSource } from '../model.ts';
import { pageFileKind, pageRoute } from '../routes/page-routes.ts';
import { listFiles } from '../util/list-files.ts';
import { loadDoc } from './collect-docs.ts';
import type { SiteFence } from './site-fence.ts';

/** A React page: a module of the pages folder whose default export is the page's component. */
export interface ReactPageSource {
  /** Path relative to the site root, e.g. `src/pages/help/index.tsx`. */
  file: string;
  route: string;
}

/** Everything read from the pages folder (`config.pages.path`). */
export interface SitePages {
  react: ReactPageSource[];
  /**
   * Markdown and MDX pages, read as docs are (front matter, title, `format`), with the page's
   * route; never in a sidebar. The Markdown phase renders an MDX one with the MDX pipeline.
   */
  markdown: DocSource[];
  /** The `.mdx` pages among them (also in `markdown`). */
  mdx: ReactPageSource[];
}

/** No pages folder, or nothing in it. */
export const NO_PAGES: SitePages = { react: [], markdown: [], mdx: [] };

/**
 * Lists the pages folder and reads its Markdown pages (the rules of `config.pages`: see
 * page-routes.ts). A site without the folder has no pages and no error. Problems of a
 * Markdown page (its front matter) go to `diagnostics` and leave it out; drafts are left out
 * unless included.
 */
export async function collectPages(options: {
  root: string; config: Pick<SiteConfig, 'pages' | 'markdown'>; includeDrafts: boolean; fence: SiteFence;
  /** A locale's translations of the Markdown pages (src/content/locales.ts), read in place of the originals. */
  localizedDir?: string;
}): Promise<{ pages: SitePages; diagnostics: Diagnostic[] }> {
  const { root, includeDrafts } = options;
  const settings = options.config.pages;
  const dir = path.join(root, settings.path);
  const files = await listFiles(dir, { symlinks: true });
  const diagnostics: Diagnostic[] = [];
  const pages: SitePages = { react: [], markdown: [], mdx: [] };
  const folder = settings.path.split(path.sep).join('/').replace(/\/$/, '');
  for (const rel of files) {
    const kind = pageFileKind(rel, settings);
    if (!kind) continue;
    const route = pageRoute(rel, settings.routeBasePath);
    if (kind === 'react') {
      pages.react.push({ file: `${folder}/${rel}`, route });
    } else {
      const { file, abs } = localizedFile({ root, dir: folder, localizedDir: options.localizedDir, rel });
      if (kind === 'mdx') pages.mdx.push({ file, route });
      const doc = await loadDoc({ abs, file, rel, routeBasePath: settings.routeBasePath, diagnostics, markdownFormat: options.config.markdown.format, fence: options.fence });
      // A Markdown page's route is its path (a docs `slug` or number prefix means nothing here).
      if (doc && (includeDrafts || !doc.draft)) pages.markdown.push({ ...doc, route, slugLine: undefined });
    }
  }
  return { pages, diagnostics };
}
