import { Parser } from 'htmlparser2';

/**
 * The links and ids of a page as a full HTML parser (htmlparser2) reads them: the reference the
 * build's scanner (src/links/extract-links.ts) is checked against.
 */
export function referenceLinks(html: string): { hrefs: string[]; ids: string[] } {
  const hrefs: string[] = [];
  const ids: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.id === '__sitegen') {
        parser.pause();
        return;
      }
      if (attributes.href !== undefined) hrefs.push(attributes.href);
      if (attributes.src !== undefined) hrefs.push(attributes.src);
      if (attributes.id !== undefined) ids.push(attributes.id);
    },
  }, { decodeEntities: true });
  parser.end(html);
  return { hrefs, ids };
}
