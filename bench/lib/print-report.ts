/**
 * Formats one bench run as the plain-text report `npm run bench` prints: builds, phases,
 * bytes, search, Lighthouse, then every budget with ✓ / ✗ (or · when not measured).
 */
import { linearity, median, phasePerPage, type BenchResults, type BudgetCheck } from './budgets.ts';
import type { BuildMeasurement } from './measure-build.ts';
import { outputParts } from './measure-pages.ts';
import type { SearchBenchResult } from './run-search-bench.ts';
import { offScale } from './run-lighthouse.ts';
import { QUIET_LOAD } from './quiet.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const pad = (text: string | number, width: number) => String(text).padEnd(width);
const left = (text: string | number, width: number) => String(text).padStart(width);

/** The report text. */
export function printReport(options: {
  header: string; results: BenchResults; budgets: BudgetCheck[]; search: SearchBenchResult; corpusNotes: string[];
}): string {
  const { results, budgets, search } = options;
  const out: string[] = [options.header, ''];
  const builds = [...results.real, ...results.corpora, ...(results.warm ?? [])];

  out.push('BUILDS — fresh `node bin/sitegen.js build` process each; wall includes Node start-up. Cold: real site `--no-cache`,');
  out.push('  corpora with an empty Markdown cache (the build fills it); warm: the same build again, nothing changed');
  out.push(`  ${pad('site', 14)}${left('pages', 7)}${left('wall', 10)}${left('in-build', 10)}${left('CPU', 10)}${left('peak RSS', 10)}${left('pages/s', 9)}${left('output', 10)}${left('load', 6)}`);
  for (const b of builds) {
    if (!b.ok) {
      out.push(`  ${pad(b.label, 14)}  FAILED after ${sec(b.wallMs)}`, ...(b.error ?? '').split('\n').map((l) => `      ${l}`));
      continue;
    }
    out.push(`  ${pad(b.label, 14)}${left(b.pages ?? '?', 7)}${left(sec(b.wallMs), 10)}${left(b.buildMs ? sec(b.buildMs) : '?', 10)}`
      + `${left(b.cpuMs ? sec(b.cpuMs) : '?', 10)}${left(b.peakRssMb ? `${Math.round(b.peakRssMb)} MB` : '?', 10)}`
      + `${left(b.pages ? (b.pages / (b.wallMs / 1000)).toFixed(1) : '?', 9)}${left(b.outputMb !== undefined ? `${b.outputMb.toFixed(1)} MB` : '?', 10)}${left(b.loadBefore.toFixed(1), 6)}`);
  }
  const realOk = results.real.filter((r) => r.ok);
  if (realOk.length > 1) out.push(`  real site cold over ${realOk.length} runs: median ${sec(median(realOk.map((r) => r.wallMs)))}, min ${sec(Math.min(...realOk.map((r) => r.wallMs)))} wall`);
  const warmReal = (results.warm ?? []).filter((r) => r.ok && r.root === realOk[0]?.root);
  if (warmReal.length > 1) out.push(`  real site warm over ${warmReal.length} runs: median ${sec(median(warmReal.map((r) => r.wallMs)))}, min ${sec(Math.min(...warmReal.map((r) => r.wallMs)))} wall`);
  if (results.pageSizes?.length) {
    out.push(`  page size (docs and posts: HTML, average; client navigation fetches it too) and output over Markdown: ${results.pageSizes.map((p) => `${p.label} ${(p.avgHtml / 1024).toFixed(1)} KB, ${(p.outputBytes / p.markdownBytes).toFixed(1)}× (${outputParts(p)})`).join(' · ')}`);
  }
  const lin = linearity(results.corpora);
  if (lin) out.push(`  linearity (${lin.metric}): ${lin.perPage.map((p) => `${p.label} ${p.ms.toFixed(2)} ms/page`).join(' · ')} → ${lin.ratio.toFixed(2)}× per page at the largest vs 1k`);
  for (const metric of ['wall', 'CPU'] as const) {
    const markdown = phasePerPage(results.corpora, 'render markdown', metric);
    if (markdown.length >= 2) out.push(`  "render markdown" ${metric} per page (every corpus build that finished the phase): ${markdown.map((m) => `${m.label} ${m.ms.toFixed(1)} ms`).join(' · ')}`);
  }
  for (const f of results.floors ?? []) {
    if (f.error) { out.push(`  parse-only floor, ${f.label}: failed (${f.error})`); continue; }
    // The builds of that site: cold ones (real site #n, the corpus) and warm ones.
    const builds = [...results.real, ...results.corpora, ...(results.warm ?? [])].filter((b) => b.ok && (b.label === f.label || (f.label === 'real site' && /^real (site #|warm)/.test(b.label)) || b.label === f.label.replace('corpus', 'warm')));
    const over = builds.map((b) => `${b.label} ${sec(b.wallMs)} = ${(b.wallMs / f.ms).toFixed(1)}×`).join(' · ');
    out.push(`  parse-only floor, ${f.label}: ${sec(f.ms)} for ${f.files} files (${(f.bytes / 1024 / 1024).toFixed(2)} MB; remark-parse + GFM, math, directives, one thread); wall over floor: ${over || '—'}`);
  }
  for (const note of options.corpusNotes) out.push(`  ${note}`);
  out.push('  load = 1-minute load average when the build started (2 cores; other work on the machine inflates wall time, CPU less so)', '');

  out.push('PHASES (ms, from the build\'s `✓ phase  ms` lines; real site = first run)');
  // Failed corpus builds are shown too: the phases they finished tell where a runaway build went.
  const shown = [results.real.find((r) => r.ok), ...results.corpora.filter((c) => c.phases.length)].filter((b): b is BuildMeasurement => Boolean(b));
  const names = [...new Set(shown.flatMap((b) => b.phases.map((p) => p.name)))];
  out.push(`  ${pad('phase', 22)}${shown.map((b) => left(b.label, 12)).join('')}`);
  for (const name of names) {
    out.push(`  ${pad(name, 22)}${shown.map((b) => left(b.phases.find((p) => p.name === name)?.ms.toFixed(0) ?? '—', 12)).join('')}`);
  }
  out.push(`  ${pad('in-build total', 22)}${shown.map((b) => left(b.buildMs ? Math.round(b.buildMs) : '—', 12)).join('')}`);
  out.push(`  ${pad('process wall', 22)}${shown.map((b) => left(Math.round(b.wallMs), 12)).join('')}`);
  out.push('  CPU of the build process during the phase (ms, from /proc every 250 ms; phases over 1 s):');
  for (const name of names) {
    out.push(`  ${pad(name, 22)}${shown.map((b) => left(b.phases.find((p) => p.name === name)?.cpuMs?.toFixed(0) ?? '—', 12)).join('')}`);
  }
  out.push('  peak RSS while the phase ran (MB, sampled every 250 ms):');
  for (const name of names) {
    out.push(`  ${pad(name, 22)}${shown.map((b) => left(b.phases.find((p) => p.name === name)?.rssMb?.toFixed(0) ?? '—', 12)).join('')}`);
  }
  out.push('');

  const b = results.bytes;
  if (b) {
    out.push(`BYTES — real site, first visit of ${b.page} (gzip -9)`);
    for (const s of b.scripts) out.push(`  JS   ${pad(s.url, 40)}${left(kb(s.raw), 11)} raw ${left(kb(s.gzip), 10)} gzip`);
    out.push(`       total ${kb(b.jsGzip)} gzip; inline scripts ${b.inlineScriptBytes} B; render-blocking: ${b.renderBlocking.length ? b.renderBlocking.join(', ') : 'none'}`);
    if (b.split) {
      const s = b.split;
      out.push(`       React (react, react-dom, scheduler; one file): ${kb(s.reactGzip)} gzip (${kb(s.reactMinified)} minified)`);
      out.push(`       ours: ${kb(s.oursGzip)} gzip in ${s.oursFiles} files (${kb(s.oursMinified)} minified)`);
    }
    for (const d of b.data ?? []) out.push(`  DATA ${pad(d.url, 40)}${left(kb(d.raw), 11)} raw ${left(kb(d.gzip), 10)} gzip  (preloaded JSON, not script; one file for every page)`);
    for (const s of b.lazyScripts) out.push(`  lazy ${pad(s.url, 40)}${left(kb(s.raw), 11)} raw ${left(kb(s.gzip), 10)} gzip  (loaded on demand, not on first visit)`);
    for (const s of b.stylesheets) out.push(`  CSS  ${pad(s.url, 40)}${left(kb(s.raw), 11)} raw ${left(kb(s.gzip), 10)} gzip`);
    if (b.externalStylesheets.length) out.push(`       external: ${b.externalStylesheets.join(', ')} (math pages only)`);
    out.push(`  HTML ${pad(b.html.url, 40)}${left(kb(b.html.raw), 11)} raw ${left(kb(b.html.gzip), 10)} gzip`);
    out.push(`       docs pages: ${b.docsHtml.count}; median ${b.docsHtml.median.url} ${kb(b.docsHtml.median.gzip)}; largest ${b.docsHtml.max.url} ${kb(b.docsHtml.max.gzip)} (${kb(b.docsHtml.max.raw)} raw); ${b.docsHtml.overBudget} over 30 KB`);
    out.push(`       client navigation fetches each page's data file (_pages/<route>.json): median ${b.docsData.median.url} ${kb(b.docsData.median.gzip)}; largest ${b.docsData.max.url} ${kb(b.docsData.max.gzip)}`, '');
  }

  out.push('SEARCH (bench/search-bench.ts)');
  if (search.skipped) out.push(`  skipped: ${search.skipped}`);
  else out.push(...(search.output ?? '').split('\n').map((l) => `  ${l}`), ...(search.ok ? [] : ['  (search bench exited with an error)']));
  out.push('');

  out.push('DEV (`sitegen dev` on a copy; an edit appended to one Markdown file; live-reload stream connected, and a Chromium tab open on the page)');
  if (!results.dev?.length) out.push(`  ${results.quick ? 'skipped (--lighthouse-only)' : 'not run'}`);
  for (const d of results.dev ?? []) {
    if (d.error && !d.edits.length) { out.push(`  ${pad(d.label, 12)} failed: ${d.error}`); continue; }
    out.push(`  ${pad(d.label, 12)} start-up (initial build) ${d.startupMs ? sec(d.startupMs) : '?'}; per edit → live-reload event / page served with the edit / text on screen in the open tab: ${d.edits.map((e) => `${Math.round(e.reloadMs)}/${Math.round(e.servedMs)}/${e.screenMs === undefined ? '—' : Math.round(e.screenMs)} ms`).join(', ')}${d.screenNote ? ` (on screen: ${d.screenNote})` : ''}${d.error ? `; then failed: ${d.error}` : ''}`);
  }
  out.push('');

  out.push('LIGHTHOUSE (mobile preset, Debian Chromium, served by `sitegen serve` on 127.0.0.1; no internet here; CPU slowdown 4 × benchmarkIndex / 1800, the index of the run before)');
  const lh = results.lighthouse;
  if (!lh) out.push('  not run');
  else if ('skipped' in lh) out.push(`  skipped: ${lh.skipped}`);
  else {
    out.push(`  ${pad('page (run)', 18)}${left('perf', 6)}${left('a11y', 6)}${left('b.p.', 6)}${left('SEO', 6)}   FCP / LCP / TBT / CLS / SI; longest task`);
    for (const r of lh) {
      const name = r.calibration ? `${r.path} (cal.)` : r.run ? `${r.path} (${r.run})` : r.path;
      out.push(`  ${pad(name, 18)}benchmarkIndex ${r.benchmarkIndex ?? '?'} · CPU ×${r.cpuSlowdown ?? '?'}${r.calibration ? ' (calibration, not budgeted)' : ''}${r.audits ? ` · audit ${r.audits} (speed moved)` : ''}${!r.calibration && offScale(r) ? ' · still off scale' : ''} · load average ${r.loadAverage ?? '?'}${r.waited ? ` (waited ${r.waited} s for ≤ ${QUIET_LOAD})` : ''}`
        + (r.scriptsUntilIdle ? ` · JS until network idle ${(r.scriptsUntilIdle.transferBytes / 1024).toFixed(1)} KB in ${r.scriptsUntilIdle.files} files` : '')
        + (r.mainThread ? ` · main thread ${Object.entries(r.mainThread).map(([k, ms]) => `${k} ${ms}`).join(', ')} ms` : ''));
      if (!r.scores) { out.push(`  ${pad(name, 18)}error: ${r.error}`); continue; }
      const m = r.metrics ?? {};
      const task = r.longestTask ? (r.longestTask.ms ? `${r.longestTask.ms} ms${r.longestTask.url ? ` (${r.longestTask.url.replace(/^https?:\/\/[^/]+/, '')})` : ''}` : 'none ≥ 50 ms') : '?';
      const ours = r.longestScriptTaskMs === undefined ? '' : `, our scripts ${r.longestScriptTaskMs ? `${r.longestScriptTaskMs} ms (${r.longestScriptTaskUrl ?? '?'})` : 'none ≥ 50 ms'}`
        + (r.longestReactTaskMs === undefined ? '' : `, React's file ${r.longestReactTaskMs ? `${r.longestReactTaskMs} ms` : 'none ≥ 50 ms'}`);
      out.push(`  ${pad(name, 18)}${left(r.scores.performance, 6)}${left(r.scores.accessibility, 6)}${left(r.scores.bestPractices, 6)}${left(r.scores.seo, 6)}   `
        + ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((k) => m[k]).join(' / ') + `; ${task}${ours}`);
      for (const f of r.failing ?? []) {
        out.push(`      − ${f.id} (${f.score})${f.displayValue ? ` ${f.displayValue}` : ''}: ${f.title}`);
        for (const item of f.items ?? []) out.push(`          ${item.slice(0, 160)}`);
      }
    }
  }
  out.push('');

  out.push('BUDGETS');
  for (const c of budgets) {
    const mark = c.ok === undefined ? '·' : c.ok ? '✓' : '✗';
    out.push(`  ${mark} ${pad(c.label, 62)} ${left(c.value, 16)}  ${pad(c.limit, 11)} #${c.issue}${c.note ? `  ${c.note}` : ''}`);
  }
  const failed = budgets.filter((c) => c.ok === false).length;
  const passed = budgets.filter((c) => c.ok === true).length;
  out.push(`  ${passed} met, ${failed} missed, ${budgets.length - passed - failed} not measured here or for reference (·)`);
  return out.join('\n');
}
