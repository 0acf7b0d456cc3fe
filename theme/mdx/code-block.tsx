import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { Children, type ReactNode } from 'react';
import { VFile } from 'vfile';
import { rehypeCodeBlocks } from '../../src/markdown/plugins/rehype-code-blocks.ts';
import { useMdxCodeHighlighter, type MdxCodeHighlighter } from './code-highlighter.tsx';
import { ElementCode } from './element-code.tsx';

/** Props of {@link CodeBlock}, as in Docusaurus 3. */
export interface CodeBlockProps {
  /** The code. Elements instead of a string are shown as they are, without highlighting. */
  children?: ReactNode;
  /** `language-js` gives the language when `language` is absent. */
  className?: string;
  /** What follows the language on a fence's first line: `{1,3-5}`, `title="…"`, `showLineNumbers`. */
  metastring?: string;
  /** The title bar's text; wins over a title in `metastring`. */
  title?: string;
  language?: string;
  /** Number the lines, from 1 or from the number given. */
  showLineNumbers?: boolean | number;
}

/**
 * `@theme/CodeBlock`: exactly the markup of a fenced block of the same code, language and meta
 * (src/markdown/plugins/rehype-code-blocks.ts does both): highlighted by the build's shiki
 * highlighter, in the frame with its title bar, language label and copy button, magic comments
 * and `{1,3}` lines marked.
 */
export default function CodeBlock(props: CodeBlockProps): ReactNode {
  const highlighter = useMdxCodeHighlighter();
  const language = props.language ?? /(?:^|\s)language-(\S+)/.exec(props.className ?? '')?.[1];
  const items = Children.toArray(props.children);
  if (!items.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return <ElementCode language={language}>{props.children}</ElementCode>;
  }
  const frame = frameCode({ highlighter, code: items.join(''), language, meta: metaOf(props) });
  // The frame's own attributes are fixed (rehype-code-blocks.ts); its content is the fenced block's HTML, byte for byte.
  return <div className="code-block" data-language={String(frame.properties.dataLanguage)} dangerouslySetInnerHTML={{ __html: toHtml(frame.children) }} />;
}

/** The meta a fence would carry for these props: the title first (the first title counts), then `metastring`. */
function metaOf({ title, metastring, showLineNumbers }: CodeBlockProps): string {
  const parts: string[] = [];
  if (title !== undefined && title !== '') parts.push(title.includes('"') ? `title='${title}'` : `title="${title}"`);
  if (metastring) parts.push(metastring);
  if (showLineNumbers === true) parts.push('showLineNumbers');
  else if (typeof showLineNumbers === 'number') parts.push(`showLineNumbers=${showLineNumbers}`);
  return parts.join(' ');
}

/** Runs the fenced-block plugin on one `<pre><code>`, as remark-rehype makes it from a fence. */
function frameCode(input: { highlighter: MdxCodeHighlighter; code: string; language: string | undefined; meta: string }): Element {
  const { highlighter, code, language, meta } = input;
  const codeElement: Element = {
    type: 'element',
    tagName: 'code',
    properties: language ? { className: [`language-${language}`] } : {},
    // A fence's text ends with a newline, which the plugin drops; so does a string child's.
    children: [{ type: 'text', value: code.endsWith('\n') ? code : `${code}\n` }],
    data: { meta },
  } as Element;
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [codeElement] }] };
  // Magic-comment problems have no Markdown line to be reported at here; the block still renders.
  const pending = rehypeCodeBlocks({ highlighter })(tree, new VFile());
  if (pending) throw new Error('Internal error: a synchronous highlighter highlighted asynchronously');
  return tree.children[0] as Element;
}
