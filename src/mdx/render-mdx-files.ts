/**
 * The MDX half of the Markdown phase: every doc and post read as MDX is compiled (create-mdx-compiler.ts),
 * all of them are bundled at once with what they import (bundle-mdx.ts), and each is rendered
 * with React (render-mdx-page.ts) into the same `MarkdownResult` a Markdown file gives, so the
 * rest of the pipeline (plan, pages, search, links, dev) treats both alike.
 *
 * Ids and links come from the rendered HTML too: a component's `<a href>` or a heading it renders
 * is checked like one written in Markdown. Links written in Markdown keep their file positions;
 * a link that only the HTML holds is placed at the JSX element that wrote it literally, else at
 * the page's first line.
 */
import { createSiteFence } from '../content/site-fence.ts';
import { contentRoots } from '../config/content-roots.ts';
import { sitePluginsOf } from '../markdown/content-preset.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '../config/schema.ts';
import { splitFrontMatter } from '../content/front-matter.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { extractLinks } from '../links/extract-links.ts';
import { listDataSources, loadDataSource } from '../markdown/content-data.ts';
import { lazyCodeHighlighter, type CodeHighlighter } from '../markdown/create-code-highlighter.ts';
import { resolveAsset, resolveMarkdownLink, type AssetCopies } from '../markdown/pool/resolve-targets.ts';
import type { DocSource, MarkdownResult, PostSource, SourceLink } from '../model.ts';
import { publicUrl } from '../util/public-url.ts';
import { bundleMdx } from './bundle-mdx.ts';
import { bundleIslands, type IslandAssets, type IslandPage } from './bundle-islands.ts';
import type { IslandCandidate } from './remark-islands.ts';
import { islandKey } from './island-key.ts';
import { loadMdxModules } from './load-mdx-modules.ts';
import { createMdxCompiler, type CompiledMdx, type CompiledMdxPage, type MdxCompiler } from './create-mdx-compiler.ts';
import { mdxSite } from './mdx-site.ts';
import type { MdxSiteFacts } from './mdx-site.ts';
import { siteThemeComponent } from '../bundle/site-imports.ts';
import { unusedElementEntries, unusedElementsDiagnostic } from './global-components.ts';
import { createMdxPageRenderer, type MdxModule, type MdxSite } from './render-mdx-page.ts';

/**
 * What an MDX page is rendered from: a doc or post read as MDX, or any other page whose body is
 * MDX (`src/pages/x.mdx`: give it a file, its route and its body after the front matter).
 */
export type MdxSource = Pick<DocSource | PostSource, 'file' | 'route' | 'body' | 'lineOffset'> & { tocMinLevel?: number; tocMaxLevel?: number };
type Source = MdxSource;

/** What the MDX half of the phase makes. */
export interface RenderedMdx {
  /** Each MDX source's result, by its file (relative to the root). */
  results: Map<string, MarkdownResult>;
  /** Problems in files that are not pages (partials, components), and in the bundle. */
  diagnostics: Diagnostic[];
  /** The site's own files the pages were made from (pages, partials, components), absolute: dev watches them. */
  inputs: string[];
  /**
   * The pages with islands that need the browser, and what bundles their scripts once the
   * client's React file is known (bundle-islands.ts); absent when no page has any.
   */
  islands?: { pages: IslandPage[]; bundle: (reactFile: string) => Promise<IslandAssets> };
}

/**
 * Bundles and renders `sources` (docs and posts whose `format` is `'mdx'`), each compiled as
 * `compiled` holds it (by the Markdown service, or from its cache). Partials and islands are
 * compiled here. `routeByFile` resolves `.md`/`.mdx` links; images and the pages' stylesheet go
 * into `assets`.
 *
 * @example
 * const { results } = await renderMdxFiles({ root, config, sources, compiled, routeByFile, assets });
 */
export async function renderMdxFiles(options: {
  root: string; config: SiteConfig; sources: Source[]; compiled: ReadonlyMap<string, CompiledMdxPage>;
  routeByFile: ReadonlyMap<string, string>; assets: AssetCopies;
  /** The build's highlighter (lazyCodeHighlighter). @default one of their own, made at first use */
  highlighter?: () => Promise<CodeHighlighter>;
  /** The site's docs versions and locale, for the docs hooks and `<Translate>`. @default the docs folder alone, one locale */
  siteFacts?: MdxSiteFacts;
}): Promise<RenderedMdx> {
  const { root, config, sources, routeByFile, assets } = options;
  if (!sources.length) return { results: new Map(), diagnostics: [], inputs: [] };
  // Loading shiki's grammars takes ~0.7 s: only partials, islands and `@theme/CodeBlock` need
  // them here (the pages come compiled), so a warm build of pages without them never loads them.
  const highlighterNow = options.highlighter ?? lazyCodeHighlighter();
  const { compile, resolvers, loadPartial } = siteMdxCompiler({ root, config, routeByFile, assets, highlighter: highlighterNow });
  const abs = (file: string) => path.join(path.resolve(root), file);

  const compiled = new Map<string, CompiledMdx>();
  const excerpts = new Map<string, CompiledMdx>();
  for (const s of sources) {
    const given = options.compiled.get(s.file);
    if (!given) throw new Error(`Internal error: \`${s.file}\` was not compiled`);
    compiled.set(s.file, given.page);
    if (given.excerpt) excerpts.set(s.file, given.excerpt);
  }
  const programs = (map: Map<string, CompiledMdx>) => new Map([...map].flatMap(([file, c]) => (c.code === undefined ? [] : [[abs(file), c.code] as [string, string]])));
  const modules = await loadMdxModules();
  const importPlaces = new Map([...compiled].map(([file, c]) => [abs(file), c.imports]));
  const bundle = await bundleMdx({ root: path.resolve(root), pages: programs(compiled), excerpts: programs(excerpts), loadPartial, modules, importPlaces });
  const islandPages: IslandPage[] = [];

  const pageFiles = new Set(sources.map((s) => abs(s.file)));
  const diagnostics = bundle.diagnostics.filter((d) => !pageFiles.has(abs(d.file)));
  const module = bundle.module === undefined ? undefined : (await import(pathToFileURL(bundle.module).href)) as MdxModule;
  const render = module && createMdxPageRenderer({ module, bundle: bundle.module!, siteRoot: path.resolve(root), highlighter: bundle.highlights ? await highlighterNow() : noHighlighter });
  const ownComponents = siteThemeComponent(path.resolve(root), 'MDXComponents');
  if (module && ownComponents) {
    const unused = unusedElementEntries(module.MDXComponents, module.ThemeMDXComponents);
    if (unused.length) diagnostics.push(unusedElementsDiagnostic(path.resolve(root), ownComponents, unused));
  }
  const stylesheet = bundle.css && `assets/css/mdx.${bundle.css.hash}.css`;
  if (bundle.css && stylesheet) assets.set(bundle.css.file, stylesheet);

  const results = new Map<string, MarkdownResult>();
  for (const s of sources) {
    const page = compiled.get(s.file)!;
    const own = [...page.diagnostics, ...bundle.diagnostics.filter((d) => abs(d.file) === abs(s.file))];
    const site = mdxSite(config, s.route, options.siteFacts);
    const ready = render && page.code !== undefined && !bundle.unrenderable.has(abs(s.file));
    const islands = ready ? liveIslands({ source: s, page, site, browser: bundle.browserImports.get(abs(s.file)) }) : undefined;
    const body = ready ? render({ Content: module!.pages[abs(s.file)].default, site, file: s.file, lineOffset: s.lineOffset, elements: page.elements, statics: page.statics, islands: islands && { key: islands.key, live: new Set(islands.islands.map((i) => i.i)) } }) : undefined;
    if (islands && body?.html !== undefined) islandPages.push(islands);
    const excerpt = excerpts.get(s.file);
    const excerptHtml = ready && body?.html !== undefined && excerpt?.code !== undefined
      ? render({ Content: module!.excerpts[abs(s.file)].default, site, file: s.file, lineOffset: s.lineOffset, elements: excerpt.elements, statics: excerpt.statics }).html
      : undefined;
    // The components' CSS, linked where their markup is (a page, or a post on a list page).
    const link = stylesheet ? `<link rel="stylesheet" href="${publicUrl({ baseUrl: config.baseUrl, path: `/${stylesheet}` })}">` : '';
    const html = body?.html === undefined ? '' : link + body.html;
    const found = extractLinks(html);
    results.set(s.file, {
      html,
      ...(excerptHtml === undefined ? {} : { excerptHtml: link + excerptHtml }),
      toc: page.toc,
      anchors: found.ids,
      links: mergeLinks({ page, hrefs: found.hrefs, ids: found.ids, stylesheet, lineOffset: s.lineOffset }),
      wordCount: page.wordCount,
      ...(page.description === undefined ? {} : { description: page.description }),
      diagnostics: [...own, ...(body?.diagnostics ?? [])],
    });
  }
  const bundleOptions = { root, pages: islandPages, compile, resolvers, loadPartial, modules };
  return {
    results, diagnostics, inputs: bundle.inputs,
    ...(islandPages.length ? { islands: { pages: islandPages, bundle: (reactFile: string) => bundleIslands({ ...bundleOptions, reactFile }) } } : {}),
  };
}

/**
 * A page's islands that need the browser (remark-islands.ts, island-liveness.ts): those whose
 * name is imported from a module that does (`browser`), or is the page's own export that reads
 * like it has state; `undefined` when none does.
 */
function liveIslands(options: { source: Source; page: CompiledMdx; site: MdxSite; browser: ReadonlySet<string> | undefined }): IslandPage | undefined {
  const { source, page, site, browser } = options;
  const found = page.islands;
  if (!found) return undefined;
  const needs = found.candidates.map((c) => (c.specifier === '' ? found.liveExports.includes(c.name) : browser?.has(c.specifier) === true));
  // An island inside another is part of it: only the outermost is hydrated.
  const outerLive = (c: IslandCandidate): boolean => c.outer !== undefined && (needs[c.outer] || outerLive(found.candidates[c.outer]));
  const live = found.candidates.filter((c) => needs[c.i] && !outerLive(c));
  if (!live.length) return undefined;
  return {
    key: islandKey(source.file), file: source.file, lineOffset: source.lineOffset, site,
    esm: found.esm, islands: live.map(({ i, source: text }) => ({ i, source: text })),
  };
}


/** What the renderer gets when no module of the bundle highlights code (MdxBundle.highlights). */
const noHighlighter: CodeHighlighter = {
  languages: new Set(),
  highlight() {
    throw new Error('Internal error: a module highlighted code, but the MDX bundle said none does');
  },
};

const externalRE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The page's links: those written in Markdown (with their positions), then every other internal
 * link of the rendered HTML, placed at the JSX element that holds it literally, else at line 1.
 */
function mergeLinks(options: { page: CompiledMdx; hrefs: string[]; ids: string[]; stylesheet?: string; lineOffset: number }): SourceLink[] {
  const { page, hrefs, lineOffset } = options;
  const links = [...page.links];
  // Heading anchors (`#id` of an id the page has) need no check.
  const known = new Set([...links.map((l) => l.url), ...options.ids.map((id) => `#${id}`)]);
  for (const href of hrefs) {
    if (known.has(href) || externalRE.test(href) || (options.stylesheet && href.endsWith(options.stylesheet))) continue;
    known.add(href);
    const at = page.jsxLinks.find((l) => l.value === href || href.endsWith(l.value));
    links.push({ url: href, raw: href, line: at ? at.line + lineOffset : 1, column: at?.column ?? 1, kind: 'link' });
  }
  return links;
}

/**
 * The site's MDX compiler for what is compiled while bundling (partials, islands), with the
 * resolvers of its links, images and data, and the partial loader the bundlers take. The
 * compiler, and the highlighter it needs, are made at the first use.
 */
export function siteMdxCompiler(options: {
  root: string; config: SiteConfig; routeByFile: ReadonlyMap<string, string>; assets: AssetCopies; highlighter: () => Promise<CodeHighlighter>;
}): { compile: MdxCompiler; resolvers: (file: string) => Pick<Parameters<MdxCompiler>[0], 'resolveLink' | 'resolveAsset' | 'resolveData' | 'listData'>; loadPartial: (abs: string) => ReturnType<typeof compilePartial> } {
  const { root, config, routeByFile, assets } = options;
  const fence = createSiteFence({ root, allowedOutsideFolders: config.allowedOutsideFolders, staticDirectories: config.staticDirectories });
  let compiler: Promise<MdxCompiler> | undefined;
  const compile: MdxCompiler = async (input) => (await (compiler ??= options.highlighter().then((h) => createMdxCompiler({
    highlighter: h, math: config.markdown.math, baseUrl: config.baseUrl,
    tocMinLevel: config.toc.minHeadingLevel, tocMaxLevel: config.toc.maxHeadingLevel, plugins: sitePluginsOf(config, root), magicComments: config.markdown.magicComments, mermaid: config.markdown.mermaid, root: path.resolve(root),
  }))))(input);
  const roots = contentRoots(config);
  const resolvers = (file: string) => {
    const dir = path.posix.dirname(file);
    return {
      resolveLink: (url: string) => resolveMarkdownLink({ routeByFile, dir, url, roots }),
      resolveAsset: (url: string) => resolveAsset({ fence, dir, url, assets }),
      resolveData: (name: string) => loadDataSource({ fence, name }),
      listData: () => listDataSources(root),
    };
  };
  return { compile, resolvers, loadPartial: (abs) => compilePartial({ compile, abs, root, resolvers }) };
}

/** Compiles a partial (`_shared.mdx` imported by a page): its own front matter is left out. */
async function compilePartial(options: {
  compile: MdxCompiler; abs: string; root: string;
  resolvers: (file: string) => Pick<Parameters<MdxCompiler>[0], 'resolveLink' | 'resolveAsset' | 'resolveData' | 'listData'>;
}): Promise<{ code?: string; diagnostics: Diagnostic[]; imports?: CompiledMdx['imports'] }> {
  const file = path.relative(options.root, options.abs).split(path.sep).join('/');
  const split = splitFrontMatter(await readFile(options.abs, 'utf8'), file);
  if ('diagnostic' in split) return { diagnostics: [split.diagnostic] };
  const compiled = await options.compile({ source: split.body, file, lineOffset: split.lineOffset, partial: true, ...options.resolvers(file) });
  return { code: compiled.code, diagnostics: compiled.diagnostics, imports: compiled.imports };
}
