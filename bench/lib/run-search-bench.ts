/**
 * Runs `bench/search-bench.ts` (owned by the search work) when it exists, and passes its output
 * through. It is started from the repository root with `SEARCH_BENCH_BUILD` = the real site's
 * fresh build folder (the variable it reads) and, when a 10,000-page corpus was built in this
 * run, `SITEGEN_BENCH_BUILD_10K` = that build folder. It prints a human-readable report and may
 * end with one line of JSON, which is stored in bench/out/latest.json.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** What the search bench printed, or why it was skipped. */
export interface SearchBenchResult {
  skipped?: string;
  ok?: boolean;
  output?: string;
  json?: unknown;
}

export async function runSearchBench(options: { repo: string; build: string; build10k?: string }): Promise<SearchBenchResult> {
  const script = path.join(options.repo, 'bench/search-bench.ts');
  if (!existsSync(script)) return { skipped: 'bench/search-bench.ts does not exist yet (search work in progress)' };
  const env = { ...process.env, SEARCH_BENCH_BUILD: options.build, ...(options.build10k ? { SITEGEN_BENCH_BUILD_10K: options.build10k } : {}) };
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: options.repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => { text += d; });
    child.stderr.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (c) => resolve({ code: c, output: text }));
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  let json: unknown;
  try {
    json = last.startsWith('{') ? JSON.parse(last) : undefined;
  } catch {
    json = undefined;
  }
  const text = json === undefined ? output.trimEnd() : output.trimEnd().split('\n').slice(0, -1).join('\n');
  return { ok: code === 0, output: text, json };
}
