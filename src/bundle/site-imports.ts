/**
 * How every bundle of site code resolves what it imports — MDX pages and their islands, React
 * pages and their islands — as Docusaurus does:
 *
 * - `@theme/…` and `@docusaurus/…` through the table of theme/mdx/modules.ts, a site's own
 *   `theme/mdx/<file>` overriding ours (`themeFile`, which the bundles' own entries use too);
 * - `@site/…` from the site folder; relative paths from the importing file; packages from the
 *   site's `node_modules`; React stays external where no earlier plugin provides it (the
 *   server bundles render with the React that renders the site).
 *
 * An import that cannot be resolved is reported once, as one diagnostic (unresolved-import.ts),
 * and replaced by an empty module, so that one bundle reports every such import at once; the
 * caller decides what a page that reaches one does (`reachesMissing`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ImportKind, Metafile, Plugin, PluginBuild } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { themeFile } from '../render/theme-plugin.ts';
import { unresolvedImport, type ImportPlace, type ImportProblem } from './unresolved-import.ts';

/** The namespace of the empty modules that stand for imports that could not be resolved. */
export const MISSING_NS = 'sitegen-missing';
/**
 * The namespace of the empty modules that stand for files a package's `browser` field maps to
 * `false` (object-inspect's `./util.inspect.js`, which Babel's site reaches).
 */
export const DISABLED_NS = 'sitegen-disabled';
/** Marks the plugin's own calls to `build.resolve`, which must reach esbuild's resolver. */
const INNER = 'sitegen-site-imports-inner';
const reactRE = /^react(?:-dom)?(?:\/.*)?$/;
const themeRE = /^(?:@(?:theme|docusaurus)\/|@mdx-js\/react$)/;
/** `@theme-original/X` and `@theme-init/X`: the theme's own `@theme/X`, under a site's swizzle of it. */
const originalRE = /^@theme-(?:original|init)\//;
/** The extensions Docusaurus tries for a site's `src/theme/X`, in its order. */
const swizzleExtensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.cjs'];

/**
 * A site's own `@theme/X`: `src/theme/X` with one of Docusaurus's extensions, or
 * `src/theme/X/index.*` (a swizzled or added theme component); `undefined` when it has none.
 */
export function siteThemeComponent(root: string, name: string): string | undefined {
  const base = path.join(root, 'src', 'theme', name);
  for (const candidate of [...swizzleExtensions.map((e) => base + e), ...swizzleExtensions.map((e) => path.join(base, `index${e}`))]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** What {@link siteImportsPlugin} needs. */
export interface SiteImportsOptions {
  /** The site folder. */
  root: string;
  /** Module name → file of theme/mdx (theme/mdx/modules.ts, read by loadMdxModules). */
  modules: Readonly<Record<string, string>>;
  /** Receives the diagnostic of each import that cannot be resolved. */
  report: (diagnostic: Diagnostic) => void;
  /** Where MDX files write their imports (by absolute path), as MDX's parser read them; may grow during the bundle. */
  places?: ReadonlyMap<string, ImportPlace[]>;
}

/** The file of theme/mdx a Docusaurus module name stands for: the site's override, else ours. */
export function themeModuleFile(root: string, file: string): string {
  return themeFile(root, path.posix.join('mdx', file));
}

/** The result of resolving one import: esbuild's answer, or why there is none. */
export type SiteImport = { path: string; external?: boolean; namespace?: string; sideEffects?: boolean } | { problem: ImportProblem };

/**
 * Resolves `spec` imported from `resolveDir` by the resolution table of the module comment.
 * `build` is the esbuild build the plugin runs in (its resolver finds files and packages).
 */
export async function resolveSiteImport(build: PluginBuild, args: { path: string; kind: ImportKind; importer: string; resolveDir: string }, options: Pick<SiteImportsOptions, 'root' | 'modules'>): Promise<SiteImport> {
  const { root, modules } = options;
  // As Docusaurus resolves them: the site's `src/theme/X` first, except for the swizzle itself,
  // which imports the theme's own as `@theme-original/X`.
  const original = originalRE.test(args.path);
  if (args.path.startsWith('@theme/')) {
    const own = siteThemeComponent(root, args.path.slice('@theme/'.length));
    if (own && own !== args.importer) return { path: own };
  }
  if (themeRE.test(args.path) || original) {
    const name = original ? args.path.replace(originalRE, '@theme/') : args.path;
    const file = Object.hasOwn(modules, name) ? modules[name] : undefined;
    if (file === undefined) return { problem: { kind: 'theme-unknown', known: Object.keys(modules) } };
    const abs = themeModuleFile(root, file);
    return existsSync(abs) ? { path: abs } : { problem: { kind: 'theme-file-missing', file } };
  }
  const spec = args.path.startsWith('@site/') ? path.join(root, args.path.slice('@site/'.length)) : args.path;
  const resolveDir = args.resolveDir || path.dirname(args.importer);
  const local = spec.startsWith('.') || path.isAbsolute(spec);
  let found = await build.resolve(spec, { kind: args.kind, resolveDir, importer: args.importer, pluginData: INNER });
  const outside = path.relative(root, resolveDir).startsWith('..');
  if (found.errors.length && !local && outside) {
    // A content folder outside the site (Redux's docs at `../docs`) imports the site's packages:
    // from the site's node_modules, as Docusaurus's bundler resolves them.
    found = await build.resolve(spec, { kind: args.kind, resolveDir: root, importer: args.importer, pluginData: INNER });
  }
  if (!found.errors.length) {
    // esbuild's resolver answers a file the importing package disables (`"browser": {"./x.js":
    // false}`) with the path it stands for, and nothing says it is disabled: the file is not
    // there, and esbuild, asked to load it, fails. Its own resolution loads an empty module.
    if (found.namespace === 'file' && !found.external && !existsSync(found.path)) return { path: found.path, namespace: DISABLED_NS };
    return { path: found.path, external: found.external, namespace: found.namespace, sideEffects: found.sideEffects };
  }
  return { problem: local ? { kind: 'path', spec, resolveDir } : { kind: 'package' } };
}

/** The esbuild plugin of the module comment. Put it after the plugins that handle their own names. */
export function siteImportsPlugin(options: SiteImportsOptions): Plugin {
  const root = path.resolve(options.root);
  return {
    name: 'sitegen-site-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER || args.namespace === MISSING_NS) return undefined;
        if (reactRE.test(args.path)) return { path: args.path, external: true };
        const found = await resolveSiteImport(build, args, { root, modules: options.modules });
        if (!('problem' in found)) return found;
        options.report(unresolvedImport({ root, importer: args.importer, spec: args.path, problem: found.problem, places: options.places }));
        return { path: args.path, namespace: MISSING_NS };
      });
      // An import that could not be resolved and a file its package disables both load as `{}`.
      for (const namespace of [MISSING_NS, DISABLED_NS]) build.onLoad({ filter: /.*/, namespace }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
}

/**
 * Which of `entries` (metafile input keys) reach, through their imports, a module that could not
 * be resolved: rendering such a page would only add noise to the import's diagnostic.
 */
export function reachesMissing(metafile: Metafile, entries: Iterable<string>): Set<string> {
  const memo = new Map<string, boolean>();
  const reaches = (key: string, seen: Set<string>): boolean => {
    if (key.startsWith(`${MISSING_NS}:`)) return true;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (seen.has(key)) return false;
    seen.add(key);
    const answer = (metafile.inputs[key]?.imports ?? []).some((i) => !i.external && reaches(i.path, seen));
    memo.set(key, answer);
    return answer;
  };
  return new Set([...entries].filter((key) => reaches(key, new Set())));
}
