import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { editDistance } from '../util/did-you-mean.ts';
import { createSourceTree } from '../util/source-position.ts';

/** The one rule id of an import no bundle of site code can resolve (MDX, React pages, their islands). */
export const UNRESOLVED_IMPORT = 'import/unresolved';

/** Where an import is written: line and column, 1-based, as a parser read it. */
export interface ImportPlace { spec: string; line: number; column: number }

/** Why an import was not found, as {@link resolveSiteImport} says it. */
export type ImportProblem =
  | { kind: 'theme-unknown'; known: readonly string[] }
  | { kind: 'theme-file-missing'; file: string }
  | { kind: 'path'; spec: string; resolveDir: string }
  | { kind: 'package' };

/**
 * The diagnostic for `spec`, imported by `importer` and not found: at the import's place as a
 * parser read it (`places`, MDX's parser for pages and partials; oxc-parser for components),
 * with up to three close names that exist (files beside the path asked for, or the theme's
 * module names) and what to do.
 */
export function unresolvedImport(options: {
  root: string; importer: string; spec: string; problem: ImportProblem; places?: ReadonlyMap<string, ImportPlace[]>;
}): Diagnostic {
  const { root, importer, spec, problem } = options;
  const at = { file: path.relative(root, importer).split(path.sep).join('/'), ...importPosition(importer, spec, options.places) };
  const base = { ...at, severity: 'error' as const, ruleId: UNRESOLVED_IMPORT };
  const suggest = (names: string[]) => (names.length ? `; did you mean ${names.map((n) => `\`${n}\``).join(' or ')}?` : '');
  switch (problem.kind) {
    case 'theme-unknown':
      return {
        ...base,
        message: `Cannot resolve \`${spec}\`: it is not a module sitegen provides${suggest(closest(spec, problem.known, (name) => name.replace(/^@[^/]+\//, '')))}`,
        hint: `Modules site code may import: ${problem.known.map((m) => `\`${m}\``).join(', ')}. A site's own \`@theme/X\` is \`src/theme/X.{tsx,jsx,js}\` (as in Docusaurus); otherwise write the component in the site (\`@site/src/components/…\`) or drop the import.`,
      };
    case 'theme-file-missing':
      return {
        ...base,
        message: `Cannot resolve \`${spec}\`: its component file \`theme/mdx/${problem.file}\` does not exist`,
        hint: 'Add the file (theme/mdx/modules.ts names it), or remove the import.',
      };
    case 'path':
      return {
        ...base,
        message: `Cannot resolve \`${spec}\`${suggest(closestFiles(spec, problem.spec, problem.resolveDir))}`,
        hint: '`@site/` is the site folder, `./` and `../` the importing file\'s folder, `@theme/…` and `@docusaurus/…` the components sitegen provides.',
      };
    case 'package':
      return {
        ...base,
        message: `Cannot resolve \`${spec}\``,
        hint: `A package is resolved from the site's \`node_modules\`: install it there (\`npm install ${packageName(spec)}\`). sitegen bundles what site code imports, except React.`,
      };
  }
}

/**
 * Up to three of `names` close to `input` (a plausible typo: a third of its length, at least 2
 * edits), compared as `key` makes them (a file's name without its extension, say).
 */
function closest(input: string, names: readonly string[], key: (name: string) => string = (n) => n): string[] {
  const wanted = key(input).toLowerCase();
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return names
    .map((name) => ({ name, d: editDistance(wanted, key(name).toLowerCase()) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => c.name);
}

/**
 * Up to three files beside the path `resolved` asks for (`spec` as resolved: `@site/` made
 * absolute), written the way the import was: with their extension if it had one (`./Card.tsx`),
 * else without (`./Card`).
 */
function closestFiles(written: string, resolved: string, resolveDir: string): string[] {
  const target = path.resolve(resolveDir, resolved);
  let names: string[];
  try {
    names = readdirSync(path.dirname(target)).filter((n) => !n.startsWith('.'));
  } catch {
    return [];
  }
  const wanted = path.basename(target);
  const stem = (n: string) => n.replace(/\.[^.]+$/, '');
  // Compared without extensions (`./cord.js` is close to `./card.tsx`); named with one only if the import had one.
  const withExtension = path.extname(wanted) !== '';
  const candidates = withExtension ? names : [...new Set(names.map(stem))];
  const prefix = written.slice(0, written.length - path.basename(written).length);
  return closest(wanted, candidates, stem).map((name) => `${prefix}${name}`);
}

/** `@scope/name` or `name` of a package import (`name/dist/x.css` → `name`). */
function packageName(spec: string): string {
  return spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
}

/**
 * Where `spec` is written in `importer`: as MDX's parser placed it (`places`), else from the
 * file's syntax tree (oxc-parser); the file's start when neither knows (a file that does not parse).
 */
function importPosition(importer: string, spec: string, places?: ReadonlyMap<string, ImportPlace[]>): { line: number; column: number } {
  const known = places?.get(importer);
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
