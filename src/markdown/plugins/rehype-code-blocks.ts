/**
 * Highlights fenced code at build time with shiki (light and dark theme as CSS variables) and
 * wraps it in the code-block frame: optional title bar, language label and a copy button that
 * the client script unhides.
 *
 * Meta syntax (after the language): `title="server.js"`, `{1,3-5}` for highlighted lines and
 * `showLineNumbers` (`showLineNumbers=5` numbers from 5), as in Docusaurus; its magic comments
 * (`// highlight-next-line`, `highlight-start`/`-end`) also mark lines, and are removed from the code.
 */
import type { Element, ElementContent, Parents, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';
import { takeMagicComments, type MagicComment } from '../magic-comments.ts';

/** Highlights one block: here (shiki's own highlighter) or on another thread (a promise). */
export interface BlockHighlighter {
  /** shiki's `<pre class="shiki"><code>`; a language it does not know is shown as `text`. */
  highlight(input: { code: string; lang: string }): Element | Promise<Element>;
}

/** Options for {@link rehypeCodeBlocks}. */
export interface RehypeCodeBlocksOptions {
  /** Created once per site by `createCodeHighlighter` or `createHighlighterThread`. */
  highlighter: BlockHighlighter;
  /** The kinds of magic comments (`markdown.magicComments`). @default Docusaurus's highlighting comments */
  magicComments?: readonly MagicComment[];
}

const titleRE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const linesRE = /\{([\d\s,-]+)\}/;
const lineNumbersRE = /(?:^|\s)showLineNumbers(?:=(\d+))?(?=\s|$)/;

/** A code block found in the tree, before highlighting. */
interface Block {
  node: Element; parent: Parents; index: number; language?: string; meta: string; text: string;
  /** Lines marked by magic comments (1-based, in `text`). */
  marked: Set<number>;
  /** Lines a site's own magic comments mark, with their classes. */
  classes: Map<number, string[]>;
}

/**
 * rehype plugin: replaces every `<pre><code>` with a highlighted `div.code-block`. With a
 * highlighter on another thread, the page waits for its blocks while the main thread goes on
 * with other pages.
 */
export function rehypeCodeBlocks({ highlighter, magicComments }: RehypeCodeBlocksOptions) {
  return (tree: Root, file: VFile): void | Promise<void> => {
    const blocks: Block[] = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (!code) return;
      // remark-rehype ends the text with a newline that would become an empty last line.
      const magic = takeMagicComments(toString(code).replace(/\n$/, ''), magicComments);
      for (const problem of magic.problems) {
        const start = node.position?.start;
        file.message(problem.message, {
          // Line 0 of the code is the line after the opening fence.
          place: start ? { line: start.line + 1 + problem.line, column: 1 } : undefined,
          ruleId: 'markdown/magic-comment',
          source: 'sitegen',
        });
      }
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
      blocks.push({ node, parent, index, language: languageOf(code), meta, text: magic.code, marked: magic.lines, classes: magic.classes });
      return SKIP;
    });
    if (blocks.length === 0) return;

    const failed = (block: Block, cause: unknown): Element => {
      // A grammar that cannot run, or a highlighter thread that died, must not fail the page.
      file.message(`Cannot highlight code as \`${block.language ?? 'text'}\`; showing it as plain text`, {
        place: block.node.position,
        ruleId: 'markdown/code-highlight',
        source: 'sitegen',
        cause: cause instanceof Error ? cause : undefined,
      });
      return plainPre(block.text);
    };
    const results = blocks.map((block): Element | Promise<Element> => {
      try {
        const pre = highlighter.highlight({ code: block.text, lang: block.language ?? 'text' });
        return pre instanceof Promise ? pre.catch((cause: unknown) => failed(block, cause)) : pre;
      } catch (cause) {
        return failed(block, cause);
      }
    });
    const frameAll = (pres: Element[]) => blocks.forEach((block, i) => frame(block, pres[i]));
    if (results.some((r) => r instanceof Promise)) return Promise.all(results).then(frameAll);
    frameAll(results as Element[]);
  };
}

/** Puts a highlighted `<pre>` in its frame (title, language label, copy button), in place of the block. */
function frame(block: Block, pre: Element): void {
  const { language, meta } = block;
  // shiki writes a `class` string with the theme names; the frame only needs `shiki`.
  pre.properties = { className: ['shiki'], tabIndex: 0, style: pre.properties.style };
  markLines(pre, new Set([...parseLineRanges(meta), ...block.marked]), block.classes);
  numberLines(pre, meta);
  const children: ElementContent[] = [];
  const title = titleRE.exec(meta);
  if (title) children.push(element('div', { className: ['code-block-title'] }, [title[1] ?? title[2] ?? title[3]]));
  children.push(pre);
  if (language) children.push(element('span', { className: ['code-block-lang'] }, [language]));
  children.push(
    element('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code', hidden: true }, ['Copy']),
  );
  block.parent.children[block.index] = {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-block'], dataLanguage: language ?? 'text' },
    children,
    position: block.node.position,
  };
}

/** The shape shiki gives plain text: one `span.line` per line, newlines between them. */
function plainPre(text: string): Element {
  const children: ElementContent[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) children.push({ type: 'text', value: '\n' });
    children.push({ type: 'element', tagName: 'span', properties: { className: ['line'] }, children: line ? [{ type: 'text', value: line }] : [] });
  });
  return { type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'element', tagName: 'code', properties: {}, children }] };
}

function languageOf(code: Element): string | undefined {
  const classes = Array.isArray(code.properties.className) ? code.properties.className : [];
  const match = classes.map(String).find((name) => name.startsWith('language-'));
  return match?.slice('language-'.length);
}

/** `{1,3-5}` → {1, 3, 4, 5}. */
function parseLineRanges(meta: string): Set<number> {
  const lines = new Set<number>();
  const match = linesRE.exec(meta);
  if (!match) return lines;
  for (const part of match[1].split(',')) {
    const [from, to = from] = part.split('-').map((value) => Number.parseInt(value, 10));
    if (Number.isNaN(from) || Number.isNaN(to)) continue;
    for (let line = from; line <= Math.min(to, from + 10_000); line++) lines.add(line);
  }
  return lines;
}

/** `showLineNumbers[=N]`: the stylesheet numbers the lines (a CSS counter, so copied code has no numbers). */
function numberLines(pre: Element, meta: string): void {
  const match = lineNumbersRE.exec(meta);
  if (!match) return;
  (pre.properties.className as string[]).push('line-numbers');
  const start = match[1] === undefined ? 1 : Number.parseInt(match[1], 10);
  if (start !== 1) (pre.children[0] as Element).properties.style = `counter-reset:line ${start - 1}`;
}

function markLines(pre: Element, lines: Set<number>, classes: Map<number, string[]>): void {
  if (lines.size === 0 && classes.size === 0) return;
  const code = pre.children[0] as Element;
  let number = 0;
  for (const child of code.children) {
    if (child.type !== 'element') continue;
    number++;
    const own = [...(lines.has(number) ? ['highlighted'] : []), ...classes.get(number) ?? []];
    if (own.length) child.properties.class = [String(child.properties.class ?? 'line'), ...own].join(' ');
  }
}

function element(tagName: string, properties: Element['properties'], text: string[]): Element {
  return { type: 'element', tagName, properties, children: text.map((value) => ({ type: 'text', value })) };
}
