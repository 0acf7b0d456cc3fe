import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import type { MarkdownJob, MarkdownService } from './pool/markdown-service.ts';
import { resolveAsset, resolveMarkdownLink, type AssetCopies } from './pool/resolve-targets.ts';
import type { DocSource, MarkdownResult, PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';

export type { AssetCopies } from './pool/resolve-targets.ts';

/**
 * One file's rendered Markdown and everything it depended on. Rendering is a pure function of
 * the body, the front-matter offset, the TOC levels and the answers the link and image resolvers
 * gave, so the result is reused while all of those are unchanged.
 */
export interface MarkdownCacheEntry {
  input: Omit<MarkdownJob, 'file'>;
  result: MarkdownResult;
  /** `.md` links as written → the route they resolved to (or `undefined`). */
  links: Map<string, string | undefined>;
  /** Images as written → their output URL (or `undefined` when missing). */
  assets: Map<string, string | undefined>;
}

/** Rendered Markdown by source file (`content/docs/rules.md`), and the route map it saw. */
export interface MarkdownCache {
  files: Map<string, MarkdownCacheEntry>;
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
}

/** An empty Markdown cache. */
export function createMarkdownCache(): MarkdownCache {
  return { files: new Map(), docs: new WeakMap() };
}

const severityFor = (setting: SiteConfig['onBrokenMarkdownLinks']) => (setting === 'throw' ? 'error' : 'warning');

/**
 * Renders every doc and post through `service` (this thread or a worker pool). Relative `.md`
 * links resolve to routes through a file→route map; images resolve to `public/` (absolute paths)
 * or are copied from beside the Markdown file. With a `cache` (dev), a file is rendered again
 * only when its body or one of its link or image targets changed: renaming a page's slug
 * re-renders exactly the pages linking to it. Results keep the order of `docs` and `posts`
 * whichever thread finished first.
 */
export async function renderAllMarkdown(options: {
  root: string; config: SiteConfig; docs: DocSource[]; posts: PostSource[];
  /** The service, or how to make it: it is made only if some file must be rendered. */
  service: MarkdownService | (() => Promise<MarkdownService>);
  cache?: MarkdownCache;
  /** Called with each file rendered now (not taken from the cache), e.g. to store it on disk. */
  onRendered?: (file: string, entry: MarkdownCacheEntry) => void;
  /** Called once per file when it is done, rendered or reused (progress). */
  onFileDone?: () => void;
}): Promise<{ docs: Rendered<DocSource>[]; posts: Rendered<PostSource>[]; assets: AssetCopies; diagnostics: Diagnostic[]; rendered: string[] }> {
  const { root, config, docs, posts } = options;
  const cache = options.cache ?? createMarkdownCache();
  const routeByFile = new Map<string, string>();
  for (const s of docs) routeByFile.set(s.file, s.route);
  for (const s of posts) routeByFile.set(s.file, s.route);
  // `.md` links resolve through this map only: while it is unchanged, so is every answer, and
  // re-asking each cached file's links (tens of ms on 10,000 pages) can be skipped.
  const linksUnchanged = sameRoutes(cache.routes, routeByFile);
  // Until this render completes, entries may have been made against either map.
  cache.routes = undefined;
  let made: Promise<MarkdownService> | undefined;
  const getService = () => {
    made ??= (async () => {
      const service = typeof options.service === 'function' ? await options.service() : options.service;
      if (cache.routesSent?.service !== service || !sameRoutes(cache.routesSent.routes, routeByFile)) {
        service.setRoutes(routeByFile);
        cache.routesSent = { service, routes: routeByFile };
      }
      return service;
    })();
    return made;
  };
  const assets: AssetCopies = new Map();
  const diagnostics: Diagnostic[] = [];
  const rendered: string[] = [];

  /** The cached result of `source`, when every input and resolver answer is unchanged. */
  const cached = (source: DocSource | PostSource): MarkdownResult | undefined => {
    const dir = path.posix.dirname(source.file);
    return reuse({
      entry: cache.files.get(source.file),
      input: markdownInput(source),
      resolveLink: linksUnchanged ? undefined : (url) => resolveMarkdownLink({ routeByFile, dir, url }),
      resolveAsset: (url) => resolveAsset({ root, dir, url, assets }),
    });
  };
  /** Renders `source` through the service (the cache had nothing usable for it). */
  const renderOne = async <T extends DocSource | PostSource>(source: T): Promise<Rendered<T>> => {
    const input = markdownInput(source);
    let md: MarkdownResult;
    try {
      const output = await (await getService()).render({ ...input, file: source.file });
      for (const [from, to] of output.copies) assets.set(from, to);
      const entry = { input, result: output.result, links: new Map(output.links), assets: new Map(output.assets) };
      cache.files.set(source.file, entry);
      options.onRendered?.(source.file, entry);
      md = output.result;
    } catch (cause) {
      cache.files.delete(source.file);
      throw renderFailure(source, cause);
    }
    rendered.push(source.file);
    options.onFileDone?.();
    return { ...source, md };
  };

  // Files the cache answers are taken without a promise each (dev: 10,000 of them per edit);
  // every other job is handed to the service at once, and a pool renders them on all its threads.
  const take = <T extends DocSource | PostSource>(source: T): Rendered<T> | Promise<Rendered<T>> => {
    const md = cached(source);
    if (!md) return renderOne(source);
    options.onFileDone?.();
    return { ...source, md };
  };
  // Posts are not given again: their `image` is resolved in place below.
  const takeDoc = (doc: DocSource) => {
    const unchanged = linksUnchanged ? lastRendered(cache, doc, { root, assets }) : undefined;
    if (unchanged) {
      options.onFileDone?.();
      return unchanged;
    }
    const taken = take(doc);
    return taken instanceof Promise ? taken.then((r) => sameRendered(cache, doc, r)) : sameRendered(cache, doc, taken);
  };
  const [renderedDocs, renderedPosts] = await Promise.all([allOf(docs.map(takeDoc)), allOf(posts.map((post) => take(post)))]);
  for (const post of renderedPosts) diagnostics.push(...resolvePostImage({ root, config, post, assets }));
  for (const list of [renderedDocs, renderedPosts]) {
    for (const { md } of list) for (const d of md.diagnostics) diagnostics.push(withSetting(d, config));
  }
  // Files rendered now, in source order (threads finish in any order).
  if (rendered.length > 1) {
    const order = new Map([...docs, ...posts].map((s, i) => [s.file, i]));
    rendered.sort((a, b) => order.get(a)! - order.get(b)!);
  }
  // Deleted files must not pin their results in memory.
  for (const file of cache.files.keys()) if (!routeByFile.has(file)) cache.files.delete(file);
  cache.routes = routeByFile;
  const filtered = config.onBrokenMarkdownLinks === 'ignore' ? diagnostics.filter((d) => d.ruleId !== 'links/markdown-link') : diagnostics;
  return { docs: renderedDocs, posts: renderedPosts, assets, diagnostics: filtered, rendered };
}

/**
 * The values with their promises awaited: dev takes 10,000 cached files per edit and renders one,
 * so only the promises are awaited, not a promise made for each value.
 */
async function allOf<T>(values: (T | Promise<T>)[]): Promise<T[]> {
  const pending: Promise<void>[] = [];
  values.forEach((v, i) => {
    if (v instanceof Promise) pending.push(v.then((r) => { values[i] = r; }));
  });
  if (pending.length) await Promise.all(pending);
  return values as T[];
}

/**
 * Dev, while the route map is unchanged: the rendered doc last given for `doc`, when `doc` is the
 * same object (reloadSite keeps unchanged docs), its cached result is the one given then and
 * its images still resolve the same. Nothing else is compared: the same object has the same body.
 */
function lastRendered(cache: MarkdownCache, doc: DocSource, site: { root: string; assets: AssetCopies }): Rendered<DocSource> | undefined {
  const last = cache.docs.get(doc);
  const entry = last && cache.files.get(doc.file);
  if (!entry || last!.md !== entry.result) return undefined;
  // Re-resolving also registers the image copies of this build.
  for (const [url, out] of entry.assets) {
    if (resolveAsset({ root: site.root, dir: path.posix.dirname(doc.file), url, assets: site.assets }) !== out) return undefined;
  }
  return last;
}

/** Whether two route maps hold the same `file → route` pairs. */
function sameRoutes(a: Map<string, string> | undefined, b: Map<string, string>): boolean {
  if (a === b) return true;
  if (!a || a.size !== b.size) return false;
  for (const [file, route] of b) if (a.get(file) !== route) return false;
  return true;
}

/** The rendered doc last given for `doc` while its Markdown result is the same object; else `rendered`, remembered. */
function sameRendered(cache: MarkdownCache, doc: DocSource, rendered: Rendered<DocSource>): Rendered<DocSource> {
  const last = cache.docs.get(doc);
  if (last?.md === rendered.md) return last;
  cache.docs.set(doc, rendered);
  return rendered;
}

/** A Markdown diagnostic at the severity its setting gives (`onBrokenMarkdownLinks`, `markdown.onMdxSyntax`). */
function withSetting(d: Diagnostic, config: SiteConfig): Diagnostic {
  if (d.ruleId === 'links/markdown-link') return { ...d, severity: severityFor(config.onBrokenMarkdownLinks) };
  if (d.ruleId === 'markdown/mdx-syntax') {
    return { ...d, severity: severityFor(config.markdown.onMdxSyntax), hint: 'Rewrite it in Markdown (a list or admonitions instead of <Tabs>), or set `markdown.onMdxSyntax` in site.config.ts.' };
  }
  return d;
}

const schemeRE = /^[a-z][a-z\d+.-]*:/i;

/**
 * A post's `image` front matter, resolved like an image in its body: a file beside the post
 * (`./img/cover.png`) is copied as a hashed asset and the post points at its URL; a path in
 * `public/` must exist. A missing file is reported at the `image:` line.
 */
function resolvePostImage(options: { root: string; config: SiteConfig; post: Rendered<PostSource>; assets: AssetCopies }): Diagnostic[] {
  const { root, config, post, assets } = options;
  if (!post.image || schemeRE.test(post.image) || post.image.startsWith('//')) return [];
  const url = resolveAsset({ root, dir: path.posix.dirname(post.file), url: post.image, assets });
  if (url !== undefined) {
    post.image = url;
    return [];
  }
  if (config.onBrokenLinks === 'ignore') return [];
  return [{
    file: post.file, line: post.imageLine, column: 1, severity: config.onBrokenLinks === 'throw' ? 'error' : 'warning', ruleId: 'links/missing-image',
    message: `Cannot find the front matter image \`${post.image}\``,
    hint: 'Put the file beside the post (`image: ./img/cover.png`), in `public/` (`image: /img/cover.png`), or give a full URL.',
  }];
}

/**
 * What a file's rendering depends on besides the resolvers' answers. A doc may set its own TOC
 * levels in front matter (docs have an `id`, posts do not); posts use the site's.
 */
export function markdownInput(source: DocSource | PostSource): MarkdownCacheEntry['input'] {
  const doc = 'id' in source ? source : undefined;
  return { source: source.body, lineOffset: source.lineOffset, tocMinLevel: doc?.tocMinLevel, tocMaxLevel: doc?.tocMaxLevel };
}

/** The cached result, if its input is the same and every resolver still answers the same. */
function reuse(options: {
  entry: MarkdownCacheEntry | undefined; input: MarkdownCacheEntry['input'];
  /** `undefined` when no link can resolve differently (the route map is unchanged). */
  resolveLink: ((url: string) => string | undefined) | undefined; resolveAsset: (url: string) => string | undefined;
}): MarkdownResult | undefined {
  const { entry, input, resolveLink, resolveAsset } = options;
  if (!entry) return undefined;
  const same = entry.input.source === input.source && entry.input.lineOffset === input.lineOffset
    && entry.input.tocMinLevel === input.tocMinLevel && entry.input.tocMaxLevel === input.tocMaxLevel;
  if (!same) return undefined;
  if (resolveLink) for (const [url, route] of entry.links) if (resolveLink(url) !== route) return undefined;
  // Re-resolving also registers the image copies of this build.
  for (const [url, out] of entry.assets) if (resolveAsset(url) !== out) return undefined;
  // An entry read from the store holds a copy of the body: keep the source's own string, so that
  // the next comparison is one of identity, not of the whole text.
  entry.input = input;
  return entry.result;
}

/** A file the renderer failed on, as the error at its position (`markdown/render`). */
function renderFailure(source: DocSource | PostSource, cause: unknown): SitegenError {
  return new SitegenError(`Failed to render \`${source.file}\`: ${(cause as Error).message}`, {
    cause,
    diagnostics: [{
      file: source.file, ...failurePosition(cause, source.lineOffset), severity: 'error', ruleId: 'markdown/render',
      message: `Cannot render Markdown: ${(cause as Error).message}`,
      hint: 'This is a problem in sitegen or a Markdown plugin rather than in the file; simplify the lines around the position to find what triggers it, and report it.',
    }],
  });
}

/** The file position of a rendering failure, when the plugin that threw gave one (body lines, 1-based). */
function failurePosition(cause: unknown, lineOffset: number): { line?: number; column?: number } {
  const { line, column } = (cause ?? {}) as { line?: unknown; column?: unknown };
  if (typeof line !== 'number') return {};
  return { line: line + lineOffset, ...(typeof column === 'number' ? { column } : {}) };
}
