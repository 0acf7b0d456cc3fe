import type { SiteConfig } from '../config/schema.ts';
/** Joins route segments into a clean route: one leading `/`, no trailing `/`, no `//`. */
export function joinRoute(...parts: string[]): string {
  const joined = parts.join('/').replace(/\/+/g, '/').replace(/\/$/, '');
  return joined.startsWith('/') ? joined || '/' : `/${joined}`;
}

/** Output file for a route with trailing slash off: `/` → `index.html`, `/a/b` → `a/b.html`. */
export function routeToFile(route: string): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/**
 * The data file client navigation fetches for a route (`/a/b` → `_pages/a/b.json`, `/` →
 * `_pages/index.json`): the page's data with its article, written beside its HTML
 * (render-pages.ts), so that moving to another page costs its content, not its whole document.
 */
export function routeToDataFile(route: string): string {
  return `_pages/${routeToFile(route).replace(/\.html$/, '.json')}`;
}

/**
 * The route whose output file is `file` (`a/b.html`, from the output folder): the inverse of
 * {@link routeToFile}. `docs/index.html` is the route `/docs/index` (a doc with `slug: index`),
 * not `/docs`, which would be written to `docs.html`.
 */
export function fileToRoute(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
}

/** The route a site path names: `/guide/`, `/guide.html` and `/guide/index.html` are `/guide`. */
export function pathToRoute(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '').replace(/(\/index)?\.html$/, '') || '/' : path;
}

/** Feed file paths (site-relative: `/blog/rss.xml`, the output holds them without the base). */
export function feedPaths(config: SiteConfig): { rss?: string; atom?: string } {
  const type = config.blog.feedOptions.type;
  return {
    rss: type === 'rss' || type === 'all' ? joinRoute(config.blog.routeBasePath, 'rss.xml') : undefined,
    atom: type === 'atom' || type === 'all' ? joinRoute(config.blog.routeBasePath, 'atom.xml') : undefined,
  };
}
