import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../config/load-config.ts';
import { loadCategory, loadDoc } from '../content/collect-docs.ts';
import { loadPost } from '../content/collect-blog.ts';
import { sidebarsFile } from '../content/load-sidebars.ts';
import { isContentPath } from '../content/walk.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { CategoryMeta, DocSource, PostSource } from '../model.ts';
import { loadSite, type Site } from './load-site.ts';

/**
 * Returns `site` updated for the files that changed (paths relative to the root, with `/`):
 * only those files are read again, so one edit on a 10,000-page site costs one file read.
 * Unchanged docs and posts keep their object identity, which lets the render cache skip them.
 * A change it cannot apply file by file (the config, the sidebars file, `authors.yml`, `.mdx`) reloads everything;
 * so must the caller when a folder was added or removed, as the list then names no files.
 */
export async function reloadSite(options: { site: Site; changed: string[] }): Promise<Site> {
  const { site, changed } = options;
  const { root, config, mode } = site;
  const docsDir = `${config.docs.path}/`;
  const blogDir = `${config.blog.path}/`;
  const sidebars = config.docs.sidebarPath && sidebarsFile(root, config.docs.sidebarPath);
  const needsFullLoad = changed.some((file) => file === CONFIG_FILE || file === sidebars || file === `${blogDir}authors.yml` || file.endsWith('.mdx'));
  if (needsFullLoad) return loadSite({ root, mode });

  const docs = new Map(site.docs.map((d) => [d.file, d]));
  const categories = new Map(site.categories.map((c) => [c.file ?? c.dir.join('/'), c]));
  const posts = new Map(site.posts.map((p) => [p.file, p]));
  const diagnostics: Diagnostic[] = [];
  const include = <T extends { draft: boolean }>(source: T | undefined) => (source && (mode === 'dev' || !source.draft) ? source : undefined);
  const reloaded = new Set<string>();

  for (const file of new Set(changed)) {
    const abs = path.join(root, file);
    const gone = !existsSync(abs);
    if (file.startsWith(docsDir) && isContentPath(file.slice(docsDir.length))) {
      const rel = file.slice(docsDir.length);
      if (rel.endsWith('/_category_.json') || rel === '_category_.json') {
        reloaded.add(file);
        setOrDelete(categories, file, gone ? undefined : await loadCategory({ abs, file, rel, diagnostics }));
      } else if (rel.endsWith('.md')) {
        reloaded.add(file);
        setOrDelete(docs, file, gone ? undefined : include(await loadDoc({ abs, file, rel, routeBasePath: config.docs.routeBasePath, diagnostics })));
      }
    } else if (file.startsWith(blogDir) && file.endsWith('.md') && isContentPath(file.slice(blogDir.length))) {
      const rel = file.slice(blogDir.length);
      reloaded.add(file);
      const post = gone ? undefined : await loadPost({ abs, file, rel, routeBasePath: config.blog.routeBasePath, authors: site.authors, diagnostics });
      setOrDelete(posts, file, include(post));
    }
    // Anything else (an image beside a page) changes no source; the render cache re-checks
    // every image a page resolved, so pages showing it are re-rendered.
  }
  if (reloaded.size === 0) return site;

  return {
    ...site,
    docs: [...docs.values()].sort((a, b) => a.file.localeCompare(b.file)),
    categories: [...categories.values()].sort((a, b) => a.dir.join('/').localeCompare(b.dir.join('/'))),
    // The same order as collectBlog: newest first, then by slug.
    posts: [...posts.values()].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)),
    diagnostics: [...site.diagnostics.filter((d) => !reloaded.has(d.file)), ...diagnostics],
  };
}

function setOrDelete<T extends DocSource | PostSource | CategoryMeta>(map: Map<string, T>, key: string, value: T | undefined): void {
  if (value) map.set(key, value);
  else map.delete(key);
}
