import { detach } from '../util/detach.ts';

const hrefRE = /\s(?:href|src)="([^"]*)"/g;
const idRE = /\sid="([^"]*)"/g;

/** Decodes the few entities an attribute value may carry. */
function decodeAttr(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Link targets and element ids of a rendered page. The inline JSON data is skipped (its links
 * are the same as the markup's); attributes are always double-quoted in our output.
 */
export function extractLinks(html: string): { hrefs: string[]; ids: string[] } {
  const end = html.indexOf('<script type="application/json" id="__sitegen">');
  const markup = end >= 0 ? html.slice(0, end) : html;
  // Detached: the page's HTML must not stay in memory for as long as its links are kept.
  const hrefs = [...markup.matchAll(hrefRE)].map((m) => detach(decodeAttr(m[1])));
  const ids = [...markup.matchAll(idRE)].map((m) => detach(decodeAttr(m[1])));
  return { hrefs, ids };
}
