/**
 * Highlights fenced code at build time with shiki (light and dark theme as CSS variables) and
 * wraps it in the code-block frame: optional title bar, language label and a copy button that
 * the client script unhides.
 *
 * Meta syntax (after the language): `title="server.js"` and `{1,3-5}` for highlighted lines.
 */
import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import type { CodeHighlighter } from '../create-code-highlighter.ts';

/** Options for {@link rehypeCodeBlocks}. */
export interface RehypeCodeBlocksOptions {
  /** Created once per site by `createCodeHighlighter`. */
  highlighter: CodeHighlighter;
}

const titleRE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const linesRE = /\{([\d\s,-]+)\}/;

/** rehype plugin: replaces every `<pre><code>` with a highlighted `div.code-block`. */
export function rehypeCodeBlocks({ highlighter }: RehypeCodeBlocksOptions) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
      if (!code) return;

      const language = languageOf(code);
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? '');
      // remark-rehype ends the text with a newline that would become an empty last line.
      const text = toString(code).replace(/\n$/, '');
      let pre: Element;
      try {
        pre = highlight({ text, lang: language && highlighter.languages.has(language) ? language : 'text' });
      } catch (cause) {
        // A grammar the JavaScript regex engine cannot run must not fail the page.
        file.message(`Cannot highlight code as \`${language}\`; showing it as plain text`, {
          place: node.position,
          ruleId: 'markdown/code-highlight',
          source: 'sitegen',
          cause: cause instanceof Error ? cause : undefined,
        });
        pre = highlight({ text, lang: 'text' });
      }
      markLines(pre, parseLineRanges(meta));

      const children: ElementContent[] = [];
      const title = titleRE.exec(meta);
      if (title) children.push(element('div', { className: ['code-block-title'] }, [title[1] ?? title[2] ?? title[3]]));
      children.push(pre);
      if (language) children.push(element('span', { className: ['code-block-lang'] }, [language]));
      children.push(
        element('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code', hidden: true }, ['Copy']),
      );
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['code-block'], dataLanguage: language ?? 'text' },
        children,
        position: node.position,
      };
      return SKIP;
    });
  };

  function highlight({ text, lang }: { text: string; lang: string }): Element {
    const pre = highlighter.highlight({ code: text, lang });
    // shiki writes a `class` string with the theme names; the frame only needs `shiki`.
    pre.properties = { className: ['shiki'], tabIndex: 0, style: pre.properties.style };
    return pre;
  }
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

function markLines(pre: Element, lines: Set<number>): void {
  if (lines.size === 0) return;
  const code = pre.children[0] as Element;
  let number = 0;
  for (const child of code.children) {
    if (child.type !== 'element') continue;
    number++;
    if (lines.has(number)) child.properties.class = `${String(child.properties.class ?? 'line')} highlighted`;
  }
}

function element(tagName: string, properties: Element['properties'], text: string[]): Element {
  return { type: 'element', tagName, properties, children: text.map((value) => ({ type: 'text', value })) };
}
