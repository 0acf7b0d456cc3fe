/** What to answer for a request path. `file` is relative to the served root, with `/` (`/quickstart.html`). */
export type Resolution =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad-request' }
  | { kind: 'not-found' };

/** Answers whether a root-relative path (`/x.html`) is a servable file. */
export type IsFile = (file: string) => boolean;

/**
 * `%2e` (dot), `%2f` (slash) and `%5c` (backslash) have no business in a page URL; decoding them
 * is how `..` and `/` sneak past a naive check, so their encoded form is refused outright.
 */
const encodedDotOrSlashRE = /%2e|%2f|%5c/i;

/**
 * Maps a request URL to a file like a production static host with clean URLs:
 * `/x` → `x.html` or `x/index.html`; `/x.html`, `/x/index.html` and `/x/` redirect (301) to `/x`,
 * keeping the query; anything else is the 404 page. Path traversal (`..`, `%2e%2e`, encoded
 * slashes, backslashes, `//`, NUL) is refused outright.
 *
 * Pure apart from `isFile`, so `sitegen serve` (disk) and `sitegen dev` (memory) share it.
 */
export function resolveRequest(rawUrl: string, isFile: IsFile): Resolution {
  const [rawPath, query = ''] = rawUrl.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
  // `//host/x` would make a protocol-relative redirect target: an open redirect.
  if (!rawPath.startsWith('/') || rawPath.startsWith('//') || encodedDotOrSlashRE.test(rawPath)) return { kind: 'bad-request' };
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'bad-request' };
  }
  if (pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').some((s) => s === '..' || s === '.')) {
    return { kind: 'bad-request' };
  }

  // Canonical clean URLs.
  if (pathname !== '/' && pathname.endsWith('/index.html')) return redirect(pathname.slice(0, -'/index.html'.length) || '/', search);
  if (pathname.endsWith('.html') && isFile(pathname)) return redirect(pathname.slice(0, -'.html'.length) || '/', search);
  if (pathname.length > 1 && pathname.endsWith('/')) return redirect(pathname.replace(/\/+$/, '') || '/', search);

  const candidates = pathname === '/' ? ['/index.html'] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  const found = candidates.find((candidate) => isFile(candidate));
  if (found) return { kind: 'file', file: found, status: 200 };
  return isFile('/404.html') ? { kind: 'file', file: '/404.html', status: 404 } : { kind: 'not-found' };
}

function redirect(location: string, search: string): Resolution {
  return { kind: 'redirect', location: encodeURI(location) + search };
}
