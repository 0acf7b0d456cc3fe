import { decodeHTMLAttribute } from 'entities';
import { detach } from '../util/detach.ts';

/**
 * A comment, CDATA section, declaration (doctype) or processing instruction, all skipped, or a
 * start tag with its attributes (quoted values may hold `>`). End tags are text here.
 * The run of plain characters is matched once and never given back (`(?=(…))\3`, an atomic
 * group): as `(?:[^>"']+|…)*`, a tag left open by raw HTML in a page (`<div xxx"` with no `>` or
 * quote after it) made the engine try every way of splitting the run: 24 characters took 3 s.
 */
const tagRE = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[!?][^>]*>|<([a-zA-Z][^\s/>]*)((?:(?=([^>"']+))\3|"[^"]*"|'[^']*')*)>/g;
/** One attribute of a start tag: name, then a double-quoted, single-quoted or bare value, if any. */
const attributeRE = /([^\s"'>/=][^\s"'>/=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** Elements whose content is text, never tags (as htmlparser2 reads them). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);
const closers = new Map([...RAW_TEXT].map((name) => [name, new RegExp(`</${name}`, 'gi')]));

/**
 * Link targets and element ids of a rendered page, each passed through `intern` (by default a
 * detached copy; callers extracting many pages share one copy of the navbar, footer and sidebar
 * links with {@link createInterner}). Read from the start tags only, so only real elements
 * count: `<a href="/x">` written inside a code block or inline code is escaped text, never a
 * link of the page; comments and the content of `<script>`, `<style>` and other raw-text
 * elements are skipped. The inline JSON data, and everything after it, is not read (its links
 * are the same as the markup's).
 *
 * A scanner, not a full HTML parser: on the 10,000-page corpus, htmlparser2 building every
 * attribute of every highlighted-code `<span>` took 7 s of the build. Its results are checked
 * against htmlparser2's on every page of the real site and on hand-written edge cases.
 */
export function extractLinks(html: string, intern: (value: string) => string = detach): { hrefs: string[]; ids: string[] } {
  const hrefs: string[] = [];
  const ids: string[] = [];
  tagRE.lastIndex = 0;
  for (let match = tagRE.exec(html); match; match = tagRE.exec(html)) {
    const [, rawName, attributes] = match;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    // Most tags of a page (highlighted code) have none of the three attributes: skip them unparsed.
    const interesting = /(?:href|src|id)\s*=/i.test(attributes);
    const values = interesting || name === 'script' ? readAttributes(attributes) : undefined;
    if (name === 'script' && values?.get('id') === '__sitegen') break;
    if (values) {
      const href = values.get('href');
      const src = values.get('src');
      const id = values.get('id');
      // Detached (interned): the page's HTML must not stay in memory for as long as its links are kept.
      if (href !== undefined) hrefs.push(intern(href));
      if (src !== undefined) hrefs.push(intern(src));
      if (id !== undefined) ids.push(intern(id));
    }
    const closer = closers.get(name);
    if (closer && !attributes.trimEnd().endsWith('/')) {
      closer.lastIndex = tagRE.lastIndex;
      const close = closer.exec(html);
      if (!close) break;
      tagRE.lastIndex = close.index;
    }
  }
  return { hrefs, ids };
}

/** Attributes by lower-case name, values decoded; the first of a repeated name wins. */
function readAttributes(attributes: string): Map<string, string> {
  const values = new Map<string, string>();
  attributeRE.lastIndex = 0;
  for (let match = attributeRE.exec(attributes); match; match = attributeRE.exec(attributes)) {
    const name = match[1].toLowerCase();
    if (values.has(name)) continue;
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    values.set(name, raw.includes('&') ? decodeHTMLAttribute(raw) : raw);
  }
  return values;
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
