import { listFiles } from '../util/list-files.ts';

/**
 * Lists files under `dir` (relative paths with `/`), skipping anything whose name starts with
 * `_` or `.` — except `_category_.json`/`_category_.yml` — as Docusaurus does. Sorted for
 * deterministic output.
 */
export async function walkContent(dir: string): Promise<string[]> {
  return (await listFiles(dir, { symlinks: true })).filter(isContentPath);
}

/**
 * Whether a path relative to a content folder is content: not hidden (`_partial.md`, `.draft/`,
 * editor files like `.#x.md`), except `_category_` files, and not in `node_modules`.
 * Shared by the full walk and by dev's single-file reloads so both skip the same files.
 */
export function isContentPath(rel: string): boolean {
  const parts = rel.split('/');
  const hidden = parts.some((p, i) => (p.startsWith('_') || p.startsWith('.'))
    && !(i === parts.length - 1 && /^_category_\.(json|ya?ml)$/.test(p)));
  return !hidden && !parts.includes('node_modules');
}

/** `01-intro` → `{ name: 'intro', position: 1 }`; names without a prefix are unchanged. */
export function stripNumberPrefix(name: string): { name: string; position?: number } {
  const match = /^(\d+)\s*[-_.]+\s*(?=\S)/.exec(name);
  // A name that is only digits (`2024.md`) or a date (`2021-01-02-x`) keeps its digits.
  if (!match || /^\d{4}-\d{2}-\d{2}/.test(name)) return { name };
  return { name: name.slice(match[0].length), position: Number(match[1]) };
}
