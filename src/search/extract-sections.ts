/**
 * Pulls the searchable text out of a rendered page: the element marked `data-pagefind-body`,
 * split into sections at `h2`/`h3` headings that carry an `id`. A small tag scanner is enough
 * (and fast) because the HTML is our own renderer's output: quoted attributes, balanced tags.
 */
import { decodeHTML } from 'entities';

/** A section of a page: the intro (no anchor) or the text under one `h2`/`h3`. */
export interface PageSection {
  /** The heading's id; absent for the intro before the first heading. */
  anchor?: string;
  heading?: string;
  /** Text blocks (paragraphs, list items, table cells…) in order. */
  blocks: string[];
}

/** The indexable content of one page. */
export interface ExtractedPage {
  /** `lang` of the `<html>` element, when present. */
  language?: string;
  sections: PageSection[];
}

/** A comment, or a start or end tag; the run of plain characters is atomic (see extract-links.ts). */
const tagRE = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:(?=([^>"']+))\4|"[^"]*"|'[^']*')*)>/g;
const classRE = /\sclass="([^"]*)"/;
const idRE = /\sid="([^"]*)"/;
const htmlLangRE = /<html\b[^>]*\slang="([^"]*)"/;
/** The opening tag of the region (inline JSON data escapes `<`, so it cannot match there). */
const regionRE = /<[a-zA-Z][^<>]*\sdata-pagefind-body\b/;
const sectionHeadingRE = /^h[23]$/;

/**
 * Never text: chrome inside the article, elements whose content is not prose, and a formula's
 * TeX source (`annotation`): a reader sees `μ`, not `\mu`, so the index and snippets use the
 * MathML copy's text.
 */
const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'button', 'h1', 'select', 'textarea', 'annotation']);
/** Anchors next to headings, code-block chrome, the in-article TOC, post dates, KaTeX's visual copy. */
const SKIP_CLASSES = ['hash-link', 'copy-button', 'code-block-lang', 'toc-mobile', 'toc', 'post-meta', 'katex-html'];
/** Drawings: skipped, except their accessible name and description. */
const SOFT_SKIP_TAGS = new Set(['svg']);
const RESCUED_TAGS = new Set(['title', 'desc']);
/** MathML tokens: each is a word of the formula (`R = ⌊ x ⌋`), so a space goes before it. */
const MATH_TOKEN_TAGS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Inline elements that still separate words (a card's title and description). */
const BLOCK_CLASSES = ['card-title', 'card-description'];
/**
 * A table row is one block, its cells separated by ` · ` and the row ended by `;` (unless it ends
 * a sentence), so that a snippet never runs one cell or one row into the next ("Default 15 Meaning
 * Percent chance" read as one phrase): `Setting · Default · Meaning;`.
 */
const CELL_TAGS = new Set(['td', 'th']);
const CELL_SEPARATOR = ' · ';
const ROW_END = ';';
/** Inline elements do not separate words; every other tag ends a text block. */
const INLINE_TAGS = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's',
  'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var',
  // A formula is part of its sentence: MathML layout elements do not end a block.
  'math', 'semantics', 'mrow', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'mfrac', 'msqrt', 'mroot', 'msup', 'msub',
  'msubsup', 'munder', 'mover', 'munderover', 'mspace', 'annotation', ...MATH_TOKEN_TAGS,
]);

type Mode = 'normal' | 'skip' | 'soft' | 'rescue' | 'heading';

/**
 * Extracts the sections of `html`'s indexable region, or `undefined` when the page has none
 * (it is then not indexed). Elements with `data-pagefind-ignore` are skipped, as in Pagefind.
 */
export function extractSections(html: string): ExtractedPage | undefined {
  const region = regionRE.exec(html);
  if (!region) return undefined;
  const language = htmlLangRE.exec(html)?.[1] || undefined;
  const sections: PageSection[] = [{ blocks: [] }];
  let current = sections[0];
  let block = '';
  let heading: PageSection | undefined;
  const stack: { name: string; mode: Mode; breaks: boolean }[] = [];
  let skip = 0;
  let soft = 0;
  let rescue = 0;

  // A cell that held blocks of its own (HTML in a table), or an empty last cell, leaves no separator dangling.
  const dropSeparator = () => {
    const text = block.trimEnd();
    if (text.endsWith(CELL_SEPARATOR.trimEnd())) block = text.slice(0, -CELL_SEPARATOR.trimEnd().length);
  };
  const flush = () => {
    if (block === '') return;
    dropSeparator();
    const text = squeeze(block);
    if (text) current.blocks.push(text);
    block = '';
  };
  // Inside a table row: a cell that started (for the separator before the next one).
  let cells = 0;

  tagRE.lastIndex = region.index;
  let textStart = tagRE.lastIndex;
  for (let match = tagRE.exec(html); match; match = tagRE.exec(html)) {
    if (skip === 0 && (soft === 0 || rescue > 0) && match.index > textStart) {
      const text = decodeHTML(html.slice(textStart, match.index));
      if (heading) heading.heading = (heading.heading ?? '') + text;
      else block += text;
    }
    textStart = tagRE.lastIndex;
    const [, closing, rawName, attrs] = match;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (closing) {
      // Pop to the matching element; tolerate stray closers.
      let at = stack.length - 1;
      while (at >= 0 && stack[at].name !== name) at--;
      if (at < 0) continue;
      if (name === 'tr' && !heading && skip === 0) {
        dropSeparator();
        // A row that ends a sentence needs no mark of its own.
        if (cells > 0 && block.trim()) block = block.trimEnd() + (/[.!?;:]$/.test(block.trimEnd()) ? '' : ROW_END);
        cells = 0;
      }
      if (stack[at].breaks && !heading) flush();
      while (stack.length > at) {
        const entry = stack.pop()!;
        if (entry.mode === 'skip') skip--;
        else if (entry.mode === 'soft') soft--;
        else if (entry.mode === 'rescue') rescue--;
        else if (entry.mode === 'heading' && heading) {
          heading.heading = heading.heading === undefined ? undefined : squeeze(heading.heading);
          current = heading;
          heading = undefined;
        }
      }
      if (stack.length === 0) break; // end of the indexable region
      continue;
    }
    if (name === 'script' || name === 'style') {
      // Raw text: jump past the closing tag so `<` inside cannot confuse the scanner.
      const close = html.indexOf(`</${name}`, tagRE.lastIndex);
      const end = close < 0 ? -1 : html.indexOf('>', close);
      tagRE.lastIndex = textStart = end < 0 ? html.length : end + 1;
      continue;
    }
    const cell = CELL_TAGS.has(name) && stack.some((entry) => entry.name === 'tr');
    if (cell && !heading) {
      if (cells > 0 && block.trim() && !block.trimEnd().endsWith(CELL_SEPARATOR.trimEnd())) block += CELL_SEPARATOR;
      cells++;
    }
    const breaks = !cell && (!INLINE_TAGS.has(name) || BLOCK_CLASSES.some((c) => attrs.includes(c)));
    if (breaks && !heading) flush();
    if (VOID_TAGS.has(name) || attrs.endsWith('/')) continue;
    const mode = modeOf({ name, attrs, skip, soft });
    if (mode === 'normal' && skip === 0 && soft === 0 && MATH_TOKEN_TAGS.has(name)) {
      if (heading) heading.heading += ' ';
      else block += ' ';
    }
    if (mode === 'skip') skip++;
    else if (mode === 'soft') soft++;
    else if (mode === 'rescue') rescue++;
    else if (mode === 'heading') {
      heading = { anchor: idRE.exec(attrs)![1], heading: '', blocks: [] };
      sections.push(heading);
    }
    stack.push({ name, mode, breaks });
  }
  flush();
  return { language, sections };
}

/** Whitespace other than single spaces between words. */
const looseSpaceRE = /[^\S ]| {2}/;

/**
 * Runs of whitespace as one space, none at the ends. Most blocks have only single spaces: they
 * are only trimmed (on 10,000 pages the regex replacement of every block took 1.4 s).
 */
function squeeze(text: string): string {
  return looseSpaceRE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/** How an opening tag affects text collection. */
function modeOf(options: { name: string; attrs: string; skip: number; soft: number }): Mode {
  const { name, attrs, skip, soft } = options;
  if (SKIP_TAGS.has(name) || attrs.includes('data-pagefind-ignore')) return 'skip';
  const classes = classRE.exec(attrs)?.[1].split(/\s+/);
  if (classes?.some((c) => SKIP_CLASSES.includes(c))) return 'skip';
  if (SOFT_SKIP_TAGS.has(name)) return 'soft';
  if (soft > 0 && RESCUED_TAGS.has(name)) return 'rescue';
  if (skip === 0 && soft === 0 && sectionHeadingRE.test(name) && idRE.test(attrs)) return 'heading';
  return 'normal';
}
