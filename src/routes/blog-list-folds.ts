/**
 * The blog list's fold: the first post preview that surely starts below the first screen, as
 * the article's blocks have one (src/markdown/plugins/rehype-fold.ts). From it on, the first
 * layout skips the previews while `<html data-drawing>` is set (theme/css/blog.css), and the head
 * script draws them a slice at a time after the first paint (src/render/deferred-blocks.browser.ts).
 * A list page is ten previews, about 850 px each on a phone: laid out whole, its first layout was
 * as long as /quickstart's.
 *
 * "Surely" as for the article: each preview's height is estimated from below, in the widest
 * column the mark is for, counting only what is certainly drawn (blog.css, blog-meta.tsx): its
 * title's first line, its bottom padding and margin, the authors' avatars, the excerpt's blocks
 * as the article's are counted, the "Read more" line. The list's header counts as nothing.
 */
import { fromHtml } from 'hast-util-from-html';
import { firstBelow, leastHeight, NARROW, WIDE, type Column } from '../markdown/plugins/rehype-fold.ts';
import type { PageData, PostSummary } from '../page-model.ts';

/** The first preview from which each column's first layout skips the previews; -1: none. */
export type ListFolds = Extract<PageData, { type: 'blog-list' }>['folds'];

/** What a preview's height is estimated from. */
type Preview = Pick<PostSummary, 'authors' | 'excerptHtml' | 'truncated'>;

/** A line of 16 px text (the title is larger, the meta line smaller but followed by 12 px). */
const LINE = 26;
/** A preview's bottom padding and margin (`.blog-post-preview`). */
const PREVIEW_SPACING = 28 + 32;
/** The row of authors: 40 px avatars (`.avatar`). */
const AUTHORS = 40;

/** The least height a preview can have when drawn in `column`, in CSS px. */
export function leastPreviewHeight(post: Preview, column: Column): number {
  const excerpt = post.excerptHtml ? fromHtml(post.excerptHtml, { fragment: true }).children : [];
  const blocks = excerpt.reduce((sum, block) => sum + (block.type === 'element' ? leastHeight(block, column) : 0), 0);
  // The title and the meta line, the excerpt, "Read more".
  return LINE * 2 + (post.authors.length ? AUTHORS : 0) + blocks + (post.truncated ? LINE : 0) + PREVIEW_SPACING;
}

/** The folds of a list of previews, for phones and for every other screen. */
export function listFolds(posts: readonly Preview[]): ListFolds {
  const foldIn = (column: Column) => firstBelow(posts, column.foldPx, (post) => leastPreviewHeight(post, column));
  return { wide: foldIn(WIDE), narrow: foldIn(NARROW) };
}
