/**
 * The Markdown phase: one frozen unified processor (GFM, math, directives, our plugins, shiki,
 * KaTeX) built once per site, and a render function reused for every page.
 *
 * Per-page input (front-matter offset, link/asset resolvers, TOC levels) travels on the VFile's
 * `data`, so the processor itself never changes after start-up.
 */
import path from 'node:path';
import type { MagicComment } from './magic-comments.ts';
import type { ElementContent, Root as HastRoot, RootContent } from 'hast';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { MarkdownResult, TocItem } from '../model.ts';
import { collectDiagnostics } from './collect-diagnostics.ts';
import { createCodeHighlighter } from './create-code-highlighter.ts';
import { createHighlighterThread } from './highlighter-thread.ts';
import type { ResolveAsset, ResolveLink } from './markdown-data.ts';
import type { ResolveData } from './plugins/remark-data.ts';
import { contentPreset, type SitePlugins } from './content-preset.ts';
import type { BlockHighlighter } from './plugins/rehype-code-blocks.ts';
import { createParseGuard, isRefusal } from './parse-guard.ts';
import { preprocessAdmonitionTitles } from './preprocess-admonition-titles.ts';

/** Site-wide Markdown settings. */
export interface MarkdownRendererOptions {
  /** Shallowest heading level in the TOC. @default 2 */
  tocMinLevel?: number;
  /** Deepest heading level in the TOC. @default 3 */
  tocMaxLevel?: number;
  /** Highlighted code blocks the highlighter keeps for re-renders (see createCodeHighlighter). */
  highlightCacheSize?: number;
  /**
   * Highlight code on a thread of its own (see createHighlighterThread), so that shiki's work
   * overlaps with parsing; pages then finish out of order. Off in the Markdown pool's workers,
   * which keep both cores busy already. @default false
   */
  highlightOnThread?: boolean;
  /** `$…$` and `$$…$$` are formulas, rendered with KaTeX (`markdown.math`). @default false */
  math?: boolean;
  /** The site's `baseUrl`: root-relative links and images get it (`/guide` → `/docs-site/guide`). @default '/' */
  baseUrl?: string;
  /** The site's own remark and rehype plugins (`markdown.*Plugins`): see content-preset.ts. */
  plugins?: SitePlugins;
  /** `markdown.magicComments`: the kinds of magic comments in code blocks. @default Docusaurus's */
  magicComments?: readonly MagicComment[];
  /** `markdown.mermaid`: ```` ```mermaid ```` blocks are diagrams. @default false */
  mermaid?: boolean;
  /**
   * The site folder: plugins see each file at its absolute path (`file.path`), as Docusaurus
   * gives it (a site's plugin may resolve imports between code blocks from it). Diagnostics
   * still name the file from the site root. @default the path from the site root
   */
  root?: string;
}

/** One page to render. */
export interface RenderMarkdownInput {
  /** The Markdown body without front matter. */
  source: string;
  /** Path relative to the site root, for diagnostics, e.g. `content/docs/rules.md`. */
  file: string;
  /** Lines taken by the front matter; added to every reported line. */
  lineOffset: number;
  /** Per-page TOC levels from front matter. */
  tocMinLevel?: number;
  tocMaxLevel?: number;
  /** Resolves a relative `.md` link (`../rules.md#food`) to a route (`/rules#food`), or `undefined`. */
  resolveLink?: ResolveLink;
  /** Resolves a local image path to its output URL, or `undefined` when the file does not exist. */
  resolveAsset?: ResolveAsset;
  /** Reads a data file of `content/data/` by name, for the data directives (remark-data.ts). */
  resolveData?: ResolveData;
  /** Every data file name, for "did you mean". */
  listData?: () => string[];
}

/** Renders one page; reuse it for every page of the site. `close()` stops the highlighter thread, if any. */
export type MarkdownRenderer = ((input: RenderMarkdownInput) => Promise<MarkdownResult>) & {
  close(): Promise<void>;
  /** The renderer's highlighter (here or on its thread): MDX pages compiled beside it share it. */
  highlighter: BlockHighlighter;
};

/** The frozen unified processor for `preset`: freezing runs every plugin's attacher, the site's too. */
function buildProcessor(preset: ReturnType<typeof contentPreset>) {
  return unified()
    .use(remarkParse)
    .use(preset.remarkPlugins)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(preset.rehypePlugins)
    .use(rehypeStringify, { allowDangerousHtml: true })
    .freeze();
}

/**
 * Builds the processor and the shiki highlighter (the expensive part, done once).
 *
 * @example
 * const render = await createMarkdownRenderer();
 * const { html, toc, links, diagnostics } = await render({ source, file: 'content/docs/rules.md', lineOffset: 6 });
 */
export async function createMarkdownRenderer(options: MarkdownRendererOptions = {}): Promise<MarkdownRenderer> {
  const local = () => createCodeHighlighter({ cacheSize: options.highlightCacheSize });
  // If the thread cannot start (its bundle cannot be written, say), highlight here as before.
  const highlighter = options.highlightOnThread
    ? await createHighlighterThread({ cacheSize: options.highlightCacheSize }).catch(local)
    : await local();
  const close = async () => {
    if ('close' in highlighter) await highlighter.close();
  };
  let processor: ReturnType<typeof buildProcessor>;
  try {
    processor = buildProcessor(contentPreset({ format: 'md', highlighter, math: options.math, baseUrl: options.baseUrl, tocMinLevel: options.tocMinLevel, tocMaxLevel: options.tocMaxLevel, magicComments: options.magicComments, mermaid: options.mermaid, ...options.plugins }));
  } catch (error) {
    // A site's plugin that throws while the processor is frozen (its attacher runs then) must not
    // leave the highlighter thread behind: its port kept the process alive after the error.
    await close();
    throw error;
  }

  // Markdown may come from a stranger: no file may hang the build (parse-guard.ts).
  const guardParse = createParseGuard();
  const toHtml = (children: Array<RootContent | ElementContent>) =>
    processor.stringify({ type: 'root', children } as HastRoot);

  return Object.assign(async function renderMarkdown(input: RenderMarkdownInput): Promise<MarkdownResult> {
    const file = new VFile({
      path: options.root ? path.join(options.root, input.file) : input.file,
      value: preprocessAdmonitionTitles(input.source),
      data: {
        lineOffset: input.lineOffset,
        tocMinLevel: input.tocMinLevel,
        tocMaxLevel: input.tocMaxLevel,
        resolveLink: input.resolveLink,
        resolveAsset: input.resolveAsset,
        resolveData: input.resolveData,
        listData: input.listData,
      },
    });
    const parsed = guardParse(input.source, () => processor.parse(file));
    if (isRefusal(parsed)) {
      const refusal = file.message(parsed.message, { place: { line: parsed.line, column: 1 }, ruleId: parsed.ruleId, source: 'sitegen' });
      refusal.fatal = true;
      refusal.note = parsed.hint;
      return { html: '', toc: [], anchors: [], links: [], wordCount: 0, description: '', diagnostics: collectDiagnostics({ file, path: input.file, lineOffset: input.lineOffset }) };
    }
    const tree = (await processor.run(parsed, file)) as HastRoot;
    const html = processor.stringify(tree, file);

    const truncateOffset = file.data.truncateOffset;
    const toc: TocItem[] = (file.data.toc ?? []).map(({ depth, id, children }) => ({ depth, id, html: toHtml(children) }));
    return {
      html,
      excerptHtml: truncateOffset === undefined ? undefined : toHtml(leadingChildren(tree, truncateOffset)),
      toc,
      anchors: file.data.anchors ?? [],
      links: file.data.links ?? [],
      wordCount: file.data.wordCount ?? 0,
      description: file.data.description ?? '',
      diagnostics: collectDiagnostics({ file, path: input.file, lineOffset: input.lineOffset }),
    };
  }, { close, highlighter });
}

/**
 * Top-level nodes that start before the truncate marker. Every block keeps the position of the
 * Markdown it came from, so the cut needs no second render; the trailing newline is dropped.
 */
function leadingChildren(tree: HastRoot, offset: number): RootContent[] {
  const end = tree.children.findIndex((child) => (child.position?.start.offset ?? -1) >= offset);
  const leading = end === -1 ? tree.children : tree.children.slice(0, end);
  const last = leading.at(-1);
  return last?.type === 'text' && last.value.trim() === '' ? leading.slice(0, -1) : leading;
}
