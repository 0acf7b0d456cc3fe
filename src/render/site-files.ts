import { Feed } from 'feed';
import type { SiteConfig } from '../config/schema.ts';
import type { PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import { feedPaths, joinRoute } from '../util/routes.ts';
import { publicUrl } from '../util/public-url.ts';
import { escapeHtml } from './render-document.ts';


/** RSS 2.0 and Atom feeds with the `feedOptions.limit` most recent posts (or every post), full content included. */
export function renderFeeds(options: { config: SiteConfig; posts: Rendered<PostSource>[] }): { path: string; contents: string }[] {
  const { config, posts } = options;
  const paths = feedPaths(config);
  const abs = (path: string): string => config.url + publicUrl({ baseUrl: config.baseUrl, path });
  const blogUrl = abs(joinRoute(config.blog.routeBasePath));
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: config.blog.feedOptions.title ?? `${config.title} Blog`,
    description: config.blog.feedOptions.description ?? config.blog.description,
    language: config.locale,
    copyright: config.blog.feedOptions.copyright,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : undefined,
    feedLinks: { rss: paths.rss && abs(paths.rss), atom: paths.atom && abs(paths.atom) },
    favicon: config.favicon ? abs(config.favicon) : undefined,
  });
  const limit = config.blog.feedOptions.limit || posts.length;
  for (const post of posts.slice(0, limit)) {
    const url = abs(post.route);
    feed.addItem({
      id: url, link: url, title: post.title, description: post.description,
      date: new Date(`${post.date}T00:00:00Z`),
      // Absolute URLs: feed readers have no base URL.
      content: post.md.html.replace(/(href|src)="(\/(?!\/)[^"]*)"/g, (_, attr: string, path: string) => `${attr}="${abs(path)}"`),
      author: post.authors.map((a) => ({ name: a.name, link: a.url })),
    });
  }
  const files: { path: string; contents: string }[] = [];
  if (paths.rss) files.push({ path: paths.rss.slice(1), contents: feed.rss2() });
  if (paths.atom) files.push({ path: paths.atom.slice(1), contents: feed.atom1() });
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
 * allows our own scripts plus the hashed inline colour-mode script, and the configured CDN
 * stylesheets; no-sniff and referrer policy; long caching for hashed assets.
 */
export function renderHeaders(options: { config: SiteConfig; headScriptHash: string; searchOrigin?: string }): string {
  const { config, headScriptHash, searchOrigin } = options;
  const styleOrigins = [...new Set(config.stylesheets.map((s) => new URL(s.href).origin))];
  const csp = [
    "default-src 'self'",
    `script-src 'self' '${headScriptHash}' 'wasm-unsafe-eval'`,
    // KaTeX (and the highlighter's two-theme fallback) write style attributes; stylesheets stay restricted.
    `style-src-elem 'self' ${styleOrigins.join(' ')}`.trim(),
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
  Content-Security-Policy: ${csp}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin

${IMMUTABLE_PATHS.map((p) => `${p}\n  Cache-Control: public, max-age=31536000, immutable\n`).join('\n')}`;
}
