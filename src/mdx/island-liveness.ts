/**
 * Which imports of each MDX page need the browser, read from the server bundle's metafile: an
 * island candidate (remark-islands.ts) whose name comes from one of them is hydrated, any other
 * stays the HTML the server rendered. A module needs the browser when it, or any module it
 * reaches, is:
 *
 * - a file of the site whose source uses state or effects, event handlers, class components,
 *   `BrowserOnly` or `useIsBrowser` (`usesBrowserRE`);
 * - `@docusaurus/BrowserOnly`, `@docusaurus/useIsBrowser`, `@docusaurus/router` (the query and
 *   the hash are known only there) or `@docusaurus/theme-common` (the colour mode): the other
 *   theme modules render the same on the server and in the browser (tabs switch with a script
 *   of their own);
 * - a package other than those known to render statically (React, clsx…): unknown code is
 *   assumed to need the browser, which costs its page some JavaScript, never a broken widget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { DEFAULT_THEME_DIR } from '../render/theme-plugin.ts';
import { themeModuleFile } from './mdx-resolve-plugin.ts';
import { usesBrowserRE } from './remark-islands.ts';

/** Docusaurus modules whose whole point is the browser. */
const BROWSER_MODULES = ['@docusaurus/BrowserOnly', '@docusaurus/useIsBrowser', '@docusaurus/router', '@docusaurus/theme-common'];
/** Packages that render the same everywhere. */
const STATIC_PACKAGES = new Set(['react', 'react-dom', 'scheduler', 'clsx', 'classnames', 'prop-types']);

const namespacedRE = /^([a-z][\w-]*):(.*)$/s;

/**
 * For each page (by absolute path), the specifiers it imports (`'./counter'`, as written) that
 * need the browser.
 */
export function browserImports(options: { metafile: Metafile; root: string; modules: Readonly<Record<string, string>> }): Map<string, Set<string>> {
  const { metafile, root } = options;
  const live = needsBrowser(options);
  const out = new Map<string, Set<string>>();
  for (const [key, input] of Object.entries(metafile.inputs)) {
    const page = /^sitegen-mdx-page:(.*)$/s.exec(key);
    if (!page) continue;
    const wanted = new Set(input.imports.filter((i) => !i.external && i.original !== undefined && live(i.path)).map((i) => i.original!));
    out.set(path.resolve(root, page[1]), wanted);
  }
  return out;
}

/** Whether the module of a metafile's input key (relative to `root`), or what it reaches, needs the browser. */
export function needsBrowser(options: { metafile: Metafile; root: string; modules: Readonly<Record<string, string>> }): (key: string) => boolean {
  const { metafile, root, modules } = options;
  const browserFiles = new Set(BROWSER_MODULES.flatMap((m) => (modules[m] ? [themeModuleFile(root, modules[m])] : [])));
  const themeDirs = [path.join(DEFAULT_THEME_DIR, 'mdx') + path.sep, path.join(root, 'theme', 'mdx') + path.sep];
  const memo = new Map<string, boolean>();
  const live = (key: string, seen: Set<string>): boolean => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (seen.has(key)) return false;
    seen.add(key);
    const answer = ownLiveness(key) ?? (metafile.inputs[key]?.imports ?? []).some((i) => !i.external && live(i.path, seen));
    memo.set(key, answer);
    return answer;
  };
  /** What a module is on its own: true or false when that settles it, `undefined` to ask its imports. */
  const ownLiveness = (key: string): boolean | undefined => {
    if (namespacedRE.test(key)) return undefined;
    const abs = path.resolve(root, key);
    if (browserFiles.has(abs)) return true;
    if (themeDirs.some((dir) => abs.startsWith(dir))) return false;
    // Keys are relative to the site root: a site inside some `node_modules` (a test's copy) is still the site.
    const packageAt = `/${key}`.lastIndexOf('/node_modules/');
    if (packageAt !== -1) {
      const parts = `/${key}`.slice(packageAt + '/node_modules/'.length).split('/');
      return !STATIC_PACKAGES.has(parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
    let source: string;
    try {
      source = readFileSync(abs, 'utf8');
    } catch {
      return undefined;
    }
    return usesBrowserRE.test(source) ? true : undefined;
  };
  return (key) => live(key, new Set());
}
