import { availableParallelism } from 'node:os';
import { createMarkdownPool } from './markdown-pool.ts';
import { createLocalMarkdownService, type MarkdownService, type MarkdownServiceOptions } from './markdown-service.ts';
import { SitegenError } from '../../diagnostics/sitegen-error.ts';

/**
 * Below this much Markdown (characters) a site renders on the main thread. Each worker loads
 * unified, shiki and KaTeX again and compiles every grammar again (~0.5 s), and on this 2-vCPU
 * machine two busy threads only do ~1.2× the work of one: the real site (0.5 MB) built slower
 * with two workers (3.4 s vs 3.2 s of Markdown), a 3 MB corpus 10 % faster.
 */
const POOL_MIN_CHARS = 2 * 1024 * 1024;

/** Upper bound on workers: past a few, memory grows faster than the build gets shorter. */
const MAX_THREADS = 8;

/**
 * The Markdown service for a site of `markdownBytes`: a pool with one worker per core on big
 * sites, this thread otherwise. `SITEGEN_THREADS=N` overrides the choice (`1` renders here).
 */
export async function createMarkdownService(options: MarkdownServiceOptions & { markdownBytes: number }): Promise<MarkdownService> {
  const cores = availableParallelism();
  const threads = chooseThreads({ markdownBytes: options.markdownBytes, cores, setting: process.env.SITEGEN_THREADS });
  const serviceOptions = { root: options.root, fence: options.fence, contentRoots: options.contentRoots, renderer: options.renderer };
  return threads > 1
    ? createMarkdownPool({ ...serviceOptions, size: threads })
    // On one thread, code is highlighted on a second one (see createHighlighterThread), unless
    // SITEGEN_THREADS=1 asks for everything on this one.
    : createLocalMarkdownService({ ...serviceOptions, renderer: { ...serviceOptions.renderer, highlightOnThread: cores > 1 && process.env.SITEGEN_THREADS?.trim() !== '1' } });
}

/** `SITEGEN_THREADS` as the environment sets it: a diagnostic, not a crash, when it is not a whole number ≥ 1. */
export function checkThreadsSetting(setting = process.env.SITEGEN_THREADS): void {
  if (setting === undefined || setting.trim() === '') return;
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1) throw threadsError(setting);
}

function threadsError(setting: string): SitegenError {
  const message = `Expected \`SITEGEN_THREADS\` to be a whole number ≥ 1, got \`${setting}\``;
  return new SitegenError(message, {
    diagnostics: [{
      file: 'environment', severity: 'error', ruleId: 'env/threads', message,
      hint: `Unset it (sitegen then picks the number of threads), or set 1 to ${MAX_THREADS}; 1 renders on the main thread.`,
    }],
  });
}

/** Pure: how many threads render Markdown. */
export function chooseThreads(options: { markdownBytes: number; cores: number; setting?: string }): number {
  const { markdownBytes, cores, setting } = options;
  if (setting !== undefined && setting.trim() !== '') {
    const n = Number(setting);
    if (!Number.isInteger(n) || n < 1) throw threadsError(setting);
    return Math.min(n, MAX_THREADS);
  }
  if (markdownBytes < POOL_MIN_CHARS || cores < 2) return 1;
  return Math.min(cores, MAX_THREADS);
}
