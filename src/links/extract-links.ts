import { Parser } from 'htmlparser2';
import { detach } from '../util/detach.ts';

/**
 * Link targets and element ids of a rendered page, each passed through `intern` (by default a
 * detached copy; callers extracting many pages share one copy of the navbar, footer and sidebar
 * links with {@link createInterner}). Read from the parsed document, so only real elements
 * count: `<a href="/x">` written inside a code block or inline code is text, never a link of the
 * page. The inline JSON data is skipped (its links are the same as the markup's).
 */
export function extractLinks(html: string, intern: (value: string) => string = detach): { hrefs: string[]; ids: string[] } {
  const hrefs: string[] = [];
  const ids: string[] = [];
  // Detached (interned): the page's HTML must not stay in memory for as long as its links are kept.
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.id === '__sitegen') {
        parser.pause();
        return;
      }
      if (attributes.href !== undefined) hrefs.push(intern(attributes.href));
      if (attributes.src !== undefined) hrefs.push(intern(attributes.src));
      if (attributes.id !== undefined) ids.push(intern(attributes.id));
    },
  }, { decodeEntities: true });
  parser.end(html);
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
