import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, Plugin } from 'esbuild';

const loaders: Record<string, Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.js': 'js', '.jsx': 'jsx', '.mjs': 'js' };

/**
 * Puts the client runtime and everything it imports into one chunk, so that a first visit
 * fetches a handful of files instead of a dozen.
 *
 * esbuild's code splitting groups modules by the set of entry points that reach them, and every
 * `import()` target is an entry point. A module the runtime imports that some module loaded on
 * demand imports too (the storage helpers, the router context, the icons…) therefore got a chunk
 * of its own, one per distinct set: thirteen files on a docs page's first visit. esbuild has no
 * manual chunks; instead this plugin makes every module loaded by `import()` (other than the
 * runtime itself, which the entry loads) also import the runtime module. Every module of the
 * runtime is then reached by the same entry points and lands in one shared chunk. The added
 * import loads nothing at run time: those modules only ever load after the runtime has run.
 *
 * `entry` is the hydration entry's path; the modules it loads by `import()` are the runtime.
 */
export function runtimeChunkPlugin(entry: string): Plugin {
  return {
    name: 'sitegen-runtime-chunk',
    setup(build) {
      const runtimes = new Set<string>();
      const onDemand = new Set<string>();
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.runtimeChunk) return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { runtimeChunk: true },
        });
        if (result.errors.length > 0) return undefined;
        if (!result.external && result.namespace === 'file') (args.importer === entry ? runtimes : onDemand).add(result.path);
        return result;
      });
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (!onDemand.has(args.path) || runtimes.has(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        const imports = [...runtimes].map((file) => `\nimport ${JSON.stringify(file)};`).join('');
        return { contents: source + imports, loader: loaders[path.extname(args.path)] ?? 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
