import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';
import type { MarkdownRenderer, RenderMarkdownInput } from '../markdown/create-markdown-renderer.ts';
import type { DocSource, MarkdownResult, PostSource } from '../model.ts';
import type { Rendered } from '../routes/plan-pages.ts';
import { safeDecode } from '../util/safe-decode.ts';

/** Content images to copy into the output: source path → output file. */
export type AssetCopies = Map<string, string>;

/**
 * One file's rendered Markdown and everything it depended on. Rendering is a pure function of
 * the body, the front-matter offset, the TOC levels and the answers the link and image resolvers
 * gave, so the result is reused while all of those are unchanged.
 */
export interface MarkdownCacheEntry {
  input: Pick<RenderMarkdownInput, 'source' | 'lineOffset' | 'tocMinLevel' | 'tocMaxLevel'>;
  result: MarkdownResult;
  /** `.md` links as written → the route they resolved to (or `undefined`). */
  links: Map<string, string | undefined>;
  /** Images as written → their output URL (or `undefined` when missing). */
  assets: Map<string, string | undefined>;
}

/** Rendered Markdown by source file (`content/docs/rules.md`), and the route map it saw. */
export interface MarkdownCache {
  files: Map<string, MarkdownCacheEntry>;
  /** Every `file → route` of the last render, joined: `.md` links resolve through it alone. */
  routesKey?: string;
}

/** An empty Markdown cache. */
export function createMarkdownCache(): MarkdownCache {
  return { files: new Map() };
}

const severityFor = (setting: SiteConfig['onBrokenMarkdownLinks']) => (setting === 'throw' ? 'error' : 'warning');

/**
 * Renders every doc and post. Relative `.md` links resolve to routes through a file→route map;
 * images resolve to `public/` (absolute paths) or are copied from beside the Markdown file.
 * With a `cache` (dev), a file is rendered again only when its body or one of its link or image
 * targets changed: renaming a page's slug re-renders exactly the pages linking to it.
 */
export async function renderAllMarkdown(options: {
  root: string; config: SiteConfig; docs: DocSource[]; posts: PostSource[]; render: MarkdownRenderer; cache?: MarkdownCache;
}): Promise<{ docs: Rendered<DocSource>[]; posts: Rendered<PostSource>[]; assets: AssetCopies; diagnostics: Diagnostic[]; rendered: string[] }> {
  const { root, config, docs, posts, render } = options;
  const cache = options.cache ?? createMarkdownCache();
  const routeByFile = new Map<string, string>([...docs, ...posts].map((s) => [s.file, s.route]));
  // `.md` links resolve through this map only: while it is unchanged, so is every answer, and
  // re-asking each cached file's links (tens of ms on 10,000 pages) can be skipped.
  const routesKey = [...routeByFile].join('\n');
  const linksUnchanged = cache.routesKey === routesKey;
  // Until this render completes, entries may have been made against either map.
  cache.routesKey = undefined;
  const assets: AssetCopies = new Map();
  const diagnostics: Diagnostic[] = [];
  const rendered: string[] = [];

  const renderOne = async <T extends DocSource | PostSource>(source: T, toc?: { min?: number; max?: number }): Promise<Rendered<T>> => {
    const dir = path.posix.dirname(source.file);
    const resolveLink = (url: string) => {
      const [target, hash] = url.split('#');
      const route = routeByFile.get(path.posix.normalize(path.posix.join(dir, safeDecode(target))));
      return route === undefined ? undefined : hash ? `${route}#${hash}` : route;
    };
    const resolve = (url: string) => resolveAsset({ root, dir, url, assets });
    const input = { source: source.body, lineOffset: source.lineOffset, tocMinLevel: toc?.min, tocMaxLevel: toc?.max };
    let md = reuse({ entry: cache.files.get(source.file), input, resolveLink: linksUnchanged ? undefined : resolveLink, resolveAsset: resolve });
    if (!md) {
      const entry: MarkdownCacheEntry = { input, result: undefined!, links: new Map(), assets: new Map() };
      try {
        entry.result = await render({
          ...input,
          file: source.file,
          resolveLink: (url) => record(entry.links, url, resolveLink(url)),
          resolveAsset: (url) => record(entry.assets, url, resolve(url)),
        });
      } catch (cause) {
        cache.files.delete(source.file);
        throw new SitegenError(`Failed to render \`${source.file}\`: ${(cause as Error).message}`, {
          cause,
          diagnostics: [{ file: source.file, severity: 'error', ruleId: 'markdown/render', message: `Cannot render Markdown: ${(cause as Error).message}` }],
        });
      }
      cache.files.set(source.file, entry);
      rendered.push(source.file);
      md = entry.result;
    }
    for (const d of md.diagnostics) {
      diagnostics.push(d.ruleId === 'links/markdown-link' ? { ...d, severity: severityFor(config.onBrokenMarkdownLinks) } : d);
    }
    return { ...source, md };
  };

  const renderedDocs: Rendered<DocSource>[] = [];
  for (const doc of docs) renderedDocs.push(await renderOne(doc, { min: doc.tocMinLevel, max: doc.tocMaxLevel }));
  const renderedPosts: Rendered<PostSource>[] = [];
  for (const post of posts) renderedPosts.push(await renderOne(post));
  // Deleted files must not pin their results in memory.
  for (const file of cache.files.keys()) if (!routeByFile.has(file)) cache.files.delete(file);
  cache.routesKey = routesKey;
  const filtered = config.onBrokenMarkdownLinks === 'ignore' ? diagnostics.filter((d) => d.ruleId !== 'links/markdown-link') : diagnostics;
  return { docs: renderedDocs, posts: renderedPosts, assets, diagnostics: filtered, rendered };
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
  return entry.result;
}

function record(lookups: Map<string, string | undefined>, url: string, answer: string | undefined): string | undefined {
  lookups.set(url, answer);
  return answer;
}

function resolveAsset(options: { root: string; dir: string; url: string; assets: AssetCopies }): string | undefined {
  const { root, dir, url, assets } = options;
  const clean = safeDecode(url.split(/[?#]/)[0]);
  if (clean.startsWith('/')) return existsSync(path.join(root, 'public', clean)) ? url : undefined;
  const source = path.join(root, dir, clean);
  if (!isFile(source)) return undefined;
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 8);
  const out = `assets/images/${path.basename(clean, path.extname(clean))}-${hash}${path.extname(clean)}`;
  assets.set(source, out);
  return `/${out}`;
}

function isFile(abs: string): boolean {
  try {
    return statSync(abs).isFile();
  } catch {
    return false;
  }
}
