/** What every page plan shares: the planned page type, rendered sources, titles and reading time. */
import type { SiteConfig } from '../config/schema.ts';
import type { MarkdownResult, PageData } from '../model.ts';

/**
 * A doc or post together with its rendered Markdown, and its description: the front matter's,
 * else the first paragraph's (`withMarkdown`).
 */
export type Rendered<T> = Omit<T, 'description'> & { description: string; md: MarkdownResult };

/** `source` rendered as `md`. */
export function withMarkdown<T extends { description?: string }>(source: T, md: MarkdownResult): Rendered<T> {
  return { ...source, description: source.description ?? md.description ?? '', md };
}

/** A planned page: its data plus the source file it came from (and the line that set its route, if any), for diagnostics. */
export interface PlannedPage { page: PageData; source: string; line?: number }

/** Reading time in minutes at 220 words per minute, at least 1. */
export function readingTime(words: number): number {
  return Math.max(1, Math.round(words / 220));
}

/** `Quickstart | Serpent Arena` */
export function pageTitle(config: SiteConfig, title: string): string {
  return `${title} ${config.titleDelimiter} ${config.title}`;
}
