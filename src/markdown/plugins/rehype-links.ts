/**
 * Collects internal links and images with their positions in the file on disk, rewrites `.md`
 * links and image paths through the page's resolvers, marks external links
 * `rel="noopener noreferrer"`, lazy-loads images, and turns a titled image that stands alone in
 * its paragraph into a `<figure>` with the title as caption.
 *
 * Root-relative URLs get the site's base (`/guide` → `/docs-site/guide`): authors write them
 * without it, as in Docusaurus, and a relative one (`api`) resolves against the based page URL.
 *
 * Positions come from the mdast nodes (remark-rehype copies `position` onto the elements), shifted
 * by `file.data.lineOffset` so they point past the front matter.
 */
import type { Element, Parents, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import type { Raw } from 'mdast-util-to-hast';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';
import type { SourceLink } from '../../model.ts';
import { publicUrl } from '../../util/public-url.ts';
import { safeDecode } from '../../util/safe-decode.ts';

const schemeRE = /^[a-z][a-z\d+.-]*:/i;
const externalRE = /^(?:https?:)?\/\//i;
const markdownPathRE = /\.mdx?(?:[#?]|$)/i;

/** rehype plugin: stores `file.data.links`, rewrites `.md` links and images. */
export function rehypeLinks(options: { baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? '/';
  const based = (url: string) => (url.startsWith('/') ? publicUrl({ baseUrl, path: url }) : url);
  return (tree: Root, file: VFile) => {
    const links: SourceLink[] = [];
    const lineOffset = file.data.lineOffset ?? 0;
    const record = (node: Element, { url, raw, kind }: Pick<SourceLink, 'url' | 'raw' | 'kind'>) => {
      const start = node.position?.start;
      // Elements without a position were generated (footnote back-references, hash links).
      if (start) links.push({ url: safeDecode(url), raw, line: start.line + lineOffset, column: start.column, kind });
    };

    // Raw HTML (`<a href="/x">` written in Markdown) stays text, not elements: its links are
    // found in it, so a broken one is reported at its line in the file, not at the page.
    const recordRaw = (node: Raw) => {
      const start = node.position?.start;
      if (!start || !node.value.includes('href')) return;
      for (const { href, line: atLine, column: atColumn } of rawHrefs(node.value)) {
        if (schemeRE.test(href) || externalRE.test(href)) continue;
        const line = start.line + lineOffset + atLine - 1;
        const column = atLine === 1 ? start.column + atColumn - 1 : atColumn;
        links.push({ url: safeDecode(href), raw: safeDecode(href), line, column, kind: 'link' });
      }
    };

    // One walk for both (a walk per plugin adds up over thousands of pages).
    visit(tree, (node, index, parent) => {
      if (node.type === 'raw') return recordRaw(node);
      if (node.type !== 'element') return;
      // Highlighted code is hundreds of spans and never holds a link.
      if (node.tagName === 'pre' || node.tagName === 'svg') return SKIP;
      if (node.tagName === 'a' && typeof node.properties.href === 'string') {
        const href = node.properties.href;
        if (externalRE.test(href)) {
          node.properties.rel = ['noopener', 'noreferrer'];
          return;
        }
        const unsafe = unsafeScheme(href);
        if (unsafe) {
          // As React does: a link that would run code or open a document the page made up.
          delete node.properties.href;
          const message = file.message(`Cannot link to \`${href.length > 60 ? `${href.slice(0, 57)}…` : href}\`: \`${unsafe}:\` URLs are not allowed in Markdown links; the link is dropped`, {
            place: node.position, ruleId: 'links/unsafe-url', source: 'sitegen',
          });
          message.note = 'Link to a page of the site or to an `https:` URL.';
          return;
        }
        if (schemeRE.test(href)) return; // mailto:, tel:…
        const raw = safeDecode(href);
        let url = href;
        if (markdownPathRE.test(raw) && file.data.resolveLink) {
          const resolved = file.data.resolveLink(raw);
          if (resolved === undefined) {
            file.message(`Cannot resolve Markdown link \`${raw}\``, {
              place: node.position,
              ruleId: 'links/markdown-link',
              source: 'sitegen',
            });
          } else {
            url = resolved;
          }
        }
        url = based(url);
        node.properties.href = url;
        record(node, { url, raw, kind: 'link' });
        return;
      }

      if (node.tagName === 'img' && typeof node.properties.src === 'string') {
        const src = node.properties.src;
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
        if (!schemeRE.test(src) && !externalRE.test(src)) {
          const raw = safeDecode(src);
          let url = src;
          if (file.data.resolveAsset) {
            const resolved = file.data.resolveAsset(raw);
            if (resolved === undefined) {
              const message = file.message(`Cannot find image \`${raw}\``, {
                place: node.position,
                ruleId: 'links/missing-image',
                source: 'sitegen',
              });
              message.fatal = true; // a missing image is an error, not a warning
            } else {
              url = resolved;
            }
          }
          url = based(url);
          node.properties.src = url;
          record(node, { url, raw, kind: 'image' });
        }
        if (parent && index !== undefined && wrapInFigure(node, parent, index)) return SKIP;
      }
    });
    file.data.links = links;
  };
}

/**
 * `javascript`, `vbscript` or `data` when `href` opens with that scheme as a browser reads it
 * (leading spaces and controls skipped, tabs and line breaks anywhere ignored, any case).
 */
function unsafeScheme(href: string): string | undefined {
  const scheme = /^([a-z]+):/i.exec(href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))?.[1].toLowerCase();
  return scheme === 'javascript' || scheme === 'vbscript' || scheme === 'data' ? scheme : undefined;
}

/**
 * `href` values of the `<a>` elements in a piece of raw HTML, each with the position (1-based,
 * in the piece) of its tag, read by an HTML parser: a comment or a `<script>` holding `<a
 * href>` is no link, and no input makes it slow (the pattern it replaces went back over the
 * rest of the piece for every unclosed `<a `: quadratic).
 */
function rawHrefs(html: string): { href: string; line: number; column: number }[] {
  const found: { href: string; line: number; column: number }[] = [];
  visit(fromHtml(html, { fragment: true }), (node) => {
    if (node.type !== 'element' || node.tagName !== 'a' || typeof node.properties.href !== 'string' || !node.position) return;
    found.push({ href: node.properties.href, line: node.position.start.line, column: node.position.start.column });
  });
  return found;
}

/**
 * A titled image alone in its paragraph becomes `<figure><img><figcaption>title</figcaption>`
 * (the paragraph is replaced, since a figure cannot sit inside a `<p>`).
 */
function wrapInFigure(image: Element, parent: Parents, index: number): boolean {
  const title = image.properties.title;
  if (typeof title !== 'string' || title === '' || parent.type !== 'element' || parent.tagName !== 'p') return false;
  const alone = parent.children.every((child, at) => at === index || (child.type === 'text' && child.value.trim() === ''));
  if (!alone) return false;
  delete image.properties.title;
  const figure: Element = {
    type: 'element',
    tagName: 'figure',
    properties: {},
    position: parent.position,
    children: [image, { type: 'element', tagName: 'figcaption', properties: {}, children: [{ type: 'text', value: title }] }],
  };
  // Replace the paragraph itself with the figure.
  Object.assign(parent, figure);
  return true;
}

