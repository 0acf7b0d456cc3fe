/**
 * The build's entry to search: pages are handed over as they are rendered, and `finish()`
 * returns the local index files (issue 6). The hosted provider needs no files — its crawler
 * indexes the deployed site — so then nothing is collected.
 */
import { createHash } from 'node:crypto';
import type { SiteConfig } from '../config/schema.ts';
import type { PageData } from '../model.ts';
import { searchIndexFiles, type SearchIndexFile } from './build-search-index.ts';
import type { IndexedPage } from './collect-postings.ts';
import { extractSections } from './extract-sections.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { detach } from '../util/detach.ts';
import { generatorVersion } from '../util/generator-version.ts';

export type { SearchIndexFile } from './build-search-index.ts';

/** Collects rendered pages and writes the local search index. */
export interface SearchIndexer {
  /**
   * Indexes one rendered page. `html` is the whole document; only the element marked
   * `data-pagefind-body` is read. Pages of other types than docs, categories, blog posts and
   * Markdown pages of `src/pages` are ignored (lists and archives would only repeat the
   * posts). Returns the page's digest
   * (what it adds to `hash()`), null when it adds nothing.
   */
  add(options: { page: PageData; html: string }): string | null;
  /**
   * A page whose digest an earlier `add` of the same HTML gave (a build that kept the file):
   * it counts in `hash()` at once, and `read` gives its HTML only if `finish()` needs it, that
   * is when this index differs from the earlier build's.
   */
  addKnown(options: { page: PageData; digest: string | null; read: () => Promise<string> }): void;
  /**
   * The hash of the index the pages added so far make (10 hex digits): of everything read from
   * them, the site's language and the generator (which fixes the index format). Known before
   * `finish()`, so a build can tell that an earlier build's index is this one.
   */
  hash(): string;
  /**
   * Builds the index; paths are relative to the output root (`search-index/manifest.json`).
   * Files are made one by one as they are iterated, so write each before asking for the next.
   */
  finish(): Promise<Iterable<SearchIndexFile>>;
}

/**
 * Contextual-search tag of each indexed page type. Pages of `src/pages` are read like docs, but
 * only Markdown pages mark their article (`data-pagefind-body`): a React page is a landing page
 * repeating what the docs say, or shows what its script computes in the browser.
 */
const TAGS: Partial<Record<PageData['type'], string>> = { doc: 'docs', category: 'docs', 'blog-post': 'blog', page: 'docs' };

/** Creates the indexer of one build. */
export function createSearchIndexer(options: { config: Pick<SiteConfig, 'locale' | 'search'> }): SearchIndexer {
  const { config } = options;
  /** In the order added: a page's index entry, or how to make it (a page added by its digest). */
  let pages: (IndexedPage | { page: PageData; read: () => Promise<string> })[] = [];
  const local = config.search.provider === 'local';
  const hasher = createHash('sha1').update(`${generatorVersion()}\n${config.locale}\n`);
  const hash = () => hasher.copy().digest('hex').slice(0, 10);
  const indexedOf = (page: PageData, html: string): IndexedPage | undefined => {
    const type = TAGS[page.type];
    // On a site with several docs versions each has a tag of its own (theme/search/local-client.ts › docsTag).
    // Another docs instance's last version is plain `docs`, which contextual search always keeps;
    // its other versions are `docs-<instance>@<name>`, which it leaves out.
    const version = page.type === 'doc' || page.type === 'category' ? page.version : undefined;
    const versionTag = !version ? undefined : !version.instance ? version.name : version.latest ? `${version.instance}@${version.name}` : undefined;
    const tag = type === 'docs' && versionTag ? `docs-${versionTag}` : type;
    if (!local || !tag) return undefined;
    const extracted = extractSections(html);
    if (!extracted) return undefined;
    return {
      route: page.route,
      title: page.title,
      tag,
      language: extracted.language ?? config.locale,
      // Detached: the page's HTML must not stay in memory until `finish()`.
      sections: extracted.sections.map((section) => ({
        anchor: section.anchor === undefined ? undefined : detach(section.anchor),
        heading: section.heading === undefined ? undefined : detach(section.heading),
        blocks: section.blocks.map(detach),
      })),
    };
  };
  return {
    add({ page, html }) {
      const indexed = indexedOf(page, html);
      if (!indexed) return null;
      pages.push(indexed);
      const digest = digestOf(indexed);
      hasher.update(digest).update('\n');
      return digest;
    },
    addKnown({ page, digest, read }) {
      if (digest === null || !local) return;
      pages.push({ page, read });
      hasher.update(digest).update('\n');
    },
    hash,
    async finish() {
      if (!local) return [];
      const handed: IndexedPage[] = [];
      for (const entry of pages) {
        if (!('read' in entry)) {
          handed.push(entry);
          continue;
        }
        const indexed = indexedOf(entry.page, await entry.read());
        // A page whose digest is known was indexed from the same HTML before.
        if (!indexed) throw new SitegenError(`Cannot index ${entry.page.route}`, { diagnostics: [{ file: entry.page.route, severity: 'error', ruleId: 'search/changed-page', message: `The page \`${entry.page.route}\` changed in the output during the build.`, hint: 'Make sure nothing else writes to the output folder while sitegen builds, then build again.' }] });
        handed.push(indexed);
      }
      pages = [];
      return searchIndexFiles({ pages: handed, language: config.locale, hash: hash() });
    },
  };
}

/**
 * A page's digest: its index entry, every string length-prefixed (undefined apart from empty),
 * hashed as one string (cheaper than JSON.stringify, and than one hash update per string).
 */
function digestOf(indexed: IndexedPage): string {
  const parts: string[] = [];
  const put = (value: string | undefined) => {
    if (value === undefined) parts.push('-');
    else parts.push(`${value.length}:`, value);
  };
  for (const value of [indexed.route, indexed.title, indexed.tag, indexed.language]) put(value);
  for (const section of indexed.sections) {
    parts.push(`§${section.blocks.length}`);
    put(section.anchor);
    put(section.heading);
    for (const block of section.blocks) put(block);
  }
  return createHash('sha1').update(parts.join('')).digest('hex');
}
