/**
 * One esbuild bundle of every MDX page of the site (and of each post's excerpt): the pages'
 * compiled programs, the components, partials and data they import, for Node. One bundle for the
 * whole site rather than one per page: components are bundled and evaluated once, and esbuild's
 * start-up is paid once (see the report of issue 30 for the figures).
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { esbuildDiagnostics, type BundleSubject } from '../bundle/esbuild-diagnostics.ts';
import { reachesMissing } from '../bundle/site-imports.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { themeOverridesPlugin } from '../render/theme-plugin.ts';
import { ASSET_LOADERS } from '../util/asset-loaders.ts';
import { siteUrlPlugin } from '../util/site-url-plugin.ts';
import { NODE_REQUIRE_BANNER, writeCachedModule } from '../util/bundle-for-node.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import { browserImports } from './island-liveness.ts';
import { loadMdxModules } from './load-mdx-modules.ts';
import { svgComponentPlugin } from '../util/svg-component.ts';
import { mdxResolvePlugin, themeModuleFile, type MdxResolveOptions } from './mdx-resolve-plugin.ts';

/** The bundle, written where Node can import it (React resolves to ours from there). */
export interface MdxBundle {
  /** The module file (with `<file>.map` beside it); `undefined` when esbuild failed. */
  module?: string;
  /** The pages' CSS (their components' stylesheets and CSS modules), as a file with its content hash. */
  css?: { file: string; hash: string };
  diagnostics: Diagnostic[];
  /** Pages (absolute paths) that import, at any depth, a module that could not be resolved. */
  unrenderable: Set<string>;
  /** The site's own files in the bundle (absolute), for dev to watch. */
  inputs: string[];
  /** Per page (absolute path), the imports, as written, that need the browser (island-liveness.ts). */
  browserImports: Map<string, Set<string>>;
  /** Whether a module of the bundle highlights code as it renders (`@theme/CodeBlock`): the renderer then needs shiki. */
  highlights: boolean;
}

/**
 * Bundles `pages` and `excerpts` (compiled programs by the page's absolute path). The module
 * exports `pages` and `excerpts` (each page's module namespace by path), and `MdxSiteProvider`
 * and `MdxCodeHighlighterProvider`, the same instances the components read.
 */
export async function bundleMdx(options: Omit<MdxResolveOptions, 'report' | 'modules'> & { modules?: MdxResolveOptions['modules'] }): Promise<MdxBundle> {
  const { root, pages, excerpts } = options;
  const diagnostics: Diagnostic[] = [];
  const modules = options.modules ?? await loadMdxModules();
  const lines = [
    `export { MdxSiteProvider } from ${JSON.stringify(themeModuleFile(root, 'context.tsx'))};`,
    `export { MdxCodeHighlighterProvider } from ${JSON.stringify(themeModuleFile(root, 'code-highlighter.tsx'))};`,
    // The global components: the site's `src/theme/MDXComponents` when it has one (site-imports.ts).
    `export { GlobalMdxProvider } from ${JSON.stringify(themeModuleFile(root, 'global-mdx-provider.tsx'))};`,
    "export { default as MDXComponents } from '@theme/MDXComponents';",
    `export { default as ThemeMDXComponents } from ${JSON.stringify(themeModuleFile(root, 'mdx-components.tsx'))};`,
  ];
  const entries = (map: Map<string, string>, kind: string) => [...map.keys()].map((abs, i) => {
    lines.push(`import * as ${kind}${i} from ${JSON.stringify(`sitegen-mdx-${kind}:${abs}`)};`);
    return `${JSON.stringify(abs)}: ${kind}${i}`;
  });
  const pageEntries = entries(pages, 'page');
  const excerptEntries = entries(excerpts, 'excerpt');
  lines.push(`export const pages = {${pageEntries.join(', ')}};`, `export const excerpts = {${excerptEntries.join(', ')}};`);
  const outfile = path.join(CACHE_DIR, 'mdx.mjs');
  let result;
  try {
    result = await build({
      stdin: { contents: lines.join('\n'), resolveDir: root, sourcefile: ENTRY_NAME, loader: 'js' },
      bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', banner: { js: NODE_REQUIRE_BANNER },
      outfile, sourcemap: 'external', sourcesContent: false, metafile: true, logLevel: 'silent',
      // Error locations relative to the site root, like every other diagnostic.
      absWorkingDir: path.resolve(root),
      loader: ASSET_LOADERS,
      plugins: [siteUrlPlugin(), svgComponentPlugin(), themeOverridesPlugin(path.join(root, 'theme')), mdxResolvePlugin({ ...options, modules, report: (d) => diagnostics.push(d) })],
    });
  } catch (error) {
    const failures = esbuildDiagnostics(error, MDX_BUNDLE(root));
    if (!failures) throw error;
    diagnostics.push(...failures);
    return { diagnostics, unrenderable: new Set(pages.keys()), inputs: [], browserImports: new Map(), highlights: false };
  }
  const js = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!;
  const mapFile = result.outputFiles.find((f) => f.path.endsWith('.map'))!;
  const map = JSON.parse(mapFile.text) as { sources: string[] };
  map.sources = map.sources.map((source) => (source.includes(':') && !source.startsWith('/') ? source : path.resolve(path.dirname(outfile), source)));
  const module = await writeCachedModule('mdx', js.text, JSON.stringify(map));
  const cssText = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text;
  return {
    module, diagnostics,
    css: cssText ? await writeCss(cssText) : undefined,
    unrenderable: new Set([...reachesMissing(result.metafile, Object.keys(result.metafile.inputs).filter((k) => ownModuleRE.test(k)))].map((k) => path.resolve(root, ownModuleRE.exec(k)![1]))),
    browserImports: browserImports({ metafile: result.metafile, root, modules }),
    inputs: Object.keys(result.metafile.inputs).filter((k) => !k.includes(':') && !k.includes('node_modules/')).map((k) => path.resolve(root, k)),
    highlights: highlights(result.metafile),
  };
}

/** The bundle's entry (esbuild's stdin): the pages, and the providers the renderer puts around them. */
const ENTRY_NAME = 'sitegen-mdx-entry.js';

const highlighterModuleRE = /(?:^|\/)theme\/mdx\/code-highlighter\.tsx$/;

/**
 * Whether a module other than the bundle's entry (which provides the highlighter to every page)
 * imports the theme's highlighter hook: `@theme/CodeBlock`, or a site's override of it.
 */
function highlights(metafile: Metafile): boolean {
  return Object.entries(metafile.inputs).some(([key, input]) => !key.endsWith(ENTRY_NAME) && !highlighterModuleRE.test(key)
    && input.imports.some((i) => highlighterModuleRE.test(i.path)));
}

/** Writes the CSS to the cache folder under its content hash (the Markdown phase copies it as an asset). */
async function writeCss(text: string): Promise<{ file: string; hash: string }> {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  const file = path.join(CACHE_DIR, `mdx-${hash}.css`);
  await mkdir(CACHE_DIR, { recursive: true });
  await writeFile(file, text);
  return { file, hash };
}

/** A page's or an excerpt's compiled program, as the metafile names it. */
const ownModuleRE = /^sitegen-mdx-(?:page|excerpt):(.*)$/s;

/** What the MDX bundle is, for its esbuild failures (src/bundle/esbuild-diagnostics.ts). */
export const MDX_BUNDLE = (root: string): BundleSubject => ({ what: 'the MDX pages', ruleId: 'mdx/bundle', root, fallbackFile: ENTRY_NAME });
