/**
 * Redirect pages (`redirects`, Docusaurus's `plugin-client-redirects`): for each old route, a
 * small HTML file at that route that sends the reader to the new one — at once with script
 * (`location.replace`, the query and hash kept), by `<meta http-equiv="refresh">` without, and
 * by a link a reader can follow; search engines read the canonical link. A route that is already
 * a page is not replaced, and a target that is no page of the site is an error, as a broken link.
 */
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { escapeHtml } from '../render/render-document.ts';
import { publicUrl } from '../util/public-url.ts';
import { joinRoute, routeToFile } from '../util/routes.ts';

/** A redirect page to write. */
export interface RedirectPage { from: string; to: string; path: string; html: string }

const externalRE = /^[a-z][a-z\d+.-]*:/i;

/** The redirect pages of `config.redirects`, checked against the site's routes (`routes`). */
export function planRedirects(options: { config: SiteConfig; routes: ReadonlySet<string>; configFile: string }): { pages: RedirectPage[]; diagnostics: Diagnostic[] } {
  const { config, routes, configFile } = options;
  const pages: RedirectPage[] = [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  config.redirects.forEach((redirect, index) => {
    const external = externalRE.test(redirect.to);
    // A route, then the query or hash it may carry (`/setup#depth`).
    const [, pathPart, suffix] = /^([^?#]*)(.*)$/s.exec(redirect.to)!;
    const target = external ? undefined : joinRoute(pathPart);
    const to = target === undefined ? redirect.to : target + suffix;
    if (target !== undefined && !routes.has(target)) {
      diagnostics.push({ file: configFile, severity: 'error', ruleId: 'redirects/missing-target', message: `redirects[${index}]: \`${redirect.to}\` is no page of the site`, hint: 'Redirect to a route the site has (or to a full URL).' });
      return;
    }
    for (const given of Array.isArray(redirect.from) ? redirect.from : [redirect.from]) {
      const from = joinRoute(given);
      if (routes.has(from)) {
        diagnostics.push({ file: configFile, severity: 'warning', ruleId: 'redirects/page-exists', message: `redirects[${index}]: \`${given}\` is a page of the site; it is not replaced by a redirect`, hint: 'Remove this redirect, or the page.' });
        continue;
      }
      if (seen.has(from)) continue;
      seen.add(from);
      const href = external ? to : publicUrl({ baseUrl: config.baseUrl, path: to });
      pages.push({ from, to, path: routeToFile(from), html: redirectHtml(href, external ? href : `${config.url.replace(/\/$/, '')}${href}`) });
    }
  });
  return { pages, diagnostics };
}

/** The page itself: no layout, no script file, nothing to load but the target. */
function redirectHtml(href: string, canonical: string): string {
  const h = escapeHtml(href);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<title>Moved</title>',
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta http-equiv="refresh" content="0; url=${h}">`,
    // The reader's query and hash go along, unless the target has its own.
    `<script>location.replace(${JSON.stringify(href).replace(/</g, '\\u003c')}${/[?#]/.test(href) ? '' : ' + location.search + location.hash'})</script>`,
    `</head><body><p>This page has moved to <a href="${h}">${h}</a>.</p></body></html>`,
    '',
  ].join('\n');
}
