/**
 * Lighthouse (mobile preset, simulated throttling, the CPU slowdown scaled to a benchmarkIndex of 1800) against a build served by `sitegen serve` on
 * 127.0.0.1, with Debian's Chromium. Returns the four category scores per page, the Core Web
 * Vitals and every audit that did not score full marks, so a miss can be traced.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { loadAverage as currentLoad, waitForQuiet } from './quiet.ts';

/** Scores (0–100) and failing audits for one URL. */
export interface LighthouseResult {
  path: string;
  /** 1, 2, 3… when a page is audited several times. */
  run?: number;
  /** Total blocking time, ms. */
  tbtMs?: number;
  /** The longest main-thread task Lighthouse saw while loading the page, ms (and whose script). */
  longestTask?: { ms: number; url?: string };
  /** The longest task attributed to our scripts (`/assets/js/` but React's file), ms; 0 when none reached 50 ms. */
  longestScriptTaskMs?: number;
  /** That task's script. */
  longestScriptTaskUrl?: string;
  /** The longest task attributed to React's file (`/assets/js/react.<hash>.js`), ms; 0 when none reached 50 ms. */
  longestReactTaskMs?: number;
  scores?: { performance: number; accessibility: number; bestPractices: number; seo: number };
  /** Lighthouse's measure of this machine's speed at the start of the run (`environment.benchmarkIndex`). */
  benchmarkIndex?: number;
  /** The CPU slowdown the run used: 4 × the previous (or this) run's benchmarkIndex / 1800 (see runLighthouse). */
  cpuSlowdown?: number;
  /** The 1-minute load average when the run started. */
  loadAverage?: number;
  /** Seconds the audit waited for the machine to be quiet (load average ≤ QUIET_LOAD, 120 s at most: quiet.ts). */
  waited?: number;
  /** The calibration run (default 4× slowdown), printed but not held to the budget. */
  calibration?: boolean;
  /** Audits it took to run at the slowdown of the audit's own benchmarkIndex (1 unless the machine's speed moved). */
  audits?: number;
  /** Main-thread time by kind of work (`mainthread-work-breakdown`: styleLayout, parseHTML, scriptEvaluation, other…), ms. */
  mainThread?: Record<string, number>;
  /** Every script fetched until Lighthouse saw the network idle: files and bytes on the wire. */
  scriptsUntilIdle?: { files: number; transferBytes: number; urls: string[] };
  metrics?: Record<string, string>;
  failing?: { id: string; title: string; score: number | null; displayValue?: string; items?: string[] }[];
  error?: string;
}

export const chromePath = '/usr/bin/chromium';

const isReactFile = (url: string) => /\/assets\/js\/react\.[A-Z0-9]+\.js$/.test(url);

/** Why Lighthouse cannot run here, or `undefined` when it can. */
export function lighthouseUnavailable(repo: string): string | undefined {
  if (!existsSync(path.join(repo, 'node_modules/lighthouse/package.json'))) return 'the `lighthouse` package is not installed (npm ci)';
  if (!existsSync(chromePath)) return `${chromePath} is missing (apt-get install -y chromium)`;
  return undefined;
}

/** The benchmarkIndex the budget is held at: the mobile preset's 4× CPU slowdown is scaled to it. */
export const REFERENCE_BENCHMARK_INDEX = 1800;
/** Lighthouse's default CPU slowdown (mobile preset). */
const DEFAULT_SLOWDOWN = 4;

/** The slowdown that makes a machine of `benchmarkIndex` behave like one of the reference index. */
export function scaledSlowdown(benchmarkIndex: number): number {
  return Math.round((DEFAULT_SLOWDOWN * benchmarkIndex / REFERENCE_BENCHMARK_INDEX) * 100) / 100;
}

/** True when a run's slowdown is more than 15% off the one its own benchmarkIndex calls for. */
export function offScale(result: Pick<LighthouseResult, 'benchmarkIndex' | 'cpuSlowdown'>): boolean {
  if (!result.benchmarkIndex || !result.cpuSlowdown) return false;
  return Math.abs(result.cpuSlowdown / scaledSlowdown(result.benchmarkIndex) - 1) > 0.15;
}

/**
 * Serves `buildDir` and runs Lighthouse on each path `runs` times (default 1), one after the
 * other. A first calibration run (default 4× slowdown) measures the machine's benchmarkIndex;
 * every later run slows the CPU by 4 × index / 1800, the index being the one the run before it
 * measured, so the figures hold on any machine of this kind however busy it is. A run whose own
 * index calls for a slowdown more than 15% off is run again at that slowdown (twice at most).
 */
export async function runLighthouse(options: { repo: string; buildDir: string; paths: string[]; runs?: number }): Promise<LighthouseResult[]> {
  const { repo, buildDir, paths, runs = 1 } = options;
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(repo, 'bin/sitegen.js'), 'serve', '--dir', buildDir, '--port', String(port)], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    // Generous: the CLI bundles itself first when src/ changed, slow on a busy machine.
    await waitForOutput(server, /Serving .* at /, 180_000);
    const url = (p: string) => `http://127.0.0.1:${port}${p}`;
    const calibration = await audit({ repo, url: url(paths[0]), path: paths[0], cpuSlowdown: DEFAULT_SLOWDOWN });
    const results: LighthouseResult[] = [{ ...calibration, calibration: true }];
    let index = calibration.benchmarkIndex;
    for (let run = 1; run <= runs; run++) {
      for (const p of paths) {
        let result = await audit({ repo, url: url(p), path: p, cpuSlowdown: index ? scaledSlowdown(index) : DEFAULT_SLOWDOWN });
        // The machine's speed moved between audits (the index swings 1100–2400 within a run
        // here): audited again, up to twice, at the slowdown of the index the audit itself measured.
        for (let retry = 0; retry < 2 && result.benchmarkIndex && offScale(result); retry++) {
          result = { ...await audit({ repo, url: url(p), path: p, cpuSlowdown: scaledSlowdown(result.benchmarkIndex) }), audits: retry + 2 };
        }
        index = result.benchmarkIndex ?? index;
        results.push({ ...result, ...(runs > 1 ? { run } : {}) });
      }
    }
    return results;
  } finally {
    server.kill();
  }
}

async function audit(options: { repo: string; url: string; path: string; cpuSlowdown: number }): Promise<LighthouseResult> {
  const waited = await waitForQuiet();
  const loadAverage = currentLoad();
  const args = [
    '--no-install', 'lighthouse', options.url,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    `--throttling.cpuSlowdownMultiplier=${options.cpuSlowdown}`,
    '--output=json', '--quiet',
  ];
  const { code, stdout, stderr } = await run('npx', args, options.repo, { ...process.env, CHROME_PATH: chromePath }, 240_000);
  const context = { path: options.path, cpuSlowdown: options.cpuSlowdown, loadAverage, waited };
  if (code !== 0) return { ...context, error: `lighthouse exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}` };
  type Audit = {
    id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number;
    details?: { items?: { node?: { snippet?: string; selector?: string }; url?: string; duration?: number; resourceType?: string; transferSize?: number; group?: string }[] };
  };
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, Audit>;
    environment?: { benchmarkIndex?: number };
    runtimeError?: { message: string };
  };
  const benchmarkIndex = report.environment?.benchmarkIndex === undefined ? undefined : Math.round(report.environment.benchmarkIndex);
  if (report.runtimeError) return { ...context, benchmarkIndex, error: report.runtimeError.message };
  // Lighthouse records requests until the network and the CPU are quiet: idle prefetches count.
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  const metrics = Object.fromEntries(metricIds.map((id) => [id, report.audits[id]?.displayValue ?? '?']));
  // Audits that cost points: scored in some category, below 1.
  const scored = new Set(Object.values(report.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
  const failing = Object.values(report.audits)
    .filter((a) => scored.has(a.id) && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => ({
      id: a.id, title: a.title, score: a.score, displayValue: a.displayValue,
      // The first offending elements or URLs, enough to find the cause.
      items: (a.details?.items ?? []).slice(0, 3).map((i) => i.node?.snippet ?? i.url ?? '').filter(Boolean),
    }));
  const tasks = (report.audits['long-tasks']?.details?.items ?? []).filter((t) => typeof t.duration === 'number');
  const longest = tasks.sort((a, b) => b.duration! - a.duration!)[0];
  return {
    ...context,
    benchmarkIndex,
    mainThread: Object.fromEntries((report.audits['mainthread-work-breakdown']?.details?.items ?? []).map((i) => [i.group!, Math.round(i.duration ?? 0)])),
    scriptsUntilIdle: {
      files: scripts.length,
      transferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      urls: scripts.map((r) => r.url!.replace(/^https?:\/\/[^/]+/, '')),
    },
    tbtMs: report.audits['total-blocking-time']?.numericValue,
    // Lighthouse lists tasks of 50 ms and more; none means every task was shorter.
    longestTask: longest ? { ms: Math.round(longest.duration!), url: longest.url } : { ms: 0 },
    longestScriptTaskMs: Math.round(tasks.find((t) => t.url?.includes('/assets/js/') && !isReactFile(t.url))?.duration ?? 0),
    longestScriptTaskUrl: tasks.find((t) => t.url?.includes('/assets/js/') && !isReactFile(t.url))?.url?.replace(/^https?:\/\/[^/]+/, ''),
    longestReactTaskMs: Math.round(tasks.find((t) => t.url && isReactFile(t.url))?.duration ?? 0),
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
    metrics,
    failing,
  };
}

function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`sitegen serve did not start within ${timeoutMs} ms: ${seen}`)), timeoutMs);
    const onData = (d: Buffer) => {
      seen += d;
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sitegen serve exited ${code}: ${seen}`));
    });
  });
}

function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill(), timeoutMs);
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
