import { hasBase, publicUrl, stripBase } from '../util/public-url.ts';
import { pathToRoute } from '../util/routes.ts';

/** A URL with a scheme (`https:`, `mailto:`) or a protocol-relative `//host`: another site. */
export const schemeRE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Where an href leads, as a browser on the built page would follow it. */
export type LinkTarget =
  | {
      kind: 'internal';
      /** Decoded path as the browser asks the server for it, base included (`/docs-site/guide`). */
      publicPath: string;
      /** Decoded path without the base (`/guide`, `/img/a.png`, `/`); unchanged when outside it. */
      path: string;
      /** The route that path names: no trailing slash, no `.html`/`/index.html`. */
      route: string;
      /** Decoded fragment without `#`; empty when none. */
      hash: string;
    }
  | { kind: 'external'; url: string };

/**
 * The one href normaliser of the build's link check and of `sitegen check-links`. A relative href
 * resolves against the page's public URL, as the browser does (`b` on `/guide/a` is `/guide/b`:
 * with trailing slashes off, a page URL is a file, not a folder); the base is then taken off
 * (authors write links without it, as in Docusaurus). Links to `siteUrl` under the base (canonical
 * URLs) are the site's own; other schemes and `//host` are external. `undefined` for an href no URL parser takes.
 */
export function resolveHref(options: { href: string; pageRoute: string; baseUrl: string; siteUrl?: string }): LinkTarget | undefined {
  const { pageRoute, baseUrl, siteUrl } = options;
  let href = options.href;
  if (siteUrl) {
    // The site's own canonical URLs (`https://site/docs-site/guide`): only those under the base,
    // as another path of the same host is not this site.
    const origin = new URL(siteUrl).origin;
    const rest = href === origin || href.startsWith(`${origin}/`) || href.startsWith(`${origin}#`) ? href.slice(origin.length) || '/' : undefined;
    if (rest !== undefined && hasBase({ baseUrl, path: rest })) href = rest;
  }
  if (schemeRE.test(href)) return { kind: 'external', url: href };
  let url: URL;
  try {
    url = new URL(href, `http://site${publicUrl({ baseUrl, path: pageRoute })}`);
  } catch {
    return undefined;
  }
  const publicPath = safeDecode(url.pathname);
  const path = stripBase({ baseUrl, path: publicPath }) ?? publicPath;
  return { kind: 'internal', publicPath, path, route: pathToRoute(path), hash: url.hash ? safeDecode(url.hash.slice(1)) : '' };
}

/**
 * `/docs-site/guide#setup`: what a browser fetches and scrolls to, the key a crawl's results and
 * a page's links are matched by (base included: under a base, `/guide` is another URL).
 */
export function publicKey(target: Extract<LinkTarget, { kind: 'internal' }>): string {
  const page = pathToRoute(target.publicPath);
  return target.hash ? `${page}#${target.hash}` : page;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
