/**
 * Where does a page's own loading time go in the browser? Loads a page of a build in Chromium
 * with the CPU slowed down (4× by default, as Lighthouse's mobile preset), records a trace until
 * the network is idle, and sums the renderer main thread's work (thread time, so that a busy
 * machine inflates it less) by event: parsing, style
 * recalculation (with the elements it touched), layout, paint, script. With `--selectors`, the
 * slowest CSS selectors of the style recalculations too (Chromium's selector statistics).
 *
 *
 * On a busy machine (the trace's times swing tenfold when other processes compete for the CPU),
 * `--rebuild N` measures instead the cost of drawing the loaded page again from scratch, N times
 * in a row in the page itself: the body is hidden (its styles and layout boxes dropped), shown
 * again, and the style recalculation then the layout it forces are timed. The least of the N is
 * the page's own style and layout cost with the fewest interruptions (no CPU slowdown applied).
 *
 * With `--tasks`, every main-thread task of 50 ms or more (thread time; `TASK_MIN_MS=8` for a lower bar) is printed with where its
 * time went: each event's self time (its own, less that of the events inside it), biggest first.
 *
 * Usage: `node --import tsx bench/trace-page.ts [--dir build[,other-build…]] [--runs 3] [--cpu 4] [--selectors] [--tasks] /api/webhooks …`
 * Figures are medians over the runs. Several builds (`--dir before,after`) are measured in turns,
 * run by run, so that a change of the machine's load affects each alike; compare them so, never in tests.
 */
import { chromium } from 'playwright-core';
import os from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../src/serve/start-static-server.ts';
import { chromePath } from './lib/run-lighthouse.ts';

interface TraceEvent { name: string; ph: string; dur?: number; tdur?: number; tid: number; pid: number; args?: Record<string, any> }

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const dirs = option('dir', 'build').split(',').map((d) => path.resolve(d));
const runs = Number(option('runs', '3'));
const cpu = Number(option('cpu', '4'));
const selectors = args.includes('--selectors');
const tasks = args.includes('--tasks');
const rebuild = Number(option('rebuild', '0'));
const flags = new Set(['--dir', '--runs', '--cpu', '--rebuild']);
const pages = args.filter((a, i) => a.startsWith('/') && !flags.has(args[i - 1]));

/** The events worth naming (Chromium's timeline names), summed by name; the rest is "other". */
const NAMED = ['ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'RunMicrotasks', 'HitTest', 'IntersectionObserverController::computeIntersections'];

const servers = await Promise.all(dirs.map((dir) => startStaticServer({ dir, port: 0, host: '127.0.0.1', baseUrl: '/' })));
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  console.log(`trace-page — ${new Date().toISOString()} · CPU ×${cpu} · load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} · ${runs} runs, medians of thread time`);
  for (const route of rebuild ? [] : pages) {
    const results = dirs.map(() => ({ samples: [] as Record<string, number>[], selectorTimes: new Map<string, number>(), elements: 0 }));
    for (let run = 0; run < runs; run++) {
      for (const [i, server] of servers.entries()) {
        const { sums, elements } = await traceOnce(new URL(route, server.url).href, results[i].selectorTimes);
        results[i].samples.push(sums);
        results[i].elements = elements;
      }
    }
    for (const [i, { samples, selectorTimes, elements }] of results.entries()) {
      const keys = [...new Set(samples.flatMap((s) => Object.keys(s)))];
      const sorted = (k: string) => samples.map((s) => s[k] ?? 0).sort((a, b) => a - b);
      const median = (k: string) => sorted(k)[Math.floor(samples.length / 2)];
      console.log(`\n${route} in ${dirs[i]}: ${elements} elements (median, and the least of the runs: the figure a busy machine inflates least)`);
      for (const k of keys.sort((a, b) => median(b) - median(a))) {
        const digits = k === 'styleElements' || k === 'styleRecalcs' ? 0 : 1;
        console.log(`  ${k.padEnd(34)} ${median(k).toFixed(digits).padStart(9)}  (${sorted(k)[0].toFixed(digits)})${k.startsWith('style') ? '' : ' ms'}`);
      }
      if (selectors) {
        console.log('  slowest selectors (ms, mean per load):');
        for (const [sel, ms] of [...selectorTimes].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${(ms / runs).toFixed(2).padStart(7)}  ${sel}`);
      }
    }
  }
  for (const route of rebuild ? pages : []) {
    for (const [i, server] of servers.entries()) {
      const times = await rebuildTimes(new URL(route, server.url).href);
      const least = (k: 'style' | 'layout') => Math.min(...times.map((t) => t[k])).toFixed(2);
      const median = (k: 'style' | 'layout') => times.map((t) => t[k]).sort((a, b) => a - b)[Math.floor(times.length / 2)].toFixed(2);
      console.log(`${route} in ${dirs[i]}: ${times[0].elements} elements; style ${least('style')} ms (median ${median('style')}), layout ${least('layout')} ms (median ${median('layout')}): least of ${rebuild}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}

/** One load of `url` in a fresh context, traced: main-thread sums by event name. */
async function traceOnce(url: string, selectorTimes: Map<string, number>): Promise<{ sums: Record<string, number>; elements: number }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...(selectors ? ['disabled-by-default-devtools.timeline.invalidationTracking', 'disabled-by-default-blink.debug'] : [])];
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'networkidle' });
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  await context.close();
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && trace.traceEvents.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
  const sums: Record<string, number> = { styleElements: 0, styleRecalcs: 0, mainThreadTasks: 0 };
  if (tasks && main) printLongTasks(url, trace.traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.tdur !== undefined));
  for (const e of trace.traceEvents) {
    // Thread time only: on a busy machine, wall time counts the other processes' turns too.
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.tdur === undefined) continue;
    const ms = e.tdur / 1000;
    if (e.name === 'RunTask') sums.mainThreadTasks += ms;
    if (NAMED.includes(e.name)) sums[e.name] = (sums[e.name] ?? 0) + ms;
    if (e.name === 'UpdateLayoutTree') {
      sums.styleRecalcs++;
      sums.styleElements += e.args?.elementCount ?? 0;
    }
    for (const t of (e.args?.selector_stats?.selector_timings ?? []) as { selector: string; 'elapsed (us)': number }[]) {
      selectorTimes.set(t.selector, (selectorTimes.get(t.selector) ?? 0) + t['elapsed (us)'] / 1000);
    }
  }
  return { sums, elements };
}

/** The page drawn again `rebuild` times: style recalculation and layout of the whole body, each timed. */
async function rebuildTimes(url: string): Promise<{ style: number; layout: number; elements: number }[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
  const times = await page.evaluate((n) => {
    const body = document.body;
    const last = body.lastElementChild!;
    const out: { style: number; layout: number; elements: number }[] = [];
    for (let i = 0; i < n; i++) {
      body.style.display = 'none';
      void body.offsetHeight;
      body.style.display = '';
      const t0 = performance.now();
      void getComputedStyle(last).color; // style recalculation (and layout tree), no layout
      const t1 = performance.now();
      void body.offsetHeight; // layout
      const t2 = performance.now();
      out.push({ style: t1 - t0, layout: t2 - t1, elements: document.getElementsByTagName('*').length });
    }
    return out;
  }, rebuild);
  await context.close();
  return times;
}

/** Each task of 50 ms or more (or TASK_MIN_MS) with its events' self times, biggest first. */
function printLongTasks(url: string, events: (TraceEvent & { ts?: number })[]): void {
  const sorted = [...events].sort((a, b) => (a.ts! - b.ts!) || (b.dur! - a.dur!));
  const start = sorted[0]?.ts ?? 0;
  for (const task of sorted.filter((e) => e.name === 'RunTask' && e.tdur! >= Number(process.env.TASK_MIN_MS ?? 50) * 1000)) {
    const end = task.ts! + task.dur!;
    const inside = sorted.filter((e) => e !== task && e.ts! >= task.ts! && e.ts! + e.dur! <= end);
    const self = new Map<string, number>();
    for (const e of inside) {
      // Self time: the event's thread time less that of the events directly inside it.
      const children = inside.filter((c) => c !== e && c.ts! >= e.ts! && c.ts! + c.dur! <= e.ts! + e.dur! && !inside.some((m) => m !== e && m !== c && m.ts! >= e.ts! && m.ts! + m.dur! <= e.ts! + e.dur! && c.ts! >= m.ts! && c.ts! + c.dur! <= m.ts! + m.dur! && (m.ts !== c.ts || m.dur !== c.dur)));
      const own = e.tdur! - children.reduce((sum, c) => sum + c.tdur!, 0);
      const label = e.name + (e.args?.data?.url ? ` ${String(e.args.data.url).replace(/^.*\//, '')}` : '');
      self.set(label, (self.get(label) ?? 0) + own);
    }
    const covered = [...self.values()].reduce((a, b) => a + b, 0);
    const parts = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`);
    console.log(`  task at ${((task.ts! - start) / 1000).toFixed(0)} ms, ${(task.tdur! / 1000).toFixed(0)} ms (${new URL(url).pathname}): ${parts.join(', ')}; untraced ${((task.tdur! - covered) / 1000).toFixed(0)}`);
  }
}
