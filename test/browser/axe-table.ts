import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The accessibility files (one per colour mode, run in parallel) each save their violation
// counts here; the global teardown prints them as one table. No vitest imports: the global
// setup runs this in the main process.

/** Artifacts of the browser tests (gitignored). */
export const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

/** Viewport widths every page type is audited and photographed at. */
export const widths = [1280, 375];

/** Violation counts of one mode: page type → width → count. */
export type ModeResults = Record<string, Record<string, number>>;

const resultFileRE = /^axe-(\w+)\.json$/;

/** Saves the counts of one mode. */
export function saveAccessibilityResults(mode: string, results: ModeResults): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `axe-${mode}.json`), JSON.stringify(results));
}

/** Removes the counts of earlier runs, so the table shows this run only. */
export function clearAccessibilityResults(): void {
  for (const f of readdirSafe()) if (resultFileRE.test(f)) rmSync(path.join(resultsDir, f));
}

/** The table of the modes audited in this run (page type × mode and width), or '' if none was. */
export function formatAccessibilityTable(): string {
  const byMode = new Map<string, ModeResults>();
  for (const f of readdirSafe().sort().reverse()) {
    const m = resultFileRE.exec(f);
    if (m) byMode.set(m[1], JSON.parse(readFileSync(path.join(resultsDir, f), 'utf8')) as ModeResults);
  }
  if (byMode.size === 0) return '';
  const columns = [...byMode.keys()].flatMap((mode) => widths.map((width) => [mode, width] as const));
  const pages = [...new Set([...byMode.values()].flatMap((r) => Object.keys(r)))];
  const rows = [
    ['page', ...columns.map(([mode, width]) => `${mode} ${width}`)],
    ...pages.map((name) => [name, ...columns.map(([mode, width]) => String(byMode.get(mode)![name]?.[width] ?? '–'))]),
  ];
  const size = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(size[i])).join(' | ')} |`;
  return ['axe-core violations (page type × colour mode and width):', line(rows[0]), line(size.map((n) => '-'.repeat(n))), ...rows.slice(1).map(line)].join('\n');
}

function readdirSafe(): string[] {
  try {
    return readdirSync(resultsDir);
  } catch {
    return [];
  }
}
