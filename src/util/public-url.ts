/**
 * The one place where a site-relative path becomes a public URL under `baseUrl`.
 *
 * Authors write links as in Docusaurus: without the base (`/quickstart`, `/img/logo.svg`); routes
 * inside sitegen are site-relative too. Only what leaves the build (HTML attributes, feeds, the
 * sitemap, the search index, the client's fetches) carries the base, added here. A path that already
 * starts with the base (`/docs-site/quickstart` under `/docs-site/`) is returned unchanged, so an
 * author who wrote the base is not double-prefixed.
 */
export function publicUrl(options: { baseUrl: string; path: string }): string {
  const { baseUrl, path } = options;
  if (baseUrl === '/' || !path.startsWith('/') || path.startsWith('//')) return path;
  if (hasBase({ baseUrl, path })) return path;
  return baseUrl + path.slice(1);
}

/** Whether `path` is already under `baseUrl` (`/docs-site`, `/docs-site/`, `/docs-site/a`, `/docs-site#x`). */
export function hasBase(options: { baseUrl: string; path: string }): boolean {
  const { baseUrl, path } = options;
  if (baseUrl === '/') return true;
  const bare = baseUrl.slice(0, -1);
  return path === bare || path.startsWith(baseUrl) || /^[?#]/.test(path.slice(bare.length)) && path.startsWith(bare);
}

/**
 * The inverse of {@link publicUrl}: a public path under the base back to its site-relative route
 * (`/docs-site/a` → `/a`, `/docs-site/` → `/`); `undefined` when the path is outside the base.
 */
export function stripBase(options: { baseUrl: string; path: string }): string | undefined {
  const { baseUrl, path } = options;
  if (baseUrl === '/') return path;
  if (!hasBase({ baseUrl, path })) return undefined;
  return `/${path.slice(baseUrl.length - 1).replace(/^\/+/, '')}`;
}
