import { headTagsCsp } from './head-tags.ts';
import { Feed } from 'feed';
import { remoteStylesheets } from './katex-stylesheet.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import { feedPaths, joinRoute } from '../util/routes.ts';
import { publicUrl } from '../util/public-url.ts';
import { escapeHtml } from './render-document.ts';


/**
 * Characters XML 1.0 does not allow anywhere, not even in CDATA: C0 controls but tab, line feed
 * and carriage return, lone surrogates, U+FFFE and U+FFFF. A feed holding one is not XML.
 */
const notXmlRE = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/**
 * Stands for `]]>` in the text `feed` puts in CDATA sections (items' title, description and
 * content), where it escapes only the first `]]>` of each (xml-js's non-global replace), so a post
 * holding two made the feed invalid. It holds NUL, which `xmlText` removes from every text, so it
 * cannot occur in one. Swapped for the CDATA split `]]]]><![CDATA[>` in the finished XML.
 */
const CDATA_END = '\u0000cdata-end\u0000';

/** Text that can go into a feed's elements (escaped by xml-js): only characters XML allows. */
function xmlText(text: string): string;
function xmlText(text: string | undefined): string | undefined;
function xmlText(text: string | undefined): string | undefined {
  return text?.replace(notXmlRE, '');
}

/** Text that `feed` puts in a CDATA section: `xmlText`, and each `]]>` marked for the split. */
function cdataText(text: string): string {
  return xmlText(text).replaceAll(']]>', CDATA_END);
}

/** The finished feed: every marked `]]>` becomes the split that keeps it inside CDATA. */
function finishXml(xml: string): string {
  return xml.replaceAll(CDATA_END, ']]]]><![CDATA[>');
}

/**
 * RSS 2.0 and Atom feeds with the `feedOptions.limit` most recent posts (or every post), full
 * content included. Whatever a post holds, the feeds are well-formed XML (see `xmlText`).
 */
export function renderFeeds(options: { config: SiteConfig; posts: Rendered<PostSource>[] }): { path: string; contents: string }[] {
  const { config, posts } = options;
  const paths = feedPaths(config);
  const abs = (path: string): string => config.url + publicUrl({ baseUrl: config.baseUrl, path });
  const blogUrl = abs(joinRoute(config.blog.routeBasePath));
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: xmlText(config.blog.feedOptions.title ?? `${config.title} Blog`),
    description: xmlText(config.blog.feedOptions.description ?? config.blog.description),
    language: config.locale,
    copyright: xmlText(config.blog.feedOptions.copyright),
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: paths.rss && abs(paths.rss), atom: paths.atom && abs(paths.atom) },
    favicon: config.favicon ? abs(config.favicon) : undefined,
  });
  const limit = config.blog.feedOptions.limit || posts.length;
  for (const post of posts.slice(0, limit)) {
    const url = abs(post.route);
    feed.addItem({
      id: url, link: url, title: cdataText(post.title), description: cdataText(post.description),
      date: new Date(`${post.date}T00:00:00Z`),
      // Absolute URLs: feed readers have no base URL.
      content: cdataText(post.md.html.replace(/(href|src)="(\/(?!\/)[^"]*)"/g, (_, attr: string, path: string) => `${attr}="${abs(path)}"`)),
      author: post.authors.map((a) => ({ name: xmlText(a.name), link: a.url })),
    });
  }
  const files: { path: string; contents: string }[] = [];
  if (paths.rss) files.push({ path: paths.rss.slice(1), contents: finishXml(feed.rss2()) });
  if (paths.atom) files.push({ path: paths.atom.slice(1), contents: finishXml(feed.atom1()) });
  return files;
}

/** sitemap.xml listing every indexable route. */
export function renderSitemap(options: { config: SiteConfig; routes: { route: string; lastmod?: string }[] }): string {
  const { config, routes } = options;
  const urls = routes.map((r) => `  <url><loc>${escapeHtml(config.url + publicUrl({ baseUrl: config.baseUrl, path: r.route }))}</loc>${r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: allows everything (unless `noIndex`) and points at the sitemap. */
export function renderRobots(config: SiteConfig): string {
  const rule = config.noIndex ? 'Disallow: /' : 'Allow: /';
  return `User-agent: *\n${rule}\n\nSitemap: ${config.url}${publicUrl({ baseUrl: config.baseUrl, path: '/sitemap.xml' })}\n`;
}

/**
 * Output whose file names carry a content hash, safe to cache for a year: the client bundle, the
 * search index's shards and fragments (its manifest is not hashed) and the split sidebar file.
 * `sitegen serve` uses the same list (HASHED_RE in src/serve/send-content.ts).
 */
export const IMMUTABLE_PATHS = ['/assets/*', '/search-index/shards/*', '/search-index/fragments/*', '/_chunks/*'];

/**
 * `_headers` for static hosts (Netlify/Cloudflare Pages style): a Content-Security-Policy that
 * allows our own scripts plus the hashed inline colour-mode script, and the configured stylesheets
 * of other hosts (not KaTeX's, which the site serves itself); no-sniff and referrer policy; long
 * caching for hashed assets.
 */
export function renderHeaders(options: { config: SiteConfig; headScriptHash: string; searchOrigin?: string }): string {
  const { config, headScriptHash, searchOrigin } = options;
  const styleOrigins = [...new Set(remoteStylesheets(config).map((href) => new URL(href).origin))];
  // The config's scripts on other hosts and inline scripts of `headTags` (head-tags.ts).
  const { scriptOrigins, scriptHashes } = headTagsCsp(config);
  const csp = [
    "default-src 'self'",
    `script-src 'self' '${headScriptHash}' ${[...scriptHashes, ...scriptOrigins].map((v) => `${v} `).join('')}'wasm-unsafe-eval'`,
    // KaTeX (and the highlighter's two-theme fallback) write style attributes; stylesheets stay restricted.
    // A mermaid diagram's SVG carries its own `<style>` (`markdown.mermaid`).
    `style-src-elem 'self' ${config.markdown.mermaid ? "'unsafe-inline' " : ''}${styleOrigins.join(' ')}`.trim(),
    "style-src-attr 'unsafe-inline'",
    `font-src 'self' ${styleOrigins.join(' ')}`.trim(),
    "img-src 'self' data:",
    `connect-src 'self'${searchOrigin ? ` ${searchOrigin}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
  return `/*
${config.contentSecurityPolicy ? `  Content-Security-Policy: ${csp}\n` : ''}  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin

${IMMUTABLE_PATHS.map((p) => `${p}\n  Cache-Control: public, max-age=31536000, immutable\n`).join('\n')}`;
}
