/**
 * Issues 30 › 7 and 38 › 2: what an MDX page costs beside a Markdown page of the same size. The same
 * synthetic corpus (same seed, same pages) is generated twice, as Markdown and as MDX (each doc
 * then imports a site component and uses it once, see bench/corpus.ts), and each is built cold
 * (`--no-cache`) `runs` times, alternating, so that load on the machine falls on both alike.
 *
 * The figure the budget reads is the "render markdown" phase (where MDX pages are compiled,
 * bundled and rendered) per page, MDX over Markdown: the rest of a build (plan, pages, search,
 * links) is the same work for both. The whole builds' wall and CPU times are printed beside it.
 *
 * Warm: the MDX corpus is then built again with its cache (every page compiled before), and so is
 * our own site (Markdown); the budget reads the whole build's CPU time per page, the all-MDX site
 * over ours (CPU time, not wall: other load on a small machine moves wall time most).
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
  /** Warm build CPU time per page, the MDX corpus over our own site. */
  warmRatio?: number;
  lines: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};
const phase = (m: BuildMeasurement) => m.phases.find((p) => p.name === 'render markdown')?.ms;

/** Generates both corpora under `outRoot` and builds each `runs` times. */
export async function measureMdxCost(options: { repo: string; outRoot: string; docs: number; posts: number; runs: number; progress: (message: string) => void }): Promise<MdxCost> {
  const cold = await measureCold(options);
  const warm = await measureWarm({ ...options, mdxDir: cold.dirs.mdx });
  for (const dir of Object.values(cold.dirs)) await rm(dir, { recursive: true, force: true });
  return { ...cold.cost, warmRatio: warm.ratio, lines: [...cold.cost.lines, ...warm.lines] };
}

/** Both corpora cold, alternating; the corpora are left for the warm builds. */
async function measureCold(options: Parameters<typeof measureMdxCost>[0]): Promise<{ cost: MdxCost; dirs: { markdown: string; mdx: string } }> {
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
      ? `  per page, render markdown phase: Markdown ${perPage(made.markdown).toFixed(2)} ms, MDX ${perPage(made.mdx).toFixed(2)} ms → ×${phaseRatio!.toFixed(2)} ${phaseRatio! <= COLD_BUDGET ? '✓' : '✗'} (budget ≤ ×${COLD_BUDGET}); whole build ×${wallRatio!.toFixed(2)}`
      : '  ✗ a build failed: no ratio',
  ];
  return { cost: { markdown: made.markdown, mdx: made.mdx, phaseRatio, wallRatio, lines }, dirs };
}

/** Issue 38 › 2: an MDX page cold costs at most this many Markdown pages' "render markdown". */
const COLD_BUDGET = 1.2;
/** Issue 38 › 2: a warm all-MDX build costs at most this many times our site's warm build, per page. */
const WARM_BUDGET = 1.5;

/** The MDX corpus and our own site, each built once to fill its cache, then `runs` times warm. */
async function measureWarm(options: { repo: string; outRoot: string; mdxDir: string; runs: number; progress: (message: string) => void }): Promise<{ ratio?: number; lines: string[] }> {
  const { repo, outRoot, mdxDir, runs, progress } = options;
  const sites = { mdx: { root: mdxDir, outDir: path.join(mdxDir, 'build') }, ours: { root: repo, outDir: path.join(outRoot, 'warm-ours') } };
  const made: Record<'mdx' | 'ours', BuildMeasurement[]> = { mdx: [], ours: [] };
  for (const kind of ['mdx', 'ours'] as const) {
    progress(`  ${kind} build to fill the cache`);
    await measureBuild({ label: `${kind} fill`, repo, ...sites[kind] });
  }
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['mdx', 'ours'] as const) {
      progress(`  ${kind} warm build ${run}/${runs}`);
      made[kind].push(await measureBuild({ label: `${kind} warm ${run}`, repo, ...sites[kind] }));
    }
  }
  await rm(sites.ours.outDir, { recursive: true, force: true });
  const ok = [...made.mdx, ...made.ours].every((m) => m.ok && m.cpuMs !== undefined);
  const perPage = (list: BuildMeasurement[]) => median(list.map((m) => (m.cpuMs ?? NaN) / (m.pages ?? NaN)));
  const ratio = ok ? perPage(made.mdx) / perPage(made.ours) : undefined;
  const describe = (kind: 'mdx' | 'ours') => made[kind].map((m) => (m.ok
    ? `${(m.wallMs / 1000).toFixed(1)} s wall, ${((m.cpuMs ?? NaN) / 1000).toFixed(1)} s CPU, ${m.pages} pages, render markdown ${((phase(m) ?? NaN) / 1000).toFixed(2)} s (load ${m.loadBefore.toFixed(1)})`
    : `failed: ${m.error?.split('\n')[0]}`)).join('; ');
  return {
    ratio,
    lines: [
      `Warm builds (cache filled by one build before), ${runs} runs each`,
      `  MDX corpus: ${describe('mdx')}`,
      `  our site:   ${describe('ours')}`,
      ok
        ? `  CPU per page: MDX corpus ${perPage(made.mdx).toFixed(1)} ms, our site ${perPage(made.ours).toFixed(1)} ms → ×${ratio!.toFixed(2)} ${ratio! <= WARM_BUDGET ? '✓' : '✗'} (budget ≤ ×${WARM_BUDGET})`
        : '  ✗ a build failed: no ratio',
    ],
  };
}
