/**
 * Issue 30 › 7: what an MDX page costs beside a Markdown page of the same size. The same
 * synthetic corpus (same seed, same pages) is generated twice, as Markdown and as MDX (each doc
 * then imports a site component and uses it once, see bench/corpus.ts), and each is built cold
 * (`--no-cache`) `runs` times, alternating, so that load on the machine falls on both alike.
 *
 * The figure the budget reads is the "render markdown" phase (where MDX pages are compiled,
 * bundled and rendered) per page, MDX over Markdown: the rest of a build (plan, pages, search,
 * links) is the same work for both. The whole builds' wall and CPU times are printed beside it.
 */
import os from 'node:os';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { generateCorpus } from '../corpus.ts';
import { measureBuild, type BuildMeasurement } from './measure-build.ts';

/** What the comparison found, and its report lines. */
export interface MdxCost {
  markdown: BuildMeasurement[];
  mdx: BuildMeasurement[];
  /** Median "render markdown" phase per page, MDX over Markdown; undefined when a build failed. */
  phaseRatio?: number;
  /** Median whole-build wall time, MDX over Markdown. */
  wallRatio?: number;
  lines: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const phase = (m: BuildMeasurement) => m.phases.find((p) => p.name === 'render markdown')?.ms;

/** Generates both corpora under `outRoot` and builds each `runs` times. */
export async function measureMdxCost(options: { repo: string; outRoot: string; docs: number; posts: number; runs: number; progress: (message: string) => void }): Promise<MdxCost> {
  const { repo, outRoot, docs, posts, runs, progress } = options;
  const dirs = { markdown: path.join(outRoot, 'corpus-mdx-md'), mdx: path.join(outRoot, 'corpus-mdx') };
  progress(`generating the ${docs + posts}-page corpus as Markdown and as MDX`);
  await generateCorpus({ dir: dirs.markdown, docs, posts, seed: 1 });
  await generateCorpus({ dir: dirs.mdx, docs, posts, seed: 1, mdx: true });
  const made: Record<'markdown' | 'mdx', BuildMeasurement[]> = { markdown: [], mdx: [] };
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['markdown', 'mdx'] as const) {
      progress(`  ${kind} build ${run}/${runs}`);
      made[kind].push(await measureBuild({ label: `${kind} ${run}`, repo, root: dirs[kind], outDir: path.join(dirs[kind], 'build'), flags: ['--no-cache'] }));
    }
  }
  for (const dir of Object.values(dirs)) await rm(dir, { recursive: true, force: true });
  const ok = [...made.markdown, ...made.mdx].every((m) => m.ok);
  const perPage = (list: BuildMeasurement[]) => median(list.map((m) => (phase(m) ?? NaN) / (m.pages ?? NaN)));
  const phaseRatio = ok ? perPage(made.mdx) / perPage(made.markdown) : undefined;
  const wallRatio = ok ? median(made.mdx.map((m) => m.wallMs)) / median(made.markdown.map((m) => m.wallMs)) : undefined;
  const describe = (kind: 'markdown' | 'mdx') => made[kind].map((m) => (m.ok
    ? `${(m.wallMs / 1000).toFixed(1)} s wall, ${((m.cpuMs ?? NaN) / 1000).toFixed(1)} s CPU, render markdown ${((phase(m) ?? NaN) / 1000).toFixed(2)} s (load ${m.loadBefore.toFixed(1)})`
    : `failed: ${m.error?.split('\n')[0]}`)).join('; ');
  const lines = [
    `MDX vs Markdown, the same ${docs + posts}-page corpus, cold (--no-cache), ${runs} runs each · ${os.cpus().length} CPUs`,
    `  Markdown: ${describe('markdown')}`,
    `  MDX:      ${describe('mdx')}`,
    ok
      ? `  per page, render markdown phase: Markdown ${perPage(made.markdown).toFixed(2)} ms, MDX ${perPage(made.mdx).toFixed(2)} ms → ×${phaseRatio!.toFixed(2)} ${phaseRatio! <= 2 ? '✓' : '✗'} (budget ≤ ×2); whole build ×${wallRatio!.toFixed(2)}`
      : '  ✗ a build failed: no ratio',
  ];
  return { markdown: made.markdown, mdx: made.mdx, phaseRatio, wallRatio, lines };
}
