import { useMdxSite } from './context.tsx';

/** Options of {@link useBaseUrl}, as Docusaurus 3 names them. */
export interface BaseUrlOptions {
  /** Prepend the base even when the URL already starts with it (`/docs-site/x` → `/docs-site/docs-site/x`). */
  forcePrependBaseUrl?: boolean;
  /** Return an absolute URL: the site's `url` before the based path. */
  absolute?: boolean;
}

/** What {@link useBaseUrlUtils} gives: the base of the site, applied as {@link useBaseUrl} does. */
export interface BaseUrlUtils {
  withBaseUrl(url: string, options?: BaseUrlOptions): string;
}

/** A URL with a scheme (`https:`, `mailto:`, `pathname:`) or protocol-relative (`//cdn…`), as Docusaurus tests it. */
const protocolRE = /^(?:\w*:|\/\/)/;

/** True when `url` has a protocol, which Docusaurus never puts the base before. */
export function hasProtocol(url: string): boolean {
  return protocolRE.test(url);
}

/**
 * Docusaurus 3's `addBaseUrl`: `/img/a.png` under `/docs-site/` → `/docs-site/img/a.png`. Left as
 * they are: the empty string, `#anchors` and URLs with a protocol; a URL already under the base
 * is not based twice (unless `forcePrependBaseUrl`), and the base without its slash becomes the
 * base. A relative URL (`img/a.png`) gets the base too, as in Docusaurus.
 */
export function addBaseUrl(input: { siteUrl: string; baseUrl: string; url: string; options?: BaseUrlOptions }): string {
  const { siteUrl, baseUrl, url, options = {} } = input;
  if (!url || url.startsWith('#') || hasProtocol(url)) return url;
  if (options.forcePrependBaseUrl) return baseUrl + url.replace(/^\//, '');
  // `/docs-site` → `/docs-site/` (facebook/docusaurus#6315).
  if (url === baseUrl.replace(/\/$/, '')) return baseUrl;
  const based = url.startsWith(baseUrl) ? url : baseUrl + url.replace(/^\//, '');
  return options.absolute ? siteUrl.replace(/\/$/, '') + based : based;
}

/** `@docusaurus/useBaseUrl`'s named export: a function that bases any URL (for lists of URLs). */
export function useBaseUrlUtils(): BaseUrlUtils {
  const { siteConfig } = useMdxSite();
  return {
    withBaseUrl: (url, options) => addBaseUrl({ siteUrl: siteConfig.url, baseUrl: siteConfig.baseUrl, url, options }),
  };
}

/** `@docusaurus/useBaseUrl`: the URL under the site's `baseUrl` (see {@link addBaseUrl}). */
export default function useBaseUrl(url: string, options: BaseUrlOptions = {}): string {
  return useBaseUrlUtils().withBaseUrl(url, options);
}
