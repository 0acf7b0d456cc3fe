import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { Logger } from '../diagnostics/logger.ts';
import type { PageFactsStore } from '../render/page-facts.ts';
import type { splitSidebar } from '../routes/prune-sidebar.ts';
import type { Site } from './load-site.ts';
import type { renderMarkdownPhase } from './markdown-phase.ts';
import type { MarkdownStore } from './markdown-store.ts';
import type { RenderCache } from './render-cache.ts';
import type { SiteOutput } from './site-output.ts';
import type { Writer } from './writer.ts';

/** One render: the site, where it goes, and what it found so far. */
export interface RenderContext {
  site: Site; config: SiteConfig; logger: Logger; cache: RenderCache; store?: MarkdownStore; facts?: PageFactsStore;
  /** `site.mode`: a build renders once and keeps nothing; dev remembers for the next edit and indexes search later. */
  dev: boolean;
  writer: Writer; out: SiteOutput; diagnostics: Diagnostic[];
}

export type RenderedMarkdown = Awaited<ReturnType<typeof renderMarkdownPhase>>;
export type Splits = Record<string, ReturnType<typeof splitSidebar>>;
