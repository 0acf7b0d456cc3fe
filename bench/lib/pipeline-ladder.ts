/**
 * Issue 38 › 7: where a cold build's time goes above the parse floor, rung by rung. Each rung
 * of the Markdown pipeline (pipeline-ladder-worker.ts) is timed in a fresh process over the same
 * files as the floor, so that each figure reads as a multiple of it: what the design card's
 * pipeline costs before any code of ours (`katex`), and what ours adds (`sitegen`).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Rung } from './pipeline-ladder-worker.ts';

const RUNGS: { rung: Rung; what: string }[] = [
  { rung: 'parse', what: 'parse only (the floor)' },
  { rung: 'html', what: '+ remark-rehype, rehype-stringify' },
  { rung: 'katex', what: '+ rehype-katex (the design card\'s pipeline)' },
  { rung: 'sitegen', what: 'our renderer (preset, shiki, ids, TOC, links)' },
];

/** One line per rung, each with its multiple of the parse floor, under a header with the load. */
export function measurePipelineLadder(options: { repo: string; dirs: string[]; runs?: number }): string[] {
  const { repo, dirs } = options;
  const runs = options.runs ?? 3;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const times = new Map<Rung, number>();
  const lines = [`Markdown pipeline, rung by rung (each in a fresh process, one thread, median of ${runs}) · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`];
  // Interleaved, so that a busy moment of the machine falls on every rung alike.
  const samples = new Map<Rung, number[]>(RUNGS.map((r) => [r.rung, []]));
  let files = 0;
  for (let i = 0; i < runs; i++) {
    for (const { rung } of RUNGS) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/lib/pipeline-ladder-worker.ts'), rung, ...dirs], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 20 });
      const result = JSON.parse(out.trim().split('\n').pop()!) as { files: number; ms: number };
      files = result.files;
      samples.get(rung)!.push(result.ms);
    }
  }
  for (const { rung } of RUNGS) times.set(rung, median(samples.get(rung)!));
  const floor = times.get('parse')!;
  for (const { rung, what } of RUNGS) {
    const ms = times.get(rung)!;
    lines.push(`  ${rung.padEnd(8)} ${String(Math.round(ms)).padStart(6)} ms  ×${(ms / floor).toFixed(2)} of the floor  ${what}`);
  }
  lines.push(`  over ${files} files`);
  return lines;
}
