/**
 * The esbuild plugin that resolves and loads what MDX pages import, as Docusaurus does:
 *
 * - `@theme/…` and `@docusaurus/…` through the table of theme/mdx/modules.ts (a site's own
 *   `theme/mdx/<file>` overrides ours);
 * - `@site/…` from the site root; relative paths from the importing file; packages from the
 *   site's `node_modules`; React stays external, so the theme's React renders every page;
 * - `.md`/`.mdx` partials, compiled through the same MDX compiler (`loadPartial`);
 * - YAML as data (JSON, CSS and CSS modules are esbuild's own loaders);
 * (An absolute `url(/img/…)` in CSS is left as it is by siteUrlPlugin, which runs before this.)
 * (An SVG a script imports is a component: svgComponentPlugin, which runs first.)
 *
 * An import that cannot be resolved is recorded as a diagnostic at the importing file's line,
 * with the closest names, and replaced by an empty module so that one bundle still reports every
 * such import at once (pages that reach one are not rendered: see `missingModules`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { parse as parseYaml } from 'yaml';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { themeFile } from '../render/theme-plugin.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import { createSourceTree } from '../util/source-position.ts';
import type { MdxImportPlace } from './remark-mdx-compat.ts';

/** Namespaces of the bundle's own modules. */
export const PAGE_NS = 'sitegen-mdx-page';
export const EXCERPT_NS = 'sitegen-mdx-excerpt';
export const MISSING_NS = 'sitegen-mdx-missing';
const INNER = 'sitegen-mdx-inner';

/** How the bundle's entry names a page's or an excerpt's compiled program: `sitegen-mdx-page:/abs/x.mdx`. */
const ownModuleRE = /^sitegen-mdx-(page|excerpt):(.*)$/s;
const reactRE = /^react(?:-dom)?(?:\/.*)?$/;
const themeRE = /^@(?:theme|docusaurus)\//;

/** What the plugin needs from the MDX phase. */
export interface MdxResolveOptions {
  root: string;
  /** Compiled programs of the pages and excerpts, by absolute path. */
  pages: Map<string, string>;
  excerpts: Map<string, string>;
  /** Compiles a partial (`.md`/`.mdx` imported by a page); `undefined` code when it failed (diagnostics tell). */
  loadPartial: (abs: string) => Promise<{ code?: string; diagnostics: Diagnostic[]; imports?: MdxImportPlace[] }>;
  /** Where each page's imports are written (by the page's absolute path), as MDX's parser read them. */
  importPlaces?: ReadonlyMap<string, MdxImportPlace[]>;
  /** Receives every diagnostic of resolution and of partials. */
  report: (diagnostic: Diagnostic) => void;
  /** Module name → file of theme/mdx (`mdxModules` of theme/mdx/modules.ts, see load-mdx-modules.ts). */
  modules: Readonly<Record<string, string>>;
}

/** The file of theme/mdx a Docusaurus module name stands for: the site's override, else ours. */
export function themeModuleFile(root: string, file: string): string {
  return themeFile(root, path.posix.join('mdx', file));
}

/** See the module comment. */
export function mdxResolvePlugin(options: MdxResolveOptions): Plugin {
  const { root, report, modules } = options;
  // The import places of pages, and of partials as they are compiled during the bundle.
  const places = new Map(options.importPlaces ?? []);
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  return {
    name: 'sitegen-mdx-resolve',
    setup(build) {
      const missing = (spec: string, importer: string, problem: { message: string; hint?: string }) => {
        report({ file: rel(importer), ...importPosition({ importer, spec, places }), severity: 'error', ruleId: 'mdx/unresolved-import', ...problem });
        return { path: spec, namespace: MISSING_NS };
      };
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER) return undefined;
        const own = ownModuleRE.exec(args.path);
        if (own) return { path: own[2], namespace: own[1] === 'page' ? PAGE_NS : EXCERPT_NS };
        if (reactRE.test(args.path)) return { path: args.path, external: true };
        if (args.namespace === MISSING_NS) return undefined;
        const importer = args.importer;
        if (themeRE.test(args.path)) {
          const file = Object.hasOwn(modules, args.path) ? modules[args.path] : undefined;
          if (file === undefined) {
            const close = didYouMean(args.path, Object.keys(modules));
            return missing(args.path, importer, {
              message: `Cannot resolve \`${args.path}\`: it is not a module sitegen provides${close ? `; did you mean \`${close}\`?` : ''}`,
              hint: `Modules MDX may import: ${Object.keys(modules).map((m) => `\`${m}\``).join(', ')}.`,
            });
          }
          const abs = themeModuleFile(root, file);
          if (!existsSync(abs)) {
            return missing(args.path, importer, {
              message: `Cannot resolve \`${args.path}\`: its component file \`theme/mdx/${file}\` does not exist`,
              hint: 'Add the file (theme/mdx/modules.ts names it), or remove the import.',
            });
          }
          return { path: abs };
        }
        const spec = args.path.startsWith('@site/') ? path.join(root, args.path.slice('@site/'.length)) : args.path;
        const resolveDir = args.resolveDir || path.dirname(importer);
        const found = await build.resolve(spec, { kind: args.kind, resolveDir, importer, pluginData: INNER });
        if (!found.errors.length) return { path: found.path, external: found.external, namespace: found.namespace, sideEffects: found.sideEffects };
        const close = closestPath({ spec, resolveDir, written: args.path });
        return missing(args.path, importer, {
          message: `Cannot resolve \`${args.path}\`${close ? `; did you mean \`${close}\`?` : ''}`,
          hint: spec.startsWith('.') || path.isAbsolute(spec)
            ? '`@site/` is the site root, `./` and `../` the importing file\'s folder, `@theme/…` and `@docusaurus/…` the components sitegen provides.'
            : `A package is resolved from the site's \`node_modules\`: install it there (\`npm install ${packageName(args.path)}\`).`,
        });
      });
      build.onLoad({ filter: /.*/, namespace: MISSING_NS }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
      const compiled = (map: Map<string, string>) => (args: { path: string }) => ({ contents: map.get(args.path) ?? '', loader: 'js' as const, resolveDir: path.dirname(args.path) });
      build.onLoad({ filter: /.*/, namespace: PAGE_NS }, compiled(options.pages));
      build.onLoad({ filter: /.*/, namespace: EXCERPT_NS }, compiled(options.excerpts));
      build.onLoad({ filter: /\.mdx?$/, namespace: 'file' }, async (args) => {
        const { code, diagnostics, imports } = await options.loadPartial(args.path);
        diagnostics.forEach(report);
        if (imports) places.set(args.path, imports);
        // A partial that does not compile renders nothing; its diagnostics fail the build.
        return { contents: code ?? 'export default function MDXContent() { return null; }', loader: 'js', resolveDir: path.dirname(args.path) };
      });
      build.onLoad({ filter: /\.ya?ml$/, namespace: 'file' }, (args) => ({ contents: `export default ${JSON.stringify(parseYaml(readFileSync(args.path, 'utf8')) ?? null)};`, loader: 'js' }));
    },
  };
}

/** `@scope/name` or `name` of a package import (`name/dist/x.css` → `name`). */
function packageName(spec: string): string {
  return spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
}

/**
 * Where `spec` is written in `importer`, 1-based, as a parser read it: an MDX page's or partial's
 * imports as MDX's parser placed them (`places`), a component's from its syntax tree (oxc-parser);
 * the file's start when neither knows it (a file that does not parse).
 */
function importPosition(options: { importer: string; spec: string; places: ReadonlyMap<string, MdxImportPlace[]> }): { line: number; column: number } {
  const { importer, spec, places } = options;
  const known = places.get(importer);
  if (known) {
    const place = known.find((p) => p.spec === spec);
    return place ? { line: place.line, column: place.column } : { line: 1, column: 1 };
  }
  let text: string;
  try {
    text = readFileSync(importer, 'utf8');
  } catch {
    return { line: 1, column: 1 };
  }
  return createSourceTree(importer, text).locateImport(spec) ?? { line: 1, column: 1 };
}

/** The closest existing file to a relative or `@site/` import, written the way the import was. */
function closestPath(options: { spec: string; resolveDir: string; written: string }): string | undefined {
  const { spec, resolveDir, written } = options;
  if (!spec.startsWith('.') && !path.isAbsolute(spec)) return undefined;
  const target = path.resolve(resolveDir, spec);
  let names: string[];
  try {
    names = readdirSync(path.dirname(target));
  } catch {
    return undefined;
  }
  const wanted = path.basename(target);
  // Candidates with and without their extension, as imports are written either way.
  const candidates = names.flatMap((n) => [n, n.replace(/\.[^.]+$/, '')]);
  const close = didYouMean(wanted, candidates);
  return close === undefined ? undefined : `${written.slice(0, written.length - wanted.length)}${close}`;
}
