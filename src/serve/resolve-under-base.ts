import { publicUrl, stripBase } from '../util/public-url.ts';
import { resolveRequest, type IsFile, type Resolution } from './resolve-request.ts';

/**
 * `resolveRequest` for a site built with a `baseUrl` other than `/`: the output holds files at
 * site-relative paths, the public URLs carry the base. Like Docusaurus's serve, `/` and the bare
 * base (`/docs-site`) redirect to the base (`/docs-site/`); any other path outside the base gets
 * the 404 page; inside it, the base is stripped, the request resolved, and redirects re-based.
 */
export function resolveUnderBase(options: { rawUrl: string; baseUrl: string; isFile: IsFile }): Resolution {
  const { rawUrl, baseUrl, isFile } = options;
  if (baseUrl === '/') return resolveRequest(rawUrl, isFile);
  const [rawPath, query = ''] = rawUrl.split(/\?(.*)/s, 2);
  const search = query ? `?${query}` : '';
  if (rawPath === '/' || rawPath === baseUrl.slice(0, -1)) return { kind: 'redirect', location: encodeURI(baseUrl) + search };
  const inner = stripBase({ baseUrl, path: rawPath });
  if (inner === undefined || !rawPath.startsWith(baseUrl)) {
    return isFile('/404.html') ? { kind: 'file', file: '/404.html', status: 404 } : { kind: 'not-found' };
  }
  const resolution = resolveRequest(inner + search, isFile);
  if (resolution.kind !== 'redirect') return resolution;
  return { kind: 'redirect', location: publicUrl({ baseUrl: encodeURI(baseUrl), path: resolution.location }) };
}
