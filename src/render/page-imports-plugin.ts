import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { didYouMean } from '../util/did-you-mean.ts';

/**
 * esbuild plugin for the modules of a site's `src/pages`: `@site/…` is the site folder (as in
 * Docusaurus), and `@theme/…`/`@docusaurus/…` are the theme's files named by the module table
 * (theme/mdx/modules.ts; a site's `theme/mdx/<file>` overrides the default one). A name not in
 * the table is an error at the import, naming the closest names that are.
 */
export function pageImportsPlugin(options: {
  siteRoot: string;
  /** Module name → file of `modulesDir` (loadMdxModules). */
  modules: Readonly<Record<string, string>>;
  modulesDir: string;
}): Plugin {
  const { modules, modulesDir } = options;
  const siteRoot = path.resolve(options.siteRoot);
  const overrides = path.join(siteRoot, 'theme', path.basename(modulesDir));
  return {
    name: 'sitegen-page-imports',
    setup(build) {
      build.onResolve({ filter: /^@site\// }, async (args) => {
        const result = await build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: siteRoot, kind: args.kind, importer: args.importer });
        if (result.errors.length) return { errors: [{ text: `Could not resolve "${args.path}"` }] };
        return { path: result.path, external: result.external, sideEffects: result.sideEffects };
      });
      build.onResolve({ filter: /^@(theme|docusaurus)\// }, (args) => {
        const file = modules[args.path];
        if (file === undefined) return { errors: [{ text: unknownModule(args.path, Object.keys(modules)) }] };
        const own = path.join(overrides, file);
        if (existsSync(own)) return { path: own };
        const provided = path.join(modulesDir, file);
        if (!existsSync(provided)) return { errors: [{ text: `Cannot import \`${args.path}\`: the theme has no \`${file}\` for it` }] };
        return { path: provided };
      });
    },
  };
}

/** The message for a Docusaurus module name the theme does not provide. */
function unknownModule(name: string, known: string[]): string {
  const close = didYouMean(name, known);
  const same = known.filter((k) => k.startsWith(name.split('/')[0] + '/'));
  return `Cannot import \`${name}\`: sitegen provides no such module${close ? `; did you mean \`${close}\`?` : ''} (it provides ${same.map((k) => `\`${k}\``).join(', ')})`;
}
