import type { Diagnostic } from './diagnostic.ts';

/**
 * Prints one diagnostic in the house shape:
 * `content/docs/intro.md:14:3  error  Cannot find page `/x`; did you mean `/y`?  links/missing-page`
 * with the hint, if any, on its own indented line.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place = d.line ? `${d.file}:${d.line}:${d.column ?? 1}` : d.file;
  const head = `${place}  ${d.severity}  ${d.message}  ${d.ruleId}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** Sorts by file and position and removes exact duplicates. */
export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = list.filter((d) => {
    const key = formatDiagnostic(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((a, b) =>
    a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** `3 errors and 1 warning in 2 files` */
export function summarizeDiagnostics(list: Diagnostic[]): string {
  const errors = list.filter((d) => d.severity === 'error').length;
  const warnings = list.length - errors;
  const files = new Set(list.map((d) => d.file)).size;
  const parts = [];
  if (errors) parts.push(plural(errors, 'error'));
  if (warnings) parts.push(plural(warnings, 'warning'));
  return `${parts.join(' and ')} in ${plural(files, 'file')}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
