/**
 * The one content pipeline: every remark and rehype plugin a page goes through, in order, for
 * Markdown and MDX alike (as Docusaurus's mdx-loader has one list for `.md` and `.mdx`). The
 * formats differ only in their parser (remark-parse or MDX's) and their serializer (HTML, or a
 * JavaScript program), and in the adapters each parser needs: Markdown reports the MDX syntax it
 * reads as text (`remarkMdxSyntax`); MDX records where its JSX elements are and which of them
 * need the browser (`remarkMdxCompat`, `remarkIslands`). A feature of the content is written once
 * here and reaches both formats.
 */
import rehypeKatex from 'rehype-katex';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { PluggableList } from 'unified';
import { CONFIG_FILE, findConfigFile } from '../config/load-config.ts';
import type { SiteConfig } from '../config/schema.ts';
import { remarkIslands } from '../mdx/remark-islands.ts';
import { guardSitePlugins, originalPlugin, SITE_PLUGIN_LISTS } from './site-plugin-guard.ts';
import { remarkMdxCompat } from '../mdx/remark-mdx-compat.ts';
import { onlyIf } from './plugins/only-if.ts';
import { rehypeAnchors } from './plugins/rehype-anchors.ts';
import { rehypeCodeBlocks, type BlockHighlighter } from './plugins/rehype-code-blocks.ts';
import type { MagicComment } from './magic-comments.ts';
import { rehypeDisplayMath } from './plugins/rehype-display-math.ts';
import { rehypeFold } from './plugins/rehype-fold.ts';
import { rehypeHeadingIds } from './plugins/rehype-heading-ids.ts';
import { rehypeLinks } from './plugins/rehype-links.ts';
import { rehypeMermaid } from './plugins/rehype-mermaid.ts';
import { rehypeTables } from './plugins/rehype-tables.ts';
import { rehypeTaskLists } from './plugins/rehype-task-lists.ts';
import { remarkAdmonitions } from './plugins/remark-admonitions.ts';
import { remarkBoard } from './plugins/remark-board.ts';
import { remarkCards } from './plugins/remark-cards.ts';
import { remarkData } from './plugins/remark-data.ts';
import { remarkDescription } from './plugins/remark-description.ts';
import { remarkDirectiveFallback } from './plugins/remark-directive-fallback.ts';
import { remarkHeadingCommentIds } from './plugins/remark-heading-comment-ids.ts';
import { remarkMdxSyntax } from './plugins/remark-mdx-syntax.ts';
import { remarkTruncate } from './plugins/remark-truncate.ts';
import { remarkWordCount } from './plugins/remark-word-count.ts';

/** The site's own plugins (`markdown.*Plugins` in the config), as Docusaurus names them. */
export interface SitePlugins {
  /** Before ours: they see the tree as the parser made it. */
  beforeDefaultRemarkPlugins?: PluggableList;
  /** After ours, before conversion to HTML. */
  remarkPlugins?: PluggableList;
  /** Before ours on the HTML tree. */
  beforeDefaultRehypePlugins?: PluggableList;
  /** After ours, before ids are collected and the page is written. */
  rehypePlugins?: PluggableList;
}

/**
 * The site's plugins from its config (`markdown.beforeDefaultRemarkPlugins`…), each guarded: one
 * that throws as the processor is set up is reported as the site's error, naming the config file
 * found in `root` (site-plugin-guard.ts).
 */
export function sitePluginsOf(config: Pick<SiteConfig, 'markdown'>, root?: string): SitePlugins {
  const lists = Object.fromEntries(SITE_PLUGIN_LISTS.map((name) => [name, config.markdown[name]])) as SitePlugins;
  return guardSitePlugins(lists, (root && findConfigFile(root)?.file) || CONFIG_FILE);
}

/** Whether the site has plugins of its own (they are functions: a worker thread must load them from the config). */
export function hasSitePlugins(plugins: SitePlugins | undefined): boolean {
  return Object.values(plugins ?? {}).some((list) => (list as PluggableList | undefined)?.length);
}

/**
 * What the site's plugins are, for cache keys: each function's source and its options. (A
 * package's plugin changes with the site's lock file, which `markdownSettings` adds.)
 */
export function sitePluginsKey(plugins: SitePlugins): string {
  return JSON.stringify(Object.entries(plugins).map(([name, list]) => [name, ((list ?? []) as unknown[]).map((p) => {
    const [fn, options] = Array.isArray(p) ? p : [p, undefined];
    return [String(originalPlugin(fn)), options === undefined ? null : JSON.stringify(options) ?? null];
  })]));
}

/** What the pipeline is made for. */
export interface ContentPresetOptions extends SitePlugins {
  /** Which parser comes before the list: adapters differ, nothing else does. */
  format: 'md' | 'mdx';
  highlighter: BlockHighlighter;
  /** `markdown.math`: `$…$` and `$$…$$` are KaTeX formulas. */
  math?: boolean;
  baseUrl?: string;
  tocMinLevel?: number;
  tocMaxLevel?: number;
  /** `markdown.magicComments`: the kinds of magic comments in code blocks. @default Docusaurus's */
  magicComments?: readonly MagicComment[];
  /** `markdown.mermaid`: ```` ```mermaid ```` blocks are diagrams. */
  mermaid?: boolean;
}

/**
 * The remark plugins (after the parser) and the rehype plugins (before the serializer) of a page.
 *
 * @example
 * const { remarkPlugins, rehypePlugins } = contentPreset({ format: 'md', highlighter, math: true });
 */
export function contentPreset(options: ContentPresetOptions): { remarkPlugins: PluggableList; rehypePlugins: PluggableList } {
  const { format, math = false } = options;
  // Plugins that act on one construct run only where the source can hold it (only-if.ts). A
  // site's plugins may add any construct to the tree: then the later ones always run.
  const sourceOnly = !options.beforeDefaultRemarkPlugins?.length && !options.remarkPlugins?.length;
  const guard = <P extends Parameters<typeof onlyIf>[1]>(test: RegExp, plugin: P) => (sourceOnly ? onlyIf(test, plugin) : plugin);
  const remarkPlugins: PluggableList = [
    remarkGfm,
    ...(math ? [remarkMath] : []),
    remarkDirective,
    ...(options.beforeDefaultRemarkPlugins ?? []),
    // Data directives first: what they insert may hold admonitions' and cards' content.
    guard(/:fact\[|::data-/, remarkData),
    // A container directive opens with at least three colons; any directive is a colon before a
    // name, which starts with anything but whitespace or punctuation.
    guard(/:::/, remarkAdmonitions),
    guard(/:::/, remarkCards),
    guard(/:\S/, remarkDirectiveFallback),
    // A test that cannot backtrack: over a run of 200,000 backticks, /`{3,}[ \t]*board/ took 5 s.
    guard(/board/, remarkBoard),
    remarkTruncate,
    // `## Title {/* #id */}`: Docusaurus 3's MDX-safe explicit id.
    guard(/\/\*/, remarkHeadingCommentIds),
    // The parser's adapters.
    ...(format === 'md'
      ? [guard(/\b(?:import|export)\b|\{|<\/?[A-Z]/, remarkMdxSyntax)]
      : [remarkMdxCompat, remarkIslands]),
    remarkDescription,
    remarkWordCount,
    ...(options.remarkPlugins ?? []),
  ];
  const rehypePlugins: PluggableList = [
    ...(options.beforeDefaultRehypePlugins ?? []),
    // 'ignore': KaTeX would otherwise print strict-mode warnings to the console.
    // Formulas are `$…$`, `$$…$$` or a ```math block.
    ...(math ? [[guard(/\$|math/, rehypeKatex), { strict: 'ignore' }], guard(/\$\$|math/, rehypeDisplayMath)] as PluggableList : []),
    // ```mermaid blocks are diagrams, not code (`markdown.mermaid`).
    ...(options.mermaid ? [guard(/mermaid/, rehypeMermaid)] : []),
    [rehypeCodeBlocks, { highlighter: options.highlighter, magicComments: options.magicComments }],
    [rehypeHeadingIds, { tocMinLevel: options.tocMinLevel, tocMaxLevel: options.tocMaxLevel }],
    [rehypeLinks, { baseUrl: options.baseUrl ?? '/' }],
    // GFM tables need a `|`, task items `[ ]` or `[x]`.
    guard(/\||::data-table/, rehypeTables),
    guard(/\[[ xX]\]/, rehypeTaskLists),
    ...(options.rehypePlugins ?? []),
    // After every plugin that adds or changes blocks: it estimates their heights.
    rehypeFold,
    rehypeAnchors,
  ];
  return { remarkPlugins, rehypePlugins };
}
