import { createSiteFence, type SiteFence } from '../content/site-fence.ts';
import type { CodeHighlighter } from './create-code-highlighter.ts';
import { contentRoots } from '../config/content-roots.ts';
import path from 'node:path';
import type { RenderedMdx } from '../mdx/render-mdx-files.ts';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import { severityOf, type BuildPolicy } from '../site/build-policy.ts';
import type { MarkdownService } from './pool/markdown-service.ts';
import type { MdxSiteFacts } from '../mdx/mdx-site.ts';
import { resolveAsset, resolveMarkdownLink, type AssetCopies } from './pool/resolve-targets.ts';
import type { DocSource, MarkdownResult, PostSource } from '../model.ts';
import { withMarkdown, type Rendered } from '../routes/planned-page.ts';
import { createMarkdownCache, lastRendered, markdownInput, reuse, sameAsLast, sameRoutes, type CacheDependencies, type MarkdownCache, type MarkdownCacheEntry, type MdxCacheEntry } from './markdown-cache.ts';
import type { CompiledMdxPage } from '../mdx/create-mdx-compiler.ts';

export { createMarkdownCache, markdownInput, type AssetCopies, type MarkdownCache, type MarkdownCacheEntry };

/** What `renderAllMarkdown` makes. */
export interface RenderedFiles {
  docs: Rendered<DocSource>[]; posts: Rendered<PostSource>[]; assets: AssetCopies; diagnostics: Diagnostic[]; rendered: string[];
  /** The site's own files MDX pages were made from (absolute): pages, partials, components. */
  mdxInputs: string[];
  /** MDX pages with islands, and what bundles their scripts (RenderedMdx.islands). */
  mdxIslands?: RenderedMdx['islands'];
}

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
  /** Called with each file rendered (or MDX page compiled) now, not taken from the cache, e.g. to store it on disk. */
  onRendered?: (file: string, entry: MarkdownCacheEntry | MdxCacheEntry) => void;
  /** Called once per file when it is done, rendered or reused (progress). */
  onFileDone?: () => void;
  /** How broken links and images are reported (dev: warnings, see severityOf). @default as configured */
  policy?: Pick<BuildPolicy, 'brokenLinks'>;
  /** The build's highlighter for MDX pages' partials, islands and `@theme/CodeBlock`. @default one of their own */
  highlighter?: () => Promise<CodeHighlighter>;
  /** The site's docs versions and locale (MDX's docs hooks and `<Translate>` read them). @default the docs folder alone, one locale */
  siteFacts?: MdxSiteFacts;
}): Promise<RenderedFiles> {
  const policy = options.policy ?? { brokenLinks: 'as-configured' as const };
  const { root, config, docs, posts } = options;
  const fence = createSiteFence({ root, allowedOutsideFolders: config.allowedOutsideFolders, staticDirectories: config.staticDirectories });
  const cache = options.cache ?? createMarkdownCache();
  const routeByFile = new Map<string, string>();
  // A locale's build: a translation's original, and where a missing one would be, lead to the route too.
  for (const s of [...docs, ...posts]) for (const file of [s.file, ...s.aliases ?? []]) routeByFile.set(file, s.route);
  // `.md` links resolve through this map only: while it is unchanged, so is every answer, and
  // re-asking each cached file's links (tens of ms on 10,000 pages) can be skipped.
  const linksUnchanged = sameRoutes(cache.routes, routeByFile);
  // Until this render completes, entries may have been made against either map.
  cache.routes = undefined;
  let made: Promise<MarkdownService> | undefined;
  const getService = () => (made ??= routedService(cache, options.service, routeByFile));
  const assets: AssetCopies = new Map();
  const diagnostics: Diagnostic[] = [];
  const rendered: string[] = [];
  const fromMdx = async <T extends DocSource | PostSource>(source: T): Promise<Rendered<T>> => {
    const md = (await mdx!).results.get(source.file)!;
    rendered.push(source.file);
    options.onFileDone?.();
    return withMarkdown(source, md);
  };

  /** The cached result of `source`, when every input and resolver answer is unchanged. */
  const cached = <E extends CacheDependencies>(source: DocSource | PostSource, entry: E | undefined): E | undefined => {
    const dir = path.posix.dirname(source.file);
    return reuse({
      entry,
      input: markdownInput(source),
      resolveLink: linksUnchanged ? undefined : (url) => resolveMarkdownLink({ routeByFile, dir, url, roots: contentRoots(config) }),
      resolveAsset: (url) => resolveAsset({ fence, dir, url, assets }),
      fence,
    });
  };
  // MDX pages are compiled alongside the Markdown files, then bundled and rendered together.
  const mdx = startMdx({
    root, config, sources: [...docs, ...posts], routeByFile, assets,
    compile: (source) => compileMdxPage({ source, cache, cached, getService, assets, onRendered: options.onRendered }),
    highlighter: options.highlighter, siteFacts: options.siteFacts,
  });
  /** Renders `source` through the service (the cache had nothing usable for it). */
  const renderOne = async <T extends DocSource | PostSource>(source: T): Promise<Rendered<T>> => {
    const md = await renderMarkdownFile({ source, cache, getService, assets, onRendered: options.onRendered });
    rendered.push(source.file);
    options.onFileDone?.();
    return withMarkdown(source, md);
  };

  // Files the cache answers are taken without a promise each (dev: 10,000 of them per edit);
  // every other job is handed to the service at once, and a pool renders them on all its threads.
  const take = <T extends DocSource | PostSource>(source: T): Rendered<T> | Promise<Rendered<T>> => {
    if (source.format === 'mdx') return fromMdx(source);
    const md = cached(source, cache.files.get(source.file))?.result;
    if (!md) return renderOne(source);
    options.onFileDone?.();
    return withMarkdown(source, md);
  };
  // Posts are not given again: their `image` is resolved in place below.
  const takeDoc = (doc: DocSource) => {
    const unchanged = linksUnchanged && doc.format !== 'mdx' ? lastRendered(cache, doc, { fence, assets }) : undefined;
    if (unchanged) {
      options.onFileDone?.();
      return unchanged;
    }
    const taken = take(doc);
    return taken instanceof Promise ? taken.then((r) => sameAsLast(cache.docs, doc, r)) : sameAsLast(cache.docs, doc, taken);
  };
  const [renderedDocs, takenPosts] = await Promise.all([allOf(docs.map(takeDoc)), allOf(posts.map((post) => take(post)))]);
  const renderedPosts = takenPosts.map((post, i) => {
    // Each taken post is a new object: resolving its image in place is safe, and registers the copy.
    diagnostics.push(...resolvePostImage({ fence, config, policy, post, assets }));
    return sameAsLast(cache.posts, posts[i], post);
  });
  diagnostics.push(...markdownDiagnostics(config, policy, [renderedDocs, renderedPosts]), ...((await mdx)?.diagnostics ?? []));
  inSourceOrder(rendered, [...docs, ...posts]);
  // Deleted files must not pin their results in memory.
  for (const file of cache.files.keys()) if (!routeByFile.has(file)) cache.files.delete(file);
  for (const file of cache.mdx.keys()) if (!routeByFile.has(file)) cache.mdx.delete(file);
  cache.routes = routeByFile;
  const { inputs = [], islands } = (await mdx) ?? {};
  return { docs: renderedDocs, posts: renderedPosts, assets, diagnostics, rendered, mdxInputs: inputs, ...(islands ? { mdxIslands: islands } : {}) };
}

/**
 * MDX pages are compiled one by one (by the service, or taken from the cache), then bundled and
 * rendered together (one bundle of all of them) on every render: what they import (components,
 * partials) is not part of a cache key, so an edited component reaches every page. Loaded only
 * for sites that have MDX pages.
 */
function startMdx(options: {
  root: string; config: SiteConfig; sources: (DocSource | PostSource)[]; routeByFile: Map<string, string>; assets: AssetCopies;
  compile: (source: DocSource | PostSource) => Promise<CompiledMdxPage>;
  highlighter?: () => Promise<CodeHighlighter>;
  siteFacts?: MdxSiteFacts;
}) {
  const sources = options.sources.filter((s) => s.format === 'mdx');
  if (!sources.length) return undefined;
  const mdx = Promise.all(sources.map(async (s) => [s.file, await options.compile(s)] as const)).then(async (pages) => {
    const { renderMdxFiles } = await import('../mdx/render-mdx-files.ts');
    return renderMdxFiles({ ...options, sources, compiled: new Map(pages) });
  });
  mdx.catch(() => undefined);
  return mdx;
}

/** A Markdown file rendered by the service; the result goes into the cache (and `onRendered`). */
async function renderMarkdownFile(options: {
  source: DocSource | PostSource; cache: MarkdownCache; getService: () => Promise<MarkdownService>; assets: AssetCopies;
  onRendered?: (file: string, entry: MarkdownCacheEntry) => void;
}): Promise<MarkdownResult> {
  const { source, cache } = options;
  const input = markdownInput(source);
  try {
    const output = await (await options.getService()).render({ ...input, file: source.file });
    for (const [from, to] of output.copies) options.assets.set(from, to);
    const entry = { input, result: output.result, links: new Map(output.links), assets: new Map(output.assets), data: new Map(output.data ?? []) };
    cache.files.set(source.file, entry);
    options.onRendered?.(source.file, entry);
    return output.result;
  } catch (cause) {
    cache.files.delete(source.file);
    throw renderFailure(source, cause);
  }
}

/** An MDX page's program: the cache's while its input and resolver answers hold, else compiled (kept if it compiled: a failure may lie outside the file). */
async function compileMdxPage(options: {
  source: DocSource | PostSource; cache: MarkdownCache; getService: () => Promise<MarkdownService>; assets: AssetCopies;
  cached: (source: DocSource | PostSource, entry: MdxCacheEntry | undefined) => MdxCacheEntry | undefined;
  onRendered?: (file: string, entry: MdxCacheEntry) => void;
}): Promise<CompiledMdxPage> {
  const { source, cache } = options;
  const hit = options.cached(source, cache.mdx.get(source.file));
  if (hit) return hit.compiled;
  const input = markdownInput(source);
  try {
    const output = await (await options.getService()).compileMdx({ ...input, file: source.file, islands: true });
    for (const [from, to] of output.copies) options.assets.set(from, to);
    if ([output.compiled.page, output.compiled.excerpt].some((c) => c && c.code === undefined)) return output.compiled;
    const entry = { input, compiled: output.compiled, links: new Map(output.links), assets: new Map(output.assets), data: new Map(output.data ?? []) };
    cache.mdx.set(source.file, entry);
    options.onRendered?.(source.file, entry);
    return output.compiled;
  } catch (cause) {
    cache.mdx.delete(source.file);
    throw renderFailure(source, cause);
  }
}

/** Sorts files rendered now into source order (threads finish in any order). */
function inSourceOrder(rendered: string[], sources: (DocSource | PostSource)[]): void {
  if (rendered.length < 2) return;
  const order = new Map(sources.map((s, i) => [s.file, i]));
  rendered.sort((a, b) => order.get(a)! - order.get(b)!);
}

/** Every file's Markdown diagnostics at the severity `severityOf` gives them (none where the config ignores them). */
function markdownDiagnostics(config: SiteConfig, policy: Pick<BuildPolicy, 'brokenLinks'>, lists: Rendered<DocSource | PostSource>[][]): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const list of lists) {
    for (const { md } of list) {
      for (const d of md.diagnostics) {
        const severity = severityOf(d, policy, config);
        if (severity) found.push(withHint({ ...d, severity }));
      }
    }
  }
  return found;
}

/** The service, made if need be, holding `routes` (sent only when it holds another map). */
async function routedService(cache: MarkdownCache, given: MarkdownService | (() => Promise<MarkdownService>), routes: Map<string, string>): Promise<MarkdownService> {
  const service = typeof given === 'function' ? await given() : given;
  if (cache.routesSent?.service !== service || !sameRoutes(cache.routesSent.routes, routes)) {
    service.setRoutes(routes);
    cache.routesSent = { service, routes };
  }
  return service;
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

/** A Markdown diagnostic with the hint its setting adds (`markdown.onMdxSyntax`). */
function withHint(d: Diagnostic): Diagnostic {
  if (d.ruleId === 'markdown/mdx-syntax') {
    return { ...d, hint: 'Rewrite it in Markdown (a list or admonitions instead of <Tabs>), or set `markdown.onMdxSyntax` in site.config.ts.' };
  }
  return d;
}

const schemeRE = /^[a-z][a-z\d+.-]*:/i;

/**
 * A post's `image` front matter, resolved like an image in its body: a file beside the post
 * (`./img/cover.png`) is copied as a hashed asset and the post points at its URL; a path in
 * `public/` must exist. A missing file is reported at the `image:` line.
 */
function resolvePostImage(options: { fence: SiteFence; config: SiteConfig; policy: Pick<BuildPolicy, 'brokenLinks'>; post: Rendered<PostSource>; assets: AssetCopies }): Diagnostic[] {
  const { fence, config, policy, post, assets } = options;
  if (!post.image || schemeRE.test(post.image) || post.image.startsWith('//')) return [];
  const url = resolveAsset({ fence, dir: path.posix.dirname(post.file), url: post.image, assets });
  if (url !== undefined) {
    post.image = url;
    return [];
  }
  if (config.onBrokenLinks === 'ignore') return [];
  const severity = severityOf({ ruleId: 'links/missing-image', severity: config.onBrokenLinks === 'throw' ? 'error' : 'warning' }, policy, config);
  if (!severity) return [];
  return [{
    file: post.file, line: post.imageLine, column: 1, severity, ruleId: 'links/missing-image',
    message: `Cannot find the front matter image \`${post.image}\``,
    hint: 'Put the file beside the post (`image: ./img/cover.png`), in `public/` (`image: /img/cover.png`), or give a full URL.',
  }];
}

/** A file the renderer failed on, as the error at its position (`markdown/render`); a site's error (a plugin that cannot be set up) as it is. */
function renderFailure(source: DocSource | PostSource, cause: unknown): SitegenError {
  if (cause instanceof SitegenError) return cause;
  return new SitegenError(`Failed to render \`${source.file}\`: ${(cause as Error).message}`, {
    cause, diagnostics: [{
      file: source.file, ...failurePosition(cause, source.lineOffset), severity: 'error', ruleId: 'markdown/render',
      message: `Cannot render Markdown: ${(cause as Error).message}`,
      hint: (cause as { workerDied?: boolean }).workerDied
        ? 'The file needs more memory than a worker thread has, or holds text the parser handles badly (long runs of brackets or markup): split it, or render on the main thread with SITEGEN_THREADS=1.'
        : 'This is a problem in sitegen or a Markdown plugin rather than in the file; simplify the lines around the position to find what triggers it, and report it.',
    }],
  });
}

/** The file position of a rendering failure, when the plugin that threw gave one (body lines, 1-based). */
function failurePosition(cause: unknown, lineOffset: number): { line?: number; column?: number } {
  const { line, column } = (cause ?? {}) as { line?: unknown; column?: unknown };
  if (typeof line !== 'number') return {};
  return { line: line + lineOffset, ...(typeof column === 'number' ? { column } : {}) };
}
