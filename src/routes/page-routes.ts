/**
 * Which files of the pages folder are pages and what their routes are: the rules of
 * Docusaurus's pages plugin (`include`/`exclude` globs relative to the folder, `index` names
 * the folder's route, the rest of the path without its extension is the route).
 */
import { joinRoute } from '../util/routes.ts';

/** What a page file is rendered as: a React component, Markdown, or MDX (compiled by the MDX pipeline). */
export type PageFileKind = 'react' | 'markdown' | 'mdx';

/** The pages settings these rules read (`config.pages`). */
export interface PageRules { routeBasePath: string; include: string[]; exclude: string[] }

const KIND_BY_EXTENSION: Record<string, PageFileKind> = {
  '.tsx': 'react', '.jsx': 'react', '.ts': 'react', '.js': 'react', '.md': 'markdown', '.mdx': 'mdx',
};

/**
 * What `rel` (a path relative to the pages folder, with `/`) is, or `undefined` when it is no
 * page: not matched by an `include` glob, matched by an `exclude` glob, hidden (a `.` segment,
 * as globby skips them), in `node_modules`, or of an extension no page has.
 */
export function pageFileKind(rel: string, rules: Pick<PageRules, 'include' | 'exclude'>): PageFileKind | undefined {
  const kind = KIND_BY_EXTENSION[extensionOf(rel)];
  if (!kind) return undefined;
  const parts = rel.split('/');
  if (parts.some((p) => p.startsWith('.')) || parts.includes('node_modules')) return undefined;
  if (!rules.include.some((g) => globToRegExp(g).test(rel))) return undefined;
  if (rules.exclude.some((g) => globToRegExp(g).test(rel))) return undefined;
  return kind;
}

/** `index.tsx` → `/`, `help/index.md` → `/help`, `errors.js` → `/errors` (under `routeBasePath`). */
export function pageRoute(rel: string, routeBasePath: string): string {
  const withoutExtension = rel.slice(0, rel.length - extensionOf(rel).length);
  const parts = withoutExtension.split('/');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return joinRoute(routeBasePath, ...parts);
}

function extensionOf(rel: string): string {
  const match = /\.[^./]+$/.exec(rel);
  return match ? match[0] : '';
}

const globCache = new Map<string, RegExp>();

/**
 * A glob as a regular expression over `/`-separated relative paths: `**` any number of whole
 * segments (`**\/x` also matches `x`), `*` and `?` within one segment, `{a,b}` alternatives.
 * Enough for Docusaurus's own patterns and the ones its docs show; character classes are
 * taken literally.
 */
export function globToRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (re) return re;
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      // `**/` : zero or more whole segments; a trailing `**`: everything below.
      out += slashAfter ? '(?:[^/]*/)*' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) out += '|';
    else out += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  re = new RegExp(`^${out}$`);
  globCache.set(glob, re);
  return re;
}
