/**
 * Every budget the issues name (core #2 "Speed", client #5, search #6, dev/scale #7, theme #8),
 * checked against one bench run. A budget this run could not measure is listed with the reason,
 * so the report always shows the whole list.
 */
import type { FirstPressMeasurement } from './measure-first-press.ts';
import { QUIET_LOAD } from './quiet.ts';
import type { IntentBytes } from './measure-intent-bytes.ts';
import type { BuildMeasurement } from './measure-build.ts';
import type { BytesReport } from './measure-bytes.ts';
import type { DevMeasurement } from './measure-dev.ts';
import type { PageSizes } from './measure-pages.ts';
import type { ParseFloor } from './parse-floor.ts';
import { offScale, type LighthouseResult } from './run-lighthouse.ts';

/** One budget and how this run did against it (`ok` undefined: not measured). */
export interface BudgetCheck {
  issue: number;
  label: string;
  value: string;
  limit: string;
  ok?: boolean;
  note?: string;
}

/** Everything a run measured. */
export interface BenchResults {
  /** Cold builds of the real site (`--no-cache`). */
  real: BuildMeasurement[];
  /** Cold builds of the corpora: an empty Markdown cache, filled as they go. */
  corpora: BuildMeasurement[];
  /** Rebuilds with nothing changed, reusing the Markdown cache: real site, 1k corpus. */
  warm?: BuildMeasurement[];
  bytes?: BytesReport;
  lighthouse?: LighthouseResult[] | { skipped: string };
  /** Dev-server edit latency: the real site, and the largest corpus when it built. */
  dev?: DevMeasurement[];
  /** Parse-only time of the same Markdown (the floor), per site: `real site`, `1k corpus`… */
  floors?: ParseFloor[];
  /** Page and output sizes of each corpus build (issue 17 › 5). */
  pageSizes?: PageSizes[];
  /** First tap on a page that has fetched no script yet → the mobile menu (issue 29 › 9). */
  firstPress?: FirstPressMeasurement;
  /** Bytes fetched in Chromium to the first sign of intent, and by a client navigation (issue 41 › 4). */
  intentBytes?: IntentBytes;
  quick: boolean;
}

export const KB = 1024;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The median of a list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Why a build did not finish, in a few words. */
export function failure(c: BuildMeasurement): string {
  if (c.timedOut) return 'killed at the bench time limit (--max-minutes)';
  if (/OOM|out of memory/i.test(c.error ?? '')) return 'crashed: JavaScript heap out of memory';
  return 'build failed';
}

/**
 * Per-page time of the largest finished corpus over the 1k one; linear growth keeps it near (or
 * below) 1. CPU time when every build has it: on a shared machine wall time mostly measures load.
 */
export function linearity(corpora: BuildMeasurement[]): { ratio: number; metric: 'CPU' | 'wall'; perPage: { label: string; ms: number }[] } | undefined {
  const ok = corpora.filter((c) => c.ok && c.pages);
  const metric = ok.every((c) => c.cpuMs) ? 'CPU' : 'wall';
  const perPage = ok.map((c) => ({ label: c.label, ms: (metric === 'CPU' ? c.cpuMs! : c.wallMs) / c.pages! }));
  if (perPage.length < 2) return undefined;
  return { ratio: perPage[perPage.length - 1].ms / perPage[0].ms, metric, perPage };
}

/**
 * Per-page time of one phase in every corpus build that finished it. Pages are estimated from
 * the corpus size in the label when the build never printed its count.
 */
export function phasePerPage(corpora: BuildMeasurement[], phase: string, metric: 'wall' | 'CPU' = 'wall'): { label: string; ms: number }[] {
  return corpora.flatMap((c) => {
    const p = c.phases.find((x) => x.name === phase);
    const pages = c.pages ?? Number(/^(\d+)k/.exec(c.label)?.[1] ?? 0) * 1000;
    const ms = metric === 'CPU' ? p?.cpuMs : p?.ms;
    return ms !== undefined && pages ? [{ label: c.label, ms: ms / pages }] : [];
  });
}

/**
 * Reads bench/search-bench.ts's markdown tables: per section (`## real site…`, `## synthetic
 * corpus…`), the largest `gzip fetched` and the largest `after load` time over its queries.
 * Returns nothing for a section whose table it cannot read (the format belongs to that script).
 */
export function readSearchTables(output: string | undefined): Map<'real' | 'synthetic', { maxKb: number; maxAfterLoadMs: number; queries: number }> {
  const found = new Map<'real' | 'synthetic', { maxKb: number; maxAfterLoadMs: number; queries: number }>();
  for (const section of (output ?? '').split(/^\s*## /m).slice(1)) {
    const kind = /^real site/i.test(section) ? 'real' : /^synthetic/i.test(section) ? 'synthetic' : undefined;
    const rows = section.split('\n').filter((l) => l.trim().startsWith('|')).map((l) => l.trim().slice(1, -1).split('|').map((c) => c.trim()));
    const header = rows[0]?.map((h) => h.toLowerCase()) ?? [];
    const kbAt = header.findIndex((h) => h.includes('gzip'));
    const msAt = header.findIndex((h) => h.startsWith('after load'));
    const body = rows.slice(2).filter((r) => r.length === header.length);
    if (!kind || kbAt < 0 || msAt < 0 || body.length === 0) continue;
    found.set(kind, {
      maxKb: Math.max(...body.map((r) => parseFloat(r[kbAt]))),
      maxAfterLoadMs: Math.max(...body.map((r) => parseFloat(r[msAt]))),
      queries: body.length,
    });
  }
  return found;
}

export function checkBudgets(results: BenchResults, searchOutput?: string): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const add = (check: BudgetCheck) => checks.push(check);
  const build = (c: BuildMeasurement | undefined, label: string, limitMs: number, issue = 2) => {
    if (!c) return add({ issue, label, value: '—', limit: `< ${sec(limitMs)}`, note: results.quick ? 'skipped (--quick)' : 'not run' });
    if (!c.ok) return add({ issue, label, value: `failed at ${sec(c.wallMs)}`, limit: `< ${sec(limitMs)}`, ok: false, note: failure(c) });
    add({ issue, label, value: sec(c.wallMs), limit: `< ${sec(limitMs)}`, ok: c.wallMs < limitMs });
  };

  const realOk = results.real.filter((r) => r.ok);
  const realWall = realOk.length ? median(realOk.map((r) => r.wallMs)) : undefined;
  add(realWall === undefined
    ? { issue: 2, label: 'Real site cold build (median wall)', value: 'failed', limit: '< 1.20 s', ok: false }
    : { issue: 2, label: 'Real site cold build (median wall)', value: sec(realWall), limit: '< 1.20 s', ok: realWall < 1200 });
  const byPages = (n: number) => results.corpora.find((c) => c.label === `${n / 1000}k corpus`);
  build(byPages(1000), '1,000-page cold build (wall)', 8000);
  build(byPages(10_000), '10,000-page cold build (wall)', 80_000);
  const big = byPages(10_000);
  // A crashed or killed build still has a peak: it is at least that much.
  add(big?.peakRssMb
    ? { issue: 7, label: '10,000-page peak memory', value: `${big.ok ? '' : '≥ '}${Math.round(big.peakRssMb)} MB`, limit: '< 2048 MB', ok: big.peakRssMb < 2048 && big.ok ? true : big.peakRssMb >= 2048 ? false : undefined, note: big.ok ? undefined : failure(big) }
    : { issue: 7, label: '10,000-page peak memory', value: '—', limit: '< 2048 MB', note: big ? 'build failed' : 'skipped' });
  const lin = linearity(results.corpora);
  const unfinished = results.corpora.filter((c) => !c.ok).map((c) => c.label);
  const cpuMarkdown = phasePerPage(results.corpora, 'render markdown', 'CPU');
  const markdown = cpuMarkdown.length >= 2 ? cpuMarkdown : phasePerPage(results.corpora, 'render markdown');
  const metric = markdown === cpuMarkdown ? 'CPU' : 'wall';
  if (unfinished.length && markdown.length >= 2) {
    const ratio = markdown[markdown.length - 1].ms / markdown[0].ms;
    add({ issue: 7, label: 'Time linear in pages', value: `${ratio.toFixed(2)}× (markdown ${metric})`, limit: '≤ 1.25×', ok: false, note: `${unfinished.join(', ')} did not finish; "render markdown" ${metric} per page: ${markdown.map((m) => `${m.label} ${m.ms.toFixed(1)} ms`).join(', ')}` });
  } else {
    add(lin
      ? { issue: 7, label: `Time linear in pages (${lin.metric} per page, largest / 1k)`, value: `${lin.ratio.toFixed(2)}×`, limit: '≤ 1.25×', ok: lin.ratio <= 1.25 }
      : { issue: 7, label: 'Time linear in pages', value: '—', limit: '≤ 1.25×', note: 'needs two corpus sizes' });
  }

  const b = results.bytes;
  if (b) {
    add({ issue: 16, label: `First-visit JS, ${b.page} (gzip)`, value: kb(b.jsGzip), limit: '≤ 75 KB', ok: b.jsGzip <= 75 * KB });
    add(b.split
      ? { issue: 16, label: 'Our JS (first visit − React, gzip)', value: kb(b.split.oursGzip), limit: '≤ 8 KB', ok: b.split.oursGzip <= 8 * KB }
      : { issue: 16, label: 'Our JS', value: '—', limit: '≤ 8 KB', note: 'React file not found' });
    add({ issue: 5, label: 'Render-blocking scripts', value: b.renderBlocking.length ? b.renderBlocking.join(', ') : 'none', limit: 'none', ok: b.renderBlocking.length === 0 });
    add({ issue: 8, label: 'CSS (gzip)', value: kb(b.cssGzip), limit: '≤ 15 KB', ok: b.cssGzip <= 15 * KB });
    add({ issue: 8, label: `HTML ${b.html.url} (gzip)`, value: kb(b.html.gzip), limit: '≤ 30 KB', ok: b.html.gzip <= 30 * KB });
    add({ issue: 8, label: `HTML median docs page ${b.docsHtml.median.url} (gzip)`, value: kb(b.docsHtml.median.gzip), limit: '≤ 30 KB', ok: b.docsHtml.median.gzip <= 30 * KB });
    add({ issue: 8, label: `HTML largest docs page ${b.docsHtml.max.url} (gzip)`, value: kb(b.docsHtml.max.gzip), limit: '≤ 30 KB', ok: b.docsHtml.max.gzip <= 30 * KB, note: `${b.docsHtml.overBudget} of ${b.docsHtml.count} docs pages over` });
    // Client navigation fetches the target's data file (its data and article, not its whole HTML).
    add({ issue: 5, label: `Client navigation, typical docs page ${b.docsData.median.url} (its data file, gzip)`, value: kb(b.docsData.median.gzip), limit: '≤ 10 KB', ok: b.docsData.median.gzip <= 10 * KB, note: `largest ${b.docsData.max.url} ${kb(b.docsData.max.gzip)}; its HTML ${kb(b.docsHtml.median.gzip)}` });
  }

  const lh = results.lighthouse;
  if (!lh || 'skipped' in lh) {
    add({ issue: 5, label: 'Lighthouse 100 × 4 on /quickstart, /blog and /api/webhooks', value: '—', limit: '100', note: lh && 'skipped' in lh ? lh.skipped : 'not run' });
  } else {
    // Every figure with the machine it was measured on: the run's benchmarkIndex, the CPU
    // slowdown it used (scaled to an index of 1800) and the load average (issue 29).
    for (const r of lh.filter((x) => !x.calibration)) {
      const name = `Lighthouse ${r.path}${r.run ? ` run ${r.run}` : ''}`;
      const machine = `benchmarkIndex ${r.benchmarkIndex ?? '?'}, CPU ×${r.cpuSlowdown ?? '?'}, load ${r.loadAverage ?? '?'}${r.waited ? ` after ${r.waited} s` : ''}${r.audits ? `, audit ${r.audits} (speed moved)` : ''}${offScale(r) ? ', still off scale' : ''}`;
      if (!r.scores) { add({ issue: 5, label: name, value: 'error', limit: '100 × 4', ok: false, note: `${r.error} (${machine})` }); continue; }
      const s = r.scores;
      const all = [s.performance, s.accessibility, s.bestPractices, s.seo];
      add({ issue: 29, label: `${name} (perf / a11y / best practices / SEO)`, value: all.join(' / '), limit: '100 × 4', ok: all.every((v) => v === 100), note: machine });
      if (r.tbtMs !== undefined) {
        add({ issue: 29, label: `${name} TBT (longest task)`, value: `${Math.round(r.tbtMs)} ms (${r.longestTask?.ms ?? '?'} ms)`, limit: '< 100 ms', ok: r.tbtMs < 100, note: machine });
      }
      if (r.longestScriptTaskMs !== undefined) {
        add({ issue: 16, label: `${name} longest task of our scripts`, value: r.longestScriptTaskMs ? `${r.longestScriptTaskMs} ms` : 'none ≥ 50 ms', limit: '< 50 ms', ok: r.longestScriptTaskMs < 50, note: machine });
      }
      if (r.scriptsUntilIdle) {
        const js = r.scriptsUntilIdle;
        add({ issue: 29, label: `${name} JS fetched until the network is idle`, value: `${kb(js.transferBytes)} / ${js.files} files`, limit: '≤ 75 KB', ok: js.transferBytes <= 75 * KB, note: 'on the wire (gzip + headers), idle prefetches included' });
      }
    }
  }

  // Issue 41 › 4: what a first visit fetches in Chromium, counted to the first sign of intent.
  const ib = results.intentBytes;
  if (ib) {
    const files = (f: { files: string[] }) => `${f.files.length} files`;
    const note = `Chromium, encoded bodies from sitegen serve, load ${ib.loadAverage}`;
    add({ issue: 41, label: `JS to the first sign of intent, ${ib.route} (pointer over the text, gzip)`, value: kb(ib.toIntent.js.bytes), limit: '≤ 75 KB', ok: ib.toIntent.js.bytes <= 75 * KB, note: `${files(ib.toIntent.js)}, ${kb(ib.atLoad.js.bytes)} at load; ${note}` });
    add({ issue: 41, label: `CSS to the first sign of intent, ${ib.route} (gzip)`, value: kb(ib.toIntent.css.bytes), limit: '≤ 8 KB', ok: ib.toIntent.css.bytes <= 8 * KB, note: `${files(ib.toIntent.css)}; ${note}` });
    add({ issue: 41, label: `JS once the pointer then rests on a link (client navigation, sidebar, footer…)`, value: kb(ib.toLink.js.bytes), limit: 'reference', note: `${files(ib.toLink.js)}; ${note}` });
    const sizes = ib.navigation.map((n) => n.bytes);
    const largest = ib.navigation.reduce((a, b) => (b.bytes > a.bytes ? b : a), ib.navigation[0]);
    if (sizes.length) {
      add({ issue: 41, label: `Client navigation from ${ib.route} to another docs page (median of ${sizes.length}, gzip)`, value: kb(median(sizes)), limit: '≤ 6 KB', ok: median(sizes) <= 6 * KB, note: `largest ${largest.route} ${kb(largest.bytes)}; ${sizes.filter((b) => b > 6 * KB).length} of ${sizes.length} over; its data file (the page module is already loaded)` });
    }
  }

  // The reader whose first act is a press: answered by the page, before its scripts (issue 41 › 2).
  const press = results.firstPress;
  if (press) {
    const first = median(press.firstMs);
    const machine = `benchmarkIndex ${press.benchmarkIndex ?? '?'}, CPU ×${press.cpuSlowdown} (not scaled), load ${press.loadAverage.join(', ')} as the runs began (waited ${press.waited} s in all for ≤ ${QUIET_LOAD})`;
    add({
      issue: 41, label: `First tap → mobile menu painted, ${press.route}, no script loaded yet (median; INP's measure)`, value: `${Math.round(first)} ms`, limit: '≤ 100 ms', ok: first <= 100,
      note: `runs ${press.firstMs.join(', ')} ms (Event Timing: the tap's longest event to the next paint); a second tap ${Math.round(median(press.againMs))} ms; `
        + `from touch down to the menu's frame (the finger's time down included) ${press.fromDownMs.join(', ')} ms, median ${Math.round(median(press.fromDownMs))}; as the driver saw it ${press.firstWallMs.join(', ')} ms; `
        + `input delay ${press.firstDelayMs.join(', ')} ms (${press.drawingAtTap.filter(Boolean).length} of ${press.drawingAtTap.length} taps came while the page drew its deferred parts); `
        + `a first tap once they are drawn ${press.drawnMs.join(', ')} ms, median ${Math.round(median(press.drawnMs))} (input delay ${press.drawnDelayMs.join(', ')}); ${machine}`,
    });
  }

  const indexShare = (c: BuildMeasurement | undefined) => {
    const phase = c?.phases.find((p) => p.name === 'build search index');
    return c?.buildMs && phase ? phase.ms / c.buildMs : undefined;
  };
  for (const [label, c] of [['real site', realOk[0]], ['10k corpus', big]] as const) {
    const share = indexShare(c);
    add(share === undefined
      ? { issue: 6, label: `Search indexing share of build, ${label}`, value: '—', limit: '≤ 25 %', note: 'no "build search index" phase measured' }
      : { issue: 6, label: `Search indexing share of build, ${label}`, value: `${(share * 100).toFixed(1)} %`, limit: '≤ 25 %', ok: share <= 0.25, note: 'finish phase only; indexer.add() runs inside "render pages"' });
  }
  const tables = readSearchTables(searchOutput);
  const searchBytes = (kind: 'real' | 'synthetic', label: string, limitKb: number) => {
    const t = tables.get(kind);
    add(t
      ? { issue: 6, label, value: `${t.maxKb.toFixed(1)} KB`, limit: `≤ ${limitKb} KB`, ok: t.maxKb <= limitKb, note: `largest of ${t.queries} queries (bench/search-bench.ts)` }
      : { issue: 6, label, value: '—', limit: `≤ ${limitKb} KB`, note: 'see the Search section (bench/search-bench.ts)' });
  };
  searchBytes('real', 'Search: bytes for the first query, real site (gzip)', 60);
  searchBytes('synthetic', 'Search: bytes for the first query, 10k synthetic pages (gzip)', 300);
  const loaded = [...tables.values()];
  const slowest = loaded.length ? Math.max(...loaded.map((t) => t.maxAfterLoadMs)) : undefined;
  add(slowest === undefined
    ? { issue: 6, label: 'Search: results after the index is loaded', value: '—', limit: '< 50 ms', note: 'see the Search section' }
    : { issue: 6, label: 'Search: results after the index is loaded (slowest query)', value: `${slowest.toFixed(1)} ms`, limit: '< 50 ms', ok: slowest < 50, note: 'median per query, both sites (bench/search-bench.ts)' });
  // Under --quick the real site's dev edits are measured and the 10k corpus is not built; --lighthouse-only measures none.
  const devNote = !results.quick ? 'not measured in this run' : results.dev?.length ? 'skipped (--quick)' : 'skipped (--lighthouse-only)';
  const dev = (label: string, match: string, limitMs: number) => {
    const m = results.dev?.find((d) => d.label === match);
    if (!m || m.edits.length === 0) return add({ issue: 7, label, value: m?.error ? 'failed' : '—', limit: `< ${limitMs} ms`, ok: m?.error ? false : undefined, note: m?.error ?? devNote });
    // Served = the reload event arrived and the page fetched after it shows the edit.
    const served = median(m.edits.map((e) => e.servedMs));
    add({ issue: 7, label, value: `${Math.round(served)} ms`, limit: `< ${limitMs} ms`, ok: served < limitMs, note: `median of ${m.edits.length} edits; reload event ${Math.round(median(m.edits.map((e) => e.reloadMs)))} ms` });
    const screens = m.edits.flatMap((e) => (e.screenMs === undefined ? [] : [e.screenMs]));
    if (screens.length) {
      const screen = median(screens);
      add({ issue: 16, label: `${label.replace('page reloaded with the edit', 'text on screen in the open tab')}`, value: `${Math.round(screen)} ms`, limit: `< ${limitMs} ms`, ok: screen < limitMs, note: `median of ${screens.length} edits, Chromium (${screens.map((s) => Math.round(s)).join(', ')} ms)` });
    }
  };
  dev('Dev: Markdown edit → page reloaded with the edit, real site', 'real site', 200);
  dev('Dev: one edited page rebuilt, 10k corpus', '10k corpus', 500);
  for (const check of scaleGoals(results)) add(check);
  return checks;
}

/**
 * Issue 17 › 7 (and › 5): the goals for this site and for 10,000 pages, measured on this machine.
 * Every line carries the load average its build started under.
 */
function scaleGoals(results: BenchResults): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const find = (list: BuildMeasurement[] | undefined, label: string) => list?.find((c) => c.label === label && c.ok);
  const time = (label: string, c: BuildMeasurement | undefined, limitMs: number) => checks.push(c
    ? { issue: 17, label, value: sec(c.wallMs), limit: `≤ ${sec(limitMs)}`, ok: c.wallMs <= limitMs, note: `load ${c.loadBefore.toFixed(1)}` }
    : { issue: 17, label, value: '—', limit: `≤ ${sec(limitMs)}`, note: results.quick ? 'skipped (--quick)' : 'not run or failed' });
  const realOk = results.real.filter((r) => r.ok);
  const realWarm = (results.warm ?? []).filter((r) => r.ok && r.root === realOk[0]?.root);
  const medianOf = (list: BuildMeasurement[]) => (list.length ? { ...list[0], wallMs: median(list.map((r) => r.wallMs)), loadBefore: Math.max(...list.map((r) => r.loadBefore)) } : undefined);
  time('This site from a fresh clone, no caches (median wall)', medianOf(realOk), 2500);
  time('This site warm (median wall)', medianOf(realWarm), 800);
  const cold = find(results.corpora, '10k corpus');
  time('10,000 pages cold', cold, 240_000);
  // The first warm build writes over the folder the cold build replaced; the second over the
  // cold build's own output, as every later build of an unchanged site does (output-folder.ts).
  time('10,000 pages warm, first warm build', find(results.warm, '10k warm'), 40_000);
  time('10,000 pages warm, repeated', find(results.warm, '10k warm #2'), 40_000);
  checks.push(cold?.peakRssMb
    ? { issue: 17, label: '10,000 pages peak RSS', value: `${Math.round(cold.peakRssMb)} MB`, limit: '≤ 1536 MB', ok: cold.peakRssMb <= 1536, note: `load ${cold.loadBefore.toFixed(1)}` }
    : { issue: 17, label: '10,000 pages peak RSS', value: '—', limit: '≤ 1536 MB', note: 'not run or failed' });
  const sizes = (label: string) => results.pageSizes?.find((p) => p.label === label);
  const big = sizes('10k corpus');
  const small = sizes('0.1k corpus');
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  checks.push(big
    ? { issue: 17, label: '10,000 pages output', value: mb(big.outputBytes), limit: '≤ 550 MB', ok: big.outputBytes <= 550 * 1024 * 1024 }
    : { issue: 17, label: '10,000 pages output', value: '—', limit: '≤ 550 MB', note: 'not run' });
  checks.push(big
    ? { issue: 17, label: '10,000 pages output / Markdown', value: `${(big.outputBytes / big.markdownBytes).toFixed(1)}×`, limit: '≤ 4×', ok: big.outputBytes <= 4 * big.markdownBytes, note: `${mb(big.markdownBytes)} of Markdown` }
    : { issue: 17, label: '10,000 pages output / Markdown', value: '—', limit: '≤ 4×', note: 'not run' });
  checks.push(big && small
    ? { issue: 17, label: 'Average page (HTML, all its data), 10k / 100 pages', value: `${(big.avgHtml / small.avgHtml).toFixed(2)}×`, limit: '≤ 1.5×', ok: big.avgHtml <= 1.5 * small.avgHtml, note: `${kb(big.avgHtml)} vs ${kb(small.avgHtml)}` }
    : { issue: 17, label: 'Average page (HTML, all its data), 10k / 100 pages', value: '—', limit: '≤ 1.5×', note: 'needs the 100- and 10,000-page corpora' });
  const dev = results.dev?.find((d) => d.label === '10k corpus');
  const edits = dev?.edits?.map((e) => e.servedMs) ?? [];
  checks.push(edits.length
    ? { issue: 17, label: 'Dev edit, 10k corpus, served (median)', value: `${Math.round(median(edits))} ms`, limit: '≤ 300 ms', ok: median(edits) <= 300 }
    : { issue: 17, label: 'Dev edit, 10k corpus, served (median)', value: '—', limit: '≤ 300 ms', note: 'not measured in this run' });
  return checks;
}
