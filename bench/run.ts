/**
 * `npm run bench`: cold builds of the real site and of synthetic corpora (1k, 5k, 10k pages)
 * with wall time, CPU, peak memory and phases; transfer sizes of a docs page (JS split into
 * React and ours, CSS, HTML, navigation chunk); the search bench when present; Lighthouse.
 * Prints a report with every budget from the issues and writes it as JSON to
 * bench/out/latest.json.
 *
 * Flags: `--quick` (corpus of 1k pages only; a full run builds 100, 1k, 5k and 10k pages), `--runs N` (real-site builds, default 3),
 * `--no-lighthouse`, `--lighthouse-only` (one real-site build, its bytes, Lighthouse: `--runs N` audits of each page, the first tap on a page with no script loaded, and the bytes to the first sign of intent),
 * `--from FILE` (re-print a saved latest.json against the current budgets),
 * `--dev-only` (measure `sitegen dev` on the real site and add it to the saved latest.json),
 * `--untrusted-only` (hostile Markdown: a megabyte of `[`, deep lists…, one build each, beside each file's parse floor),
 * `--mdx-only` (the same 1k-page corpus built as Markdown and as MDX, `--runs N` times each: issue 30's ≤ ×2 per page),
 * `--serve-only` (`sitegen serve` beside 500 clients that never read: issue 37's ≥ 80% of the others' rate; about 1 minute),
 * `--ladder-only` (issue 38 › 7: the real site's cold build, `--runs N` times, beside the Markdown pipeline timed rung by rung as multiples of the parse floor; about 2 minutes),
 * `--drop-in-only DIR…` (issue 39 › 6: each folder, a site as it is — a Docusaurus site included — built cold (`--no-cache`, `--runs N` times) and warm (its cache kept), beside the parse floor of its docs (every version) and blog),
 * `--max-minutes M` (kill a corpus build after M minutes, default 10 per
 * 5,000 pages: ten times the budget, so a runaway build still reports the phases it finished).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spareFolder } from '../src/site/output-folder.ts';
import { markdownStoreDir } from '../src/site/markdown-store.ts';
import { generateCorpus } from './corpus.ts';
import { checkBudgets, type BenchResults } from './lib/budgets.ts';
import { measureBuild, type BuildMeasurement } from './lib/measure-build.ts';
import { measureBytes } from './lib/measure-bytes.ts';
import { measureDevReload, type DevMeasurement } from './lib/measure-dev.ts';
import { measureMdxCost } from './lib/measure-mdx.ts';
import { measureUntrusted } from './lib/measure-untrusted.ts';
import { measurePageSizes, type PageSizes } from './lib/measure-pages.ts';
import { measureParseFloor } from './lib/parse-floor.ts';
import { measurePipelineLadder } from './lib/pipeline-ladder.ts';
import { printReport } from './lib/print-report.ts';
import { lighthouseUnavailable, runLighthouse } from './lib/run-lighthouse.ts';
import { measureFirstPress } from './lib/measure-first-press.ts';
import { measureIntentBytes } from './lib/measure-intent-bytes.ts';
import { measureNeverReaders } from './lib/measure-serve.ts';
import { runSearchBench } from './lib/run-search-bench.ts';

const repo = path.resolve(import.meta.dirname, '..');
const outRoot = path.join(repo, 'bench/out');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const withLighthouse = !args.includes('--no-lighthouse');
const maxMinutes = args.includes('--max-minutes') ? Number(args[args.indexOf('--max-minutes') + 1]) : undefined;
/** Corpus sizes in pages: nine docs to one post, like a docs site with a blog (100: the page-size baseline). */
const sizes = quick ? [1000] : [100, 1000, 5000, 10_000];

const from = args.includes('--from') ? path.resolve(args[args.indexOf('--from') + 1]) : undefined;

if (from) await reprint(from);
else if (args.includes('--dev-only')) await devOnly();
else if (args.includes('--mdx-only')) await mdxOnly();
else if (args.includes('--serve-only')) await serveOnly();
else if (args.includes('--lighthouse-only')) await lighthouseOnly();
else if (args.includes('--untrusted-only')) await untrustedOnly();
else if (args.includes('--ladder-only')) await ladderOnly();
else if (args.includes('--drop-in-only')) await dropInOnly(args.slice(args.indexOf('--drop-in-only') + 1).filter((a) => !a.startsWith('--') && !/^\d+$/.test(a)));
else await runBench();

/** Issue 37 › 5 alone: hostile Markdown, one build each (a few minutes); prints, saves nothing. */
async function untrustedOnly(): Promise<void> {
  await mkdir(outRoot, { recursive: true });
  const lines = await measureUntrusted({ repo, outRoot, progress: (message) => process.stderr.write(`[bench] ${message}\n`) });
  console.log(lines.join('\n'));
}

/** Issue 30 › 7 alone (about 2 minutes with `--runs 2`): prints the MDX lines, saves nothing. */
async function mdxOnly(): Promise<void> {
  const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
  await mkdir(outRoot, { recursive: true });
  const floor = measureParseFloor({ repo, label: 'real site', dirs: ['content/docs', 'content/blog'].map((d) => path.join(repo, d)) });
  const cost = await measureMdxCost({ repo, outRoot, docs: 900, posts: 100, runs: args.includes('--runs') ? runs : 2, progress });
  console.log([...cost.lines, `  parse floor of the real site beside it: ${floor.ms.toFixed(0)} ms over ${floor.files} files · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`].join('\n'));
}

/** Issue 38 › 7 alone: cold builds of the real site beside the pipeline's rungs; prints, saves nothing. */
async function ladderOnly(): Promise<void> {
  await mkdir(outRoot, { recursive: true });
  const dirs = ['content/docs', 'content/blog'].map((d) => path.join(repo, d));
  const builds: BuildMeasurement[] = [];
  for (let i = 1; i <= runs; i++) {
    process.stderr.write(`[bench] real site build ${i}/${runs}\n`);
    builds.push(await measureBuild({ label: `real site #${i}`, repo, root: repo, outDir: path.join(outRoot, 'real-build'), flags: ['--no-cache'] }));
  }
  process.stderr.write('[bench] the Markdown pipeline, rung by rung\n');
  const ladder = measurePipelineLadder({ repo, dirs, runs });
  const floor = measureParseFloor({ repo, label: 'real site', dirs });
  console.log([
    ...ladder,
    ...builds.map((b) => `  cold build ${b.label}: ${b.ok ? `${(b.wallMs / 1000).toFixed(2)} s wall, ${((b.cpuMs ?? 0) / 1000).toFixed(2)} s CPU, ×${(b.wallMs / floor.ms).toFixed(2)} of a floor measured beside it (${floor.ms.toFixed(0)} ms)` : `failed: ${b.error?.split('\n')[0]}`}`),
    `  load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  ].join('\n'));
}

/**
 * Issue 39 › 6 alone: sites built as they are (a Docusaurus site's config read in place), cold
 * and warm, beside the parse floor of their content: the docs folder, every version's folder
 * and the blog, as the site's config names them. Prints, saves nothing.
 */
async function dropInOnly(folders: string[]): Promise<void> {
  if (!folders.length) throw new Error('--drop-in-only needs the folders of the sites to build');
  await mkdir(outRoot, { recursive: true });
  const { loadSiteConfig } = await import('../src/config/load-config.ts');
  const { readVersionNames, versionFiles } = await import('../src/content/doc-versions.ts');
  const { machineBenchmarkIndex } = await import('./lib/measure-first-press.ts');
  const lines: string[] = [];
  for (const given of folders) {
    const root = path.resolve(given);
    const { config, file } = await loadSiteConfig(root);
    // Every docs instance's folder and released versions, and the blog: what each locale's build parses.
    const instances = [{ id: 'default', path: config.docs.path }, ...config.docsInstances];
    const versions = instances.flatMap(({ id }) => readVersionNames(root, versionFiles(id).list).names.map((name) => `${versionFiles(id).docs}/version-${name}`));
    const dirs = [...instances.map((d) => d.path), ...versions, config.blog.path].map((d) => path.resolve(root, d)).filter((d) => existsSync(d));
    const locales = config.i18n?.locales.length ?? 1;
    const outDir = path.join(outRoot, `drop-in-${path.basename(root)}`);
    const builds: BuildMeasurement[] = [];
    for (let i = 1; i <= runs; i++) {
      process.stderr.write(`[bench] ${root}: cold build ${i}/${runs}\n`);
      builds.push(await measureBuild({ label: `cold #${i}`, repo, root, cwd: root, outDir, flags: ['--no-cache'] }));
    }
    // The cache the build keeps (node_modules/.cache/sitegen in the site), filled, then used.
    await measureBuild({ label: 'fill', repo, root, cwd: root, outDir });
    process.stderr.write(`[bench] ${root}: warm build\n`);
    builds.push(await measureBuild({ label: 'warm', repo, root, cwd: root, outDir }));
    // Each locale parses every file again (its translations in place of some): the floor is per locale.
    const parsed = measureParseFloor({ repo, label: path.basename(root), dirs });
    const floorMs = parsed.ms * locales;
    const index = await machineBenchmarkIndex();
    lines.push(`drop-in ${root} (${file}, ${builds[0].pages ?? '?'} pages${locales > 1 ? ` in ${locales} locales` : ''}; parse floor ${floorMs.toFixed(0)} ms${locales > 1 ? ` (${parsed.ms.toFixed(0)} ms × ${locales} locales)` : ''} over ${parsed.files} files of ${dirs.map((d) => path.relative(root, d)).join(', ')}; benchmarkIndex ${index ?? '?'})`);
    for (const b of builds) {
      // A site's own errors (broken links) fail its build after every page is made: timed all the same.
      lines.push(`  ${b.label}: ${(b.wallMs / 1000).toFixed(2)} s wall, ${((b.cpuMs ?? 0) / 1000).toFixed(2)} s CPU, ×${(b.wallMs / floorMs).toFixed(2)} of the floor · load before ${b.loadBefore.toFixed(2)}${b.ok ? '' : ` · exit non-zero: ${siteErrors(b)}`}`);
    }
  }
  lines.push(`  load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(lines.join('\n'));
}

/** The last summary line of a failed build (`✗ Build failed: 2 errors and 13 warnings in 8 files`), or its first error line. */
function siteErrors(b: BuildMeasurement): string {
  const lines = (b.error ?? '').split('\n');
  return (lines.find((l) => l.includes('Build failed')) ?? lines.find((l) => / error /.test(l)) ?? lines[0] ?? '').trim();
}

/** Issue 37 › 3 alone: prints the serve lines, saves nothing. */
async function serveOnly(): Promise<void> {
  const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
  await mkdir(outRoot, { recursive: true });
  console.log((await measureNeverReaders({ repo, outRoot, progress })).lines.join('\n'));
}

/**
 * Builds the real site once, then measures its bytes and runs Lighthouse (about 2 minutes
 * instead of the whole bench); prints the report without saving it over latest.json.
 */
async function lighthouseOnly(): Promise<void> {
  const realBuild = path.join(outRoot, 'real-build');
  process.stderr.write('[bench] real site build\n');
  const real = [await measureBuild({ label: 'real site', repo, root: repo, outDir: realBuild, flags: ['--no-cache'] })];
  const unavailable = lighthouseUnavailable(repo);
  const ok = real[0].ok;
  const bytes = ok ? measureBytes({ buildDir: realBuild, page: '/quickstart', htmlBudget: 30 * 1024 }) : undefined;
  process.stderr.write('[bench] Lighthouse on /quickstart, /blog and /api/webhooks\n');
  const lighthouse = unavailable ? { skipped: unavailable } : !ok ? { skipped: 'the real site did not build' }
    : await runLighthouse({ repo, buildDir: realBuild, paths: ['/quickstart', '/blog', '/api/webhooks'], runs });
  process.stderr.write('[bench] first tap on a page with no script loaded\n');
  const firstPress = ok && !unavailable ? await measureFirstPress({ buildDir: realBuild }) : undefined;
  process.stderr.write('[bench] bytes to the first sign of intent, and a client navigation\n');
  const intentBytes = ok && !unavailable ? await measureIntentBytes({ buildDir: realBuild }) : undefined;
  // The parse floor beside the build, as in every other report: this machine's speed today.
  const floors = [measureParseFloor({ repo, label: 'real site', dirs: ['content/docs', 'content/blog'].map((d) => path.join(repo, d)) })];
  const results: BenchResults = { real, corpora: [], warm: [], bytes, lighthouse, quick: true, dev: [], floors, pageSizes: [], firstPress, intentBytes };
  const header = `sitegen bench --lighthouse-only — ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'} · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  const report = printReport({ header, results, budgets: checkBudgets(results, undefined), search: { skipped: '--lighthouse-only' }, corpusNotes: [] });
  console.log(report);
  await writeFile(path.join(outRoot, 'lighthouse-only.txt'), `${report}\n`);
}

/** Measures only `sitegen dev` on the real site and adds it to the saved latest.json. */
async function devOnly(): Promise<void> {
  const file = path.join(outRoot, 'latest.json');
  const saved = JSON.parse(await readFile(file, 'utf8')) as { results: BenchResults };
  saved.results.dev = [...(saved.results.dev ?? []).filter((d) => d.label !== 'real site'), await measureRealSiteDev()];
  await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`);
  await reprint(file);
}

/** Five Markdown edits under `sitegen dev` on a copy of the real site. */
async function measureRealSiteDev(): Promise<DevMeasurement> {
  const copy = await copyRealSite(path.join(outRoot, 'dev-real'));
  return measureDevReload({ label: 'real site', repo, root: copy, file: 'content/docs/getting-started/quickstart.md', route: '/quickstart', startupTimeoutMs: 180_000 });
}

/** Prints a saved run again, with the budgets as this version of the bench checks them. */
async function reprint(file: string): Promise<void> {
  const saved = JSON.parse(await readFile(file, 'utf8')) as {
    date: string; header?: string; corpusNotes?: string[]; results: BenchResults; search: Parameters<typeof printReport>[0]['search'];
  };
  const header = saved.header ?? `sitegen bench — ${saved.date} (re-printed from ${path.relative(repo, file)})`;
  console.log(printReport({ header, results: saved.results, budgets: checkBudgets(saved.results, saved.search?.output), search: saved.search, corpusNotes: saved.corpusNotes ?? [] }));
}

async function runBench(): Promise<void> {
  const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
  const started = performance.now();
  await mkdir(outRoot, { recursive: true });

  // 1. The real site, several cold runs (the first also bundles the CLI into node_modules/.cache),
  // then warm ones: one build fills the Markdown cache, the next ones reuse it.
  const realBuild = path.join(outRoot, 'real-build');
  const real: BuildMeasurement[] = [];
  for (let i = 1; i <= runs; i++) {
    progress(`real site build ${i}/${runs}`);
    real.push(await measureBuild({ label: `real site #${i}`, repo, root: repo, outDir: realBuild, flags: ['--no-cache'] }));
  }
  const realOk = real.some((r) => r.ok);
  progress('real site: parse-only floor');
  const floors = [measureParseFloor({ repo, label: 'real site', dirs: ['content/docs', 'content/blog'].map((d) => path.join(repo, d)) })];
  const warm: BuildMeasurement[] = [];
  if (realOk) {
    progress('real site: filling the Markdown cache, then warm builds');
    await measureBuild({ label: 'real site fill', repo, root: repo, outDir: realBuild });
    for (let i = 1; i <= runs; i++) warm.push(await measureBuild({ label: `real warm #${i}`, repo, root: repo, outDir: realBuild }));
  }

  // 2. Bytes, Lighthouse and search on the real build, while the machine is otherwise quiet.
  let bytes: BenchResults['bytes'];
  if (realOk) {
    progress('measuring bytes');
    bytes = measureBytes({ buildDir: realBuild, page: '/quickstart', htmlBudget: 30 * 1024 });
  }
  let lighthouse: BenchResults['lighthouse'];
  const unavailable = lighthouseUnavailable(repo);
  if (!withLighthouse) lighthouse = { skipped: '--no-lighthouse' };
  else if (unavailable) lighthouse = { skipped: unavailable };
  else if (!realOk) lighthouse = { skipped: 'the real site did not build' };
  else {
    progress('Lighthouse on /quickstart, /blog and /api/webhooks, 3 runs each');
    lighthouse = await runLighthouse({ repo, buildDir: realBuild, paths: ['/quickstart', '/blog', '/api/webhooks'], runs: 3 });
  }
  let firstPress: BenchResults['firstPress'];
  let intentBytes: BenchResults['intentBytes'];
  if (realOk && !unavailable) {
    progress('first tap on a page with no script loaded');
    firstPress = await measureFirstPress({ buildDir: realBuild });
    progress('bytes to the first sign of intent, and a client navigation');
    intentBytes = await measureIntentBytes({ buildDir: realBuild });
  }

  // Dev edit latency on a copy of the real site (edits never touch the repository's content).
  const dev: DevMeasurement[] = [];
  progress('sitegen dev on the real site: 5 Markdown edits');
  dev.push(await measureRealSiteDev());

  // 3. Synthetic corpora, smallest first.
  const corpora: BuildMeasurement[] = [];
  const pageSizes: PageSizes[] = [];
  const corpusNotes: string[] = [];
  for (const pages of sizes) {
    const dir = path.join(outRoot, `corpus-${pages / 1000}k`);
    const docs = Math.round(pages * 0.9);
    progress(`generating ${pages / 1000}k corpus (${docs} docs, ${pages - docs} posts)`);
    const t = performance.now();
    const corpus = await generateCorpus({ dir, docs, posts: pages - docs, seed: 1 });
    corpusNotes.push(`${pages / 1000}k corpus: ${corpus.docs.length} docs + ${corpus.posts.length} posts + generated pages, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB of Markdown, generated in ${((performance.now() - t) / 1000).toFixed(1)} s (${path.relative(repo, dir)})`);
    progress(`building ${pages / 1000}k corpus`);
    const timeoutMs = (maxMinutes ?? Math.max(5, (10 * pages) / 5000)) * 60_000;
    // Cold, but as a first build really runs: with the Markdown cache on, empty, filled as it goes,
    // and no spare output folder to write over (see src/site/output-folder.ts).
    await rm(markdownStoreDir(dir), { recursive: true, force: true });
    await rm(spareFolder(path.join(dir, 'build')), { recursive: true, force: true });
    const m = await measureBuild({ label: `${pages / 1000}k corpus`, repo, root: dir, outDir: path.join(dir, 'build'), timeoutMs });
    corpora.push(m);
    floors.push(measureParseFloor({ repo, label: `${pages / 1000}k corpus`, dirs: ['content/docs', 'content/blog'].map((d) => path.join(dir, d)) }));
    progress(m.ok ? `  ${m.pages} pages in ${(m.wallMs / 1000).toFixed(1)} s, ${Math.round(m.peakRssMb ?? 0)} MB peak` : `  build failed: ${m.error?.split('\n')[0]}`);
    if (m.ok) pageSizes.push(await measurePageSizes({ label: m.label, buildDir: path.join(dir, 'build'), markdownBytes: corpus.bytes }));
    if (m.ok && (pages === 1000 || pages === 10_000)) {
      // Twice: the first warm build writes over the folder the cold one replaced (an earlier
      // bench's, or nothing); the second over the cold build's own output, as repeated builds do.
      for (const run of [1, 2]) {
        progress(`  the ${pages / 1000}k corpus again, warm (${run} of 2)`);
        const w = await measureBuild({ label: `${pages / 1000}k warm${run === 2 ? ' #2' : ''}`, repo, root: dir, outDir: path.join(dir, 'build'), timeoutMs });
        warm.push(w);
        progress(`  ${(w.wallMs / 1000).toFixed(1)} s, ${Math.round(w.peakRssMb ?? 0)} MB peak; cache ${await duMb(markdownStoreDir(dir))} MB on disk`);
      }
    }
    // A killed build leaves its temporary folder behind; the others only cost disk.
    for (const entry of await readdir(dir)) if (/^build\.(tmp|old)-/.test(entry)) await rm(path.join(dir, entry), { recursive: true, force: true });
    if (pages !== sizes[sizes.length - 1]) await rm(path.join(dir, 'build'), { recursive: true, force: true });
    else if (m.ok && pages === 10_000) {
      const target = corpus.docs[Math.floor(corpus.docs.length / 2)];
      progress(`sitegen dev on the 10k corpus: 5 edits of ${target.file}`);
      dev.push(await measureDevReload({ label: '10k corpus', repo, root: dir, file: target.file, route: target.route, startupTimeoutMs: Math.max(180_000, 3 * m.wallMs) }));
    }
    // A corpus's Markdown cache is hundreds of MB on the big ones, its spare folder as big as its output.
    await rm(markdownStoreDir(dir), { recursive: true, force: true });
    await rm(spareFolder(path.join(dir, 'build')), { recursive: true, force: true });
  }

  progress('the Markdown pipeline, rung by rung');
  corpusNotes.push(...measurePipelineLadder({ repo, dirs: ['content/docs', 'content/blog'].map((d) => path.join(repo, d)) }));

  progress('MDX vs Markdown, 1k corpus');
  const mdxCost = await measureMdxCost({ repo, outRoot, docs: 900, posts: 100, runs: 2, progress });
  corpusNotes.push(...mdxCost.lines);

  progress('untrusted input');
  corpusNotes.push(...await measureUntrusted({ repo, outRoot, progress }));

  progress('sitegen serve beside never-readers');
  corpusNotes.push(...(await measureNeverReaders({ repo, outRoot, progress })).lines);

  progress('search bench');
  const largest = corpora.at(-1);
  const build10k = largest?.ok && largest.label === '10k corpus' ? path.join(outRoot, 'corpus-10k/build') : undefined;
  const search = realOk ? await runSearchBench({ repo, build: realBuild, build10k }) : { skipped: 'the real site did not build' };

  const results: BenchResults = { real, corpora, warm, bytes, lighthouse, quick, dev, floors, pageSizes, firstPress, intentBytes };
  const budgets = checkBudgets(results, search.output);
  const searchIndexer = path.join(repo, 'src/search/create-search-indexer.ts');
  const git = (...a: string[]) => { try { return execFileSync('git', a, { cwd: repo, encoding: 'utf8' }).trim(); } catch { return '?'; } };
  const dirty = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'theme', 'bin').split('\n').filter(Boolean).length;
  const header = [
    `sitegen bench — ${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'} · ${Math.round(os.totalmem() / 2 ** 30)} GB RAM`,
    `commit ${git('rev-parse', '--short', 'HEAD')}${dirty ? ` + uncommitted changes in ${dirty} tracked files of src/ theme/ bin/ (the working tree was measured)` : ''}`,
    `${quick ? 'quick run (--quick: 1k corpus only)' : 'full run'}; bench took ${((performance.now() - started) / 1000).toFixed(0)} s`,
    ...(existsSync(searchIndexer) ? [] : ['note: src/search/create-search-indexer.ts is missing; builds ran with a stand-in']),
  ].join('\n');
  const report = printReport({ header, results, budgets, search, corpusNotes });
  console.log(report);
  await writeFile(path.join(outRoot, 'latest.json'), `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, quick, header, corpusNotes, results, search, budgets }, null, 2)}\n`);
  await writeFile(path.join(outRoot, 'latest.txt'), `${report}\n`);
  progress(`wrote ${path.relative(repo, path.join(outRoot, 'latest.json'))}`);
}

/** A copy of the real site's content that re-exports the repository's site.config.ts. */
async function copyRealSite(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await cp(path.join(repo, 'content'), path.join(dir, 'content'), { recursive: true });
  await cp(path.join(repo, 'public'), path.join(dir, 'public'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), `${JSON.stringify({ private: true, type: 'module' })}\n`);
  let config = path.relative(dir, path.join(repo, 'site.config.ts')).split(path.sep).join('/');
  if (!config.startsWith('.')) config = `./${config}`;
  await writeFile(path.join(dir, 'site.config.ts'), `export { default } from ${JSON.stringify(config)};\n`);
  return dir;
}

/** Size of a folder in MB (0 when missing). */
async function duMb(dir: string): Promise<string> {
  if (!existsSync(dir)) return '0';
  let bytes = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) if (e.isFile()) bytes += (await stat(path.join(dir, e.name))).size;
  return (bytes / 1024 / 1024).toFixed(1);
}
