import type { SiteFence } from '../content/site-fence.ts';
import path from 'node:path';
import type { MarkdownJob, MarkdownService } from './pool/markdown-service.ts';
import { resolveAsset, type AssetCopies } from './pool/resolve-targets.ts';
import type { DocSource, MarkdownResult, PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import type { CompiledMdxPage } from '../mdx/create-mdx-compiler.ts';
import { dataSourceHash } from './content-data.ts';

/*
 * What renderAllMarkdown keeps between renders (dev, or a build with the Markdown store), and how
 * it decides that a file's last result still holds.
 */

/**
 * One file's rendered Markdown and everything it depended on. Rendering is a pure function of
 * the body, the front-matter offset, the TOC levels and the answers the link and image resolvers
 * gave, so the result is reused while all of those are unchanged.
 */
export interface MarkdownCacheEntry extends CacheDependencies {
  result: MarkdownResult;
}

/**
 * One MDX page compiled (its program, TOC, links…) and everything compiling it depended on. What
 * it imports is not among them: the program is bundled and rendered on every build, so an edited
 * component reaches every page that uses it.
 */
export interface MdxCacheEntry extends CacheDependencies {
  compiled: CompiledMdxPage;
}

/** What a file's result depends on: its input and each answer the resolvers gave. */
export interface CacheDependencies {
  input: Omit<MarkdownJob, 'file'>;
  /** `.md` links as written → the route they resolved to (or `undefined`). */
  links: Map<string, string | undefined>;
  /** Images as written → their output URL (or `undefined` when missing). */
  assets: Map<string, string | undefined>;
  /** Data files the page showed (`content/data/<name>.yml`) → their hash then (see content-data.ts). */
  data?: Map<string, string | undefined>;
}

/** Rendered Markdown by source file (`content/docs/rules.md`), and the route map it saw. */
export interface MarkdownCache {
  files: Map<string, MarkdownCacheEntry>;
  /** Compiled MDX pages by source file. */
  mdx: Map<string, MdxCacheEntry>;
  /** Every `file → route` of the last render: `.md` links resolve through it alone. */
  routes?: Map<string, string>;
  /** The service that last received the route map, and which map it was. */
  routesSent?: { service: MarkdownService; routes: Map<string, string> };
  /**
   * The rendered doc last returned for each doc object: given again while the doc and its result
   * are the same objects, so that later phases comparing docs (dev, after an edit) find the very
   * same object for each unchanged one, not an equal copy to walk.
   */
  docs: WeakMap<DocSource, Rendered<DocSource>>;
  /** The same for posts, as given with their front matter `image` resolved. */
  posts: WeakMap<PostSource, Rendered<PostSource>>;
}

/** An empty Markdown cache. */
export function createMarkdownCache(): MarkdownCache {
  return { files: new Map(), mdx: new Map(), docs: new WeakMap(), posts: new WeakMap() };
}

/**
 * Dev, while the route map is unchanged: the rendered doc last given for `doc`, when `doc` is the
 * same object (reloadSite keeps unchanged docs), its cached result is the one given then and
 * its images still resolve the same. Nothing else is compared: the same object has the same body.
 */
export function lastRendered(cache: MarkdownCache, doc: DocSource, site: { fence: SiteFence; assets: AssetCopies }): Rendered<DocSource> | undefined {
  const last = cache.docs.get(doc);
  const entry = last && cache.files.get(doc.file);
  if (!entry || last!.md !== entry.result) return undefined;
  // Re-resolving also registers the image copies of this build.
  for (const [url, out] of entry.assets) {
    if (resolveAsset({ fence: site.fence, dir: path.posix.dirname(doc.file), url, assets: site.assets }) !== out) return undefined;
  }
  if (!sameData(entry.data, site.fence)) return undefined;
  return last;
}

/** Whether two route maps hold the same `file → route` pairs. */
export function sameRoutes(a: Map<string, string> | undefined, b: Map<string, string>): boolean {
  if (a === b) return true;
  if (!a || a.size !== b.size) return false;
  for (const [file, route] of b) if (a.get(file) !== route) return false;
  return true;
}

/**
 * The rendered doc or post last given for `source` while its Markdown result (and, for a post, its
 * resolved front matter image) is the same; else `rendered`, remembered.
 */
export function sameAsLast<S extends DocSource | PostSource>(seen: WeakMap<S, Rendered<S>>, source: S, rendered: Rendered<S>): Rendered<S> {
  const last = seen.get(source);
  if (last && last.md === rendered.md && imageOf(last) === imageOf(rendered)) return last;
  seen.set(source, rendered);
  return rendered;
}

const imageOf = (rendered: Rendered<DocSource | PostSource>) => ('image' in rendered ? rendered.image : undefined);

/**
 * What a file's rendering depends on besides the resolvers' answers. A doc may set its own TOC
 * levels in front matter (docs have an `id`, posts do not); posts use the site's.
 */
export function markdownInput(source: DocSource | PostSource): MarkdownCacheEntry['input'] {
  const doc = 'id' in source ? source : undefined;
  return { source: source.body, lineOffset: source.lineOffset, tocMinLevel: doc?.tocMinLevel, tocMaxLevel: doc?.tocMaxLevel };
}

/** The cached entry, if its input is the same and every resolver still answers the same. */
export function reuse<E extends CacheDependencies>(options: {
  entry: E | undefined; input: CacheDependencies['input'];
  /** `undefined` when no link can resolve differently (the route map is unchanged). */
  resolveLink: ((url: string) => string | undefined) | undefined; resolveAsset: (url: string) => string | undefined;
  /** The site folder: data files the page showed are read again from its `content/data/`. */
  fence: SiteFence;
}): E | undefined {
  const { entry, input, resolveLink, resolveAsset, fence } = options;
  if (!entry) return undefined;
  const same = entry.input.source === input.source && entry.input.lineOffset === input.lineOffset
    && entry.input.tocMinLevel === input.tocMinLevel && entry.input.tocMaxLevel === input.tocMaxLevel;
  if (!same) return undefined;
  if (resolveLink) for (const [url, route] of entry.links) if (resolveLink(url) !== route) return undefined;
  // Re-resolving also registers the image copies of this build.
  for (const [url, out] of entry.assets) if (resolveAsset(url) !== out) return undefined;
  if (!sameData(entry.data, fence)) return undefined;
  // An entry read from the store holds a copy of the body: keep the source's own string, so that
  // the next comparison is one of identity, not of the whole text.
  entry.input = input;
  return entry;
}

/** Whether every data file a page showed still has the content it had then. */
function sameData(data: Map<string, string | undefined> | undefined, fence: SiteFence): boolean {
  if (data) for (const [name, hash] of data) if (dataSourceHash({ fence, name }) !== hash) return false;
  return true;
}
