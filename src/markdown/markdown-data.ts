/**
 * What the Markdown plugins read from and write to `file.data`.
 *
 * The processor is frozen once and reused for every page, so everything that differs per page
 * (front-matter offset, resolvers, TOC levels) travels on the VFile instead of plugin options.
 * Declaring the keys on vfile's `DataMap` types `file.data` for every plugin at once.
 */
import type { ElementContent } from 'hast';
import type { SourceLink } from '../model.ts';

/** A TOC entry as collected by `rehypeHeadingIds`; the renderer turns `children` into HTML. */
export interface TocEntry {
  depth: number;
  id: string;
  /** A copy of the heading's content with links unwrapped and the hash link left out. */
  children: ElementContent[];
}

/** Turns a `.md` link as written into a route, or `undefined` when it cannot be resolved. */
export type ResolveLink = (url: string) => string | undefined;
/** Turns an image path as written into its output URL, or `undefined` when the file is missing. */
export type ResolveAsset = (url: string) => string | undefined;

declare module 'vfile' {
  interface DataMap {
    /** Lines taken by the front matter; added to every position reported outside the VFile. */
    lineOffset: number;
    /** Per-page TOC levels from front matter (override the renderer's defaults). */
    tocMinLevel: number;
    tocMaxLevel: number;
    resolveLink: ResolveLink;
    resolveAsset: ResolveAsset;
    /** Board diagrams rendered so far on this page, for unique SVG ids. */
    boardCount: number;
    /** Start offset (in the VFile value) of the truncate marker, when the page has one. */
    truncateOffset: number;
    /** Words of prose, set by `remarkWordCount`. */
    wordCount: number;
    /** Headings of the TOC levels, set by `rehypeHeadingIds`. */
    toc: TocEntry[];
    /** Internal links and images with source positions, set by `rehypeLinks`. */
    links: SourceLink[];
    /** Every `id` in the final tree, set by `rehypeAnchors`. */
    anchors: string[];
  }
}
