import type { SiteConfig } from '../config/schema.ts';
import type { Logger } from '../diagnostics/logger.ts';
import type { CodeHighlighter } from '../markdown/create-code-highlighter.ts';
import type { PageFactsStore } from '../render/page-facts.ts';
import type { splitSidebar } from '../routes/prune-sidebar.ts';
import type { BuildPolicy } from './build-policy.ts';
import type { Site } from './load-site.ts';
import type { MarkdownStore } from './markdown-store.ts';
import type { SiteOutput } from './site-output.ts';
import type { Writer } from './writer.ts';

/**
 * One render's inputs: the site, how to render it (`policy`) and where it goes. What one phase
 * makes for the next is not in here, nor are diagnostics, nor what an earlier render made: each
 * phase returns its product and its diagnostics, and is handed what it may reuse (see renderSite).
 */
export interface RenderContext {
  site: Site; config: SiteConfig; logger: Logger; policy: BuildPolicy;
  store?: MarkdownStore; facts?: PageFactsStore;
  writer: Writer; out: SiteOutput;
  /** The render's one highlighter on this thread (MDX and React pages), made at its first use. */
  highlighter: () => Promise<CodeHighlighter>;
}

export type { RenderedMarkdown } from './markdown-phase.ts';
export type Splits = Record<string, ReturnType<typeof splitSidebar>>;
