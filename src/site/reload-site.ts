import { existsSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { docsFileKind, loadDocsFile, orderDocs } from '../content/collect-docs.ts';
import { blogFileKind, loadBlogFile, orderPosts } from '../content/collect-blog.ts';
import { logoFiles } from '../content/load-logos.ts';
import { sidebarsFile } from '../content/load-sidebars.ts';
import { withLastUpdates } from '../content/load-last-updates.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { withContentSeverities, type BuildPolicy } from './build-policy.ts';
import { loadSite, type Site } from './load-site.ts';

/**
 * Returns `site` updated for the files that changed (paths relative to the root, with `/`):
 * only those files are read again, so one edit on a 10,000-page site costs one file read.
 * Unchanged docs and posts keep their object identity, which lets the render cache skip them.
 * A change it cannot apply file by file (the config, the sidebars file, `authors.yml`) reloads everything;
 * so must the caller when a folder was added or removed, as the list then names no files.
 * `policy` must be the one `site` was loaded with.
 */
export async function reloadSite(options: { site: Site; changed: string[]; policy: Pick<BuildPolicy, 'includeDrafts'> }): Promise<Site> {
  const { site, changed, policy } = options;
  const { root, config } = site;
  const docsDir = `${config.docs.path}/`;
  const blogDir = `${config.blog.path}/`;
  const sidebars = config.docs.sidebarPath && sidebarsFile(root, config.docs.sidebarPath);
  // The pages folder is listed anew on any change in it; a change beside it (`src/components`,
  // which React pages import) bundles the pages again, which a full load does.
  const pagesRoot = path.posix.dirname(config.pages.path) === '.' ? config.pages.path : path.posix.dirname(config.pages.path);
  const hasPages = site.pages.react.length + site.pages.markdown.length + site.pages.mdx.length > 0;
  const inPages = (file: string) => file.startsWith(`${config.pages.path}/`) || (hasPages && file.startsWith(`${pagesRoot}/`));
  // The logo is inlined in every page: its files are read with the rest.
  const logos = Object.values(logoFiles(config, root));
  // Versioned docs (several versions, their list, their folders) are loaded whole again.
  // So are further docs instances (`docsInstances`: their folders, sidebars and versions).
  const instanceFiles = config.docsInstances.flatMap((d) => [`${d.path}/`, ...(d.sidebarPath ? [d.sidebarPath] : []), `${d.id}_versions.json`, `${d.id}_versioned_docs/`, `${d.id}_versioned_sidebars/`]);
  const versioned = (file: string) => file === 'versions.json' || file.startsWith('versioned_docs/') || file.startsWith('versioned_sidebars/')
    || (site.docVersions.length > 1 && file.startsWith(docsDir)) || instanceFiles.some((f) => file === f || (f.endsWith('/') && file.startsWith(f)));
  const needsFullLoad = changed.some((file) => file === site.configFile || file === sidebars || file === `${blogDir}authors.yml` || inPages(file) || logos.includes(file) || versioned(file));
  if (needsFullLoad) return loadSite({ root, policy });

  const docs = new Map(site.docs.map((d) => [d.file, d]));
  const categories = new Map(site.categories.map((c) => [c.file ?? c.dir.join('/'), c]));
  const posts = new Map(site.posts.map((p) => [p.file, p]));
  const diagnostics: Diagnostic[] = [];
  const reloaded = new Set<string>();

  for (const file of new Set(changed)) {
    // A file that is gone, or is no longer what it was, leaves; one that reads back comes in again.
    const gone = !existsSync(path.join(root, file));
    const before = diagnostics.length;
    if (file.startsWith(docsDir) && docsFileKind(file.slice(docsDir.length), config.docs)) {
      reloaded.add(file);
      docs.delete(file);
      categories.delete(file);
      const entry = gone ? undefined : await loadDocsFile({ root, docsDir: config.docs.path, routeBasePath: config.docs.routeBasePath, rel: file.slice(docsDir.length), diagnostics, markdownFormat: config.markdown.format, fence: site.fence, patterns: config.docs });
      if (entry?.kind === 'doc') docs.set(file, entry.doc);
      if (entry?.kind === 'category') categories.set(file, entry.category);
    } else if (file.startsWith(blogDir) && blogFileKind(file.slice(blogDir.length))) {
      reloaded.add(file);
      posts.delete(file);
      const post = gone ? undefined : await loadBlogFile({ root, blogDir: config.blog.path, routeBasePath: config.blog.routeBasePath, rel: file.slice(blogDir.length), authors: site.authors, diagnostics, markdownFormat: config.markdown.format, fence: site.fence });
      if (post) posts.set(file, post);
    }
    // Deleted between the check above and the read (a tool that deletes and writes a file
    // again): it is gone, and the watcher reports what comes next.
    if (!gone && !existsSync(path.join(root, file)) && !isSymlink(path.join(root, file))) diagnostics.splice(before);
    // Anything else (an image beside a page) changes no source; the render cache re-checks
    // every image a page resolved, so pages showing it are re-rendered.
  }
  if (reloaded.size === 0) return site;

  // The same order and draft rule as the full walk (collectDocs, collectBlog).
  const { includeDrafts } = policy;
  // Last updates of the docs read again (docs.showLastUpdateTime): their files' times, without
  // git. Files that changed during a session are uncommitted edits (git would say the same),
  // and three git processes on every save doubled the time from save to the page on screen.
  const fresh = [...docs.values()].filter((d) => reloaded.has(d.file));
  for (const d of (await withLastUpdates({ root, config, docs: fresh, source: 'file-time' })).docs) docs.set(d.file, d);
  return {
    ...site,
    ...orderDocs({ docs: docs.values(), categories: categories.values(), includeDrafts }),
    posts: orderPosts({ posts: posts.values(), includeDrafts }),
    diagnostics: [...site.diagnostics.filter((d) => !reloaded.has(d.file)), ...withContentSeverities(diagnostics, config)],
  };
}

function isSymlink(abs: string): boolean {
  return lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink() === true;
}
