/**
 * MDX → JavaScript with the MDX project's own compiler (@mdx-js/mdx, built on remark and rehype),
 * through the one content pipeline Markdown goes through (content-preset.ts), so an MDX page
 * looks like a Markdown page and keeps its TOC, links and word count. What differs: JSX, imports
 * and expressions pass through to the program (JSX nodes are not hast `element`s, so our rehype
 * plugins leave them alone and walk only into their children), and the ids and links a component
 * renders are read from the rendered HTML later (render-mdx-files.ts).
 */
import path from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import type { ElementContent, RootContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { VFile } from 'vfile';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { SourceLink, TocItem } from '../model.ts';
import { collectDiagnostics } from '../markdown/collect-diagnostics.ts';
import type { BlockHighlighter } from '../markdown/plugins/rehype-code-blocks.ts';
import type { RenderMarkdownInput } from '../markdown/create-markdown-renderer.ts';
import { preprocessAdmonitionTitles } from '../markdown/preprocess-admonition-titles.ts';
import { preprocessMdx } from './preprocess-mdx.ts';
import { unwrapMdxCodeBlocks } from './unwrap-mdx-code-blocks.ts';
import { randomBytes } from 'node:crypto';
import { rehypeStaticHtml } from './rehype-static-html.ts';
import { recmaIslands, type PageIslands } from './remark-islands.ts';
import { contentPreset, type ContentPresetOptions, type SitePlugins } from '../markdown/content-preset.ts';
import type { MdxElementPlace, MdxImportPlace, MdxLinkPlace } from './remark-mdx-compat.ts';

/** Site-wide MDX settings (the Markdown renderer's, see MarkdownRendererOptions). */
export interface MdxCompilerOptions {
  /** Highlights code blocks (here, or on the highlighter's thread). */
  highlighter: BlockHighlighter;
  tocMinLevel?: number;
  tocMaxLevel?: number;
  math?: boolean;
  baseUrl?: string;
  /** The site's own remark and rehype plugins (`markdown.*Plugins`): see content-preset.ts. */
  plugins?: SitePlugins;
  /** `markdown.magicComments`. */
  magicComments?: ContentPresetOptions['magicComments'];
  /** `markdown.mermaid`. */
  mermaid?: boolean;
  /** The site folder: plugins see each file at its absolute path (see MarkdownRendererOptions.root). */
  root?: string;
}

/** An MDX body compiled: an ES module (`export default MDXContent`) and what the Markdown phase records. */
export interface CompiledMdx {
  /** The program, or `undefined` when the body does not parse (then `diagnostics` say where). */
  code?: string;
  toc: TocItem[];
  /** Links and images written in Markdown syntax, at their file positions. */
  links: SourceLink[];
  wordCount: number;
  /** Plain text of the first paragraph of prose (remark-description.ts). */
  description?: string;
  /** Offset of the truncate marker in `preprocessed`, when the body has one. */
  truncateOffset?: number;
  /** The body as compiled (MDX 1 compatibility applied): an excerpt is a prefix of it. */
  preprocessed: string;
  elements: MdxElementPlace[];
  jsxLinks: MdxLinkPlace[];
  /** Each import's specifier at its place in the file (front matter counted), for the resolver's diagnostics. */
  imports: MdxImportPlace[];
  /** Static blocks of the page, as HTML, and the prefix of their placeholders (rehype-static-html.ts). */
  statics: { nonce: string; html: string[] };
  /** The page's island candidates (remark-islands.ts), when `islands` was asked for. */
  islands?: PageIslands;
  diagnostics: Diagnostic[];
}

/**
 * Compiles one MDX body; `preprocessed` marks a body that already went through preprocessMdx;
 * `partial` one bundled into other pages or into the browser's islands (its static blocks stay
 * in its program); `islands` a page whose island candidates are wanted (remark-islands.ts).
 */
export type MdxCompiler = (input: RenderMarkdownInput & { preprocessed?: boolean; partial?: boolean; islands?: boolean }) => Promise<CompiledMdx>;

/** A page compiled, and its excerpt (the body up to the truncate marker) when it has one. */
export interface CompiledMdxPage {
  page: CompiledMdx;
  excerpt?: CompiledMdx;
}

/**
 * Compiles a page and, as Docusaurus does for list pages, its excerpt: the source up to the
 * truncate marker, compiled alone. Plain data: it crosses threads and goes into the store.
 *
 * @example
 * const { page, excerpt } = await compileMdxPage(compile, { source: body, file, lineOffset: 4, islands: true });
 */
export async function compileMdxPage(compile: MdxCompiler, input: Parameters<MdxCompiler>[0]): Promise<CompiledMdxPage> {
  const page = await compile(input);
  if (page.code === undefined || page.truncateOffset === undefined) return { page };
  const excerpt = await compile({ ...input, source: page.preprocessed.slice(0, page.truncateOffset), preprocessed: true, islands: false });
  return { page, excerpt };
}

/**
 * Makes the MDX processor once per site; the returned function compiles one body.
 *
 * @example
 * const compile = createMdxCompiler({ highlighter });
 * const { code, toc, diagnostics } = await compile({ source: body, file: 'content/docs/tabs.mdx', lineOffset: 4 });
 */
export function createMdxCompiler(options: MdxCompilerOptions): MdxCompiler {
  // The same plugins as Markdown (content-preset.ts); MDX's parser replaces remark-parse, and the
  // page becomes a program: static blocks as HTML strings, islands marked for the browser.
  const preset = contentPreset({ format: 'mdx', highlighter: options.highlighter, math: options.math, baseUrl: options.baseUrl, tocMinLevel: options.tocMinLevel, tocMaxLevel: options.tocMaxLevel, magicComments: options.magicComments, mermaid: options.mermaid, ...options.plugins });
  const processor = createProcessor({
    format: 'mdx',
    outputFormat: 'program',
    jsxImportSource: 'react',
    // Global components (`@theme/MDXComponents`, a site's `src/theme/MDXComponents`) through a
    // provider, as in Docusaurus: partials and islands get them too (theme/mdx/mdx-provider.tsx).
    providerImportSource: '@mdx-js/react',
    remarkPlugins: preset.remarkPlugins,
    rehypePlugins: [...preset.rehypePlugins, rehypeStaticHtml],
    recmaPlugins: [recmaIslands],
  });

  return async function compileMdx(input) {
    const preprocessed = input.preprocessed ? input.source : preprocessMdx(preprocessAdmonitionTitles(unwrapMdxCodeBlocks(input.source)));
    // Letters and digits only, so React writes the placeholders as they are.
    const statics = { nonce: `sgstatic${randomBytes(6).toString('hex')}n`, html: [] as string[] };
    const file = new VFile({
      path: options.root ? path.join(options.root, input.file) : input.file,
      value: preprocessed,
      data: {
        lineOffset: input.lineOffset, tocMinLevel: input.tocMinLevel, tocMaxLevel: input.tocMaxLevel,
        resolveLink: input.resolveLink, resolveAsset: input.resolveAsset, resolveData: input.resolveData, listData: input.listData,
        ...(input.partial ? {} : { mdxStatic: statics.html, mdxStaticNonce: statics.nonce }),
        mdxFindIslands: input.islands === true,
      },
    });
    const empty = { toc: [], links: [], wordCount: 0, preprocessed, elements: [], jsxLinks: [], imports: [], statics };
    try {
      await processor.process(file);
    } catch (cause) {
      return { ...empty, diagnostics: [syntaxDiagnostic({ cause, file: input.file, lineOffset: input.lineOffset })] };
    }
    const toc = (file.data.toc ?? []).map(({ depth, id, children }) => ({ depth, id, html: tocHtml(children) }));
    return {
      code: withTocExport(String(file.value), toc),
      toc,
      links: file.data.links ?? [],
      wordCount: file.data.wordCount ?? 0,
      description: file.data.description ?? '',
      truncateOffset: file.data.truncateOffset,
      preprocessed,
      elements: file.data.mdxElements ?? [],
      jsxLinks: file.data.mdxLinks ?? [],
      imports: (file.data.mdxImports ?? []).map((i) => ({ ...i, line: i.line + input.lineOffset })),
      statics,
      islands: file.data.mdxIslands,
      diagnostics: collectDiagnostics({ file, path: input.file, lineOffset: input.lineOffset }),
    };
  };
}

/**
 * The program with Docusaurus's `toc` export (`[{ value, id, level }]`, what `<TOCInline
 * toc={toc} />` reads), unless the page declares its own `toc`. The headings are those of the
 * site's TOC levels (`toc.minHeadingLevel`–`maxHeadingLevel`), not every level as in Docusaurus.
 */
function withTocExport(code: string, toc: { depth: number; id: string; html: string }[]): string {
  if (/\b(?:const|let|var|function|class)\s+toc\b|\bas\s+toc\b|\{\s*toc\s*[,}]/.test(code)) return code;
  return `${code}\nexport const toc = ${JSON.stringify(toc.map(({ depth, id, html }) => ({ value: html, id, level: depth })))};\n`;
}

/** An MDX parse error (micromark's mdx extensions give line and column), or another failure to compile, as a diagnostic. */
function syntaxDiagnostic(options: { cause: unknown; file: string; lineOffset: number }): Diagnostic {
  const { cause, file, lineOffset } = options;
  const message = cause as { reason?: string; message?: string; line?: number; column?: number; place?: Point | { start?: Point }; source?: string };
  const at = placeOf(message);
  // A message a plugin raised at a place (a site's plugin type-checking a code block): the plugin's problem, not MDX's syntax.
  if (at && message.source && !mdxParserSourceRE.test(message.source)) {
    return {
      file, line: at.line + lineOffset, column: at.column, severity: 'error', ruleId: 'markdown/plugin',
      message: `The Markdown plugin \`${message.source}\` failed here: ${(message.reason ?? message.message ?? '').trimEnd()}`,
      hint: 'This comes from one of the site\'s own remark or rehype plugins (`markdown.*Plugins`, a Docusaurus preset\'s `remarkPlugins`): see what it needs (packages, types) or fix what it points at.',
    };
  }
  if (!at) {
    // Not a parse error: a plugin failed on this file. Reported at the file, the build goes on.
    return {
      file, severity: 'error', ruleId: 'mdx/compile', message: `Cannot compile MDX: ${message.message ?? String(cause)}`,
      hint: 'This is a problem in sitegen or a Markdown plugin rather than in the file; simplify the file to find what triggers it, and report it.',
    };
  }
  return {
    file, line: at.line + lineOffset, column: at.column, severity: 'error', ruleId: 'mdx/syntax',
    // The span some messages end with counts lines of the body: the position above replaces it.
    message: `Cannot parse MDX: ${(message.reason ?? message.message ?? '').replace(spanRE, '').trimEnd()}`,
    hint: 'Fix the JSX or expression at this position; in MDX, `<` and `{` start JSX and expressions: write `\\<` and `\\{` for the characters themselves.',
  };
}

interface Point { line?: number; column?: number }
/** The `source` of the messages MDX's own parser raises (micromark's extensions, mdast-util-mdx-*, acorn). */
const mdxParserSourceRE = /^(?:micromark|mdast-util-mdx|acorn|remark-mdx|mdx|@mdx-js)/;
/** `(3:1-3:21)` at the end of a message: mdast-util-mdx-jsx names a mismatched tag's span only there. */
const spanRE = /\((\d+):(\d+)-\d+:\d+\)$/;

/** Where a parse error is, from its `place` (a point or a span) or its message; `undefined` when it has none. */
function placeOf(message: { reason?: string; line?: number; column?: number; place?: Point | { start?: Point } }): { line: number; column: number } | undefined {
  const point = message.place && 'start' in message.place ? message.place.start : (message.place as Point | undefined);
  const line = message.line ?? point?.line;
  if (typeof line === 'number') return { line, column: message.column ?? point?.column ?? 1 };
  const span = spanRE.exec(message.reason ?? '');
  return span ? { line: Number(span[1]), column: Number(span[2]) } : undefined;
}

/**
 * A TOC heading's HTML. Only hast elements and text are written: a JSX element inside a heading
 * is a component that renders at run time, so its text children stand for it here.
 */
function tocHtml(children: ElementContent[]): string {
  const plain = (nodes: RootContent[]): RootContent[] => nodes.flatMap((node): RootContent[] => {
    if (node.type === 'element') return [{ ...node, children: plain(node.children) as ElementContent[] }];
    if (node.type === 'text') return [node];
    return 'children' in node && Array.isArray(node.children) ? plain(node.children as RootContent[]) : [];
  });
  return toHtml({ type: 'root', children: plain(children) });
}
