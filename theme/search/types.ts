/** A run of snippet text; `mark` runs matched the query. Never HTML. */
export interface SnippetPart { text: string; mark: boolean }

/** One search result: a page, or a section of a page. */
export interface SearchHit {
  /** Local path with optional hash, e.g. `/rules#head-to-head-collisions`. Never another origin. */
  url: string;
  /** Page title. */
  title: string;
  /** Heading of the matching section, when the match is inside one. */
  section?: string;
  snippet: SnippetPart[];
  /** Contextual-search tag: docs of the current version or the blog. */
  tag: 'docs' | 'blog';
}

/** Results of one query. */
export interface SearchResults {
  hits: SearchHit[];
  /** Total matching pages/sections, for "See all {count} results". */
  total: number;
}

/** Anything that can answer queries: the local index or the hosted service. */
export interface SearchClient {
  /**
   * `docsVersion`: with contextual search on a site with several docs versions, the one whose
   * pages are kept (the reader's, see use-search.ts); absent on a site with one.
   */
  search(query: string, options?: { limit?: number; signal?: AbortSignal; docsVersion?: string }): Promise<SearchResults>;
}
