import { detach } from '../util/detach.ts';

const hrefRE = /\s(?:href|src)="([^"]*)"/g;
const idRE = /\sid="([^"]*)"/g;

/** Decodes the few entities an attribute value may carry. */
function decodeAttr(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * Link targets and element ids of a rendered page, each passed through `intern` (by default a
 * detached copy; callers extracting many pages share one copy of the navbar, footer and sidebar
 * links with {@link createInterner}). The inline JSON data is skipped (its links
 * are the same as the markup's); attributes are always double-quoted in our output.
 */
export function extractLinks(html: string, intern: (value: string) => string = detach): { hrefs: string[]; ids: string[] } {
  const end = html.indexOf('<script type="application/json" id="__sitegen">');
  const markup = end >= 0 ? html.slice(0, end) : html;
  // Detached: the page's HTML must not stay in memory for as long as its links are kept.
  const hrefs = [...markup.matchAll(hrefRE)].map((m) => intern(decodeAttr(m[1])));
  const ids = [...markup.matchAll(idRE)].map((m) => intern(decodeAttr(m[1])));
  return { hrefs, ids };
}

/**
 * Returns one detached instance per distinct string. Every page of a big site repeats hundreds
 * of sidebar, navbar and footer links: shared, they cost a pointer per page instead of a string.
 */
export function createInterner(): (value: string) => string {
  const pool = new Map<string, string>();
  return (value) => {
    let kept = pool.get(value);
    if (kept === undefined) pool.set((kept = detach(value)), kept);
    return kept;
  };
}
