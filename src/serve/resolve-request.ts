import { statSync } from 'node:fs';
import path from 'node:path';

/** What to answer for a request path. */
export type Resolution =
  | { kind: 'file'; file: string; status: 200 | 404 }
  | { kind: 'redirect'; location: string }
  | { kind: 'bad-request' }
  | { kind: 'not-found' };

const encodedDotOrSlashRE = /%2e|%2f|%5c/i;

/**
 * Maps a request URL to a file of `dir` like a production static host with clean URLs:
 * `/x` → `x.html` or `x/index.html`; `/x.html`, `/x/index.html` and `/x/` redirect (301) to `/x`;
 * anything else is the 404 page. Path traversal (`..`, `%2e%2e`, encoded slashes, backslashes,
 * NUL) is refused outright.
 */
export function resolveRequest(dir: string, rawUrl: string): Resolution {
  const [rawPath, query = ''] = rawUrl.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
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
  if (pathname !== '/' && /\/index\.html$/.test(pathname)) return redirect(pathname.replace(/\/index\.html$/, '') || '/', search);
  if (pathname.endsWith('.html')) {
    const clean = pathname.slice(0, -'.html'.length);
    if (isFile(dir, `${clean}.html`)) return redirect(clean, search);
  }
  if (pathname.length > 1 && pathname.endsWith('/')) return redirect(pathname.replace(/\/+$/, '') || '/', search);

  const candidates = pathname === '/' ? ['/index.html'] : [pathname, `${pathname}.html`, `${pathname}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(dir, candidate);
    if (!file.startsWith(dir + path.sep) && file !== dir) return { kind: 'bad-request' };
    if (isFile(dir, candidate)) return { kind: 'file', file, status: 200 };
  }
  const notFound = path.join(dir, '404.html');
  return isFile(dir, '/404.html') ? { kind: 'file', file: notFound, status: 404 } : { kind: 'not-found' };
}

function redirect(location: string, search: string): Resolution {
  return { kind: 'redirect', location: encodeURI(location) + search };
}

function isFile(dir: string, rel: string): boolean {
  try {
    return statSync(path.join(dir, rel)).isFile();
  } catch {
    return false;
  }
}
