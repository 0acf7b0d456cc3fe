/**
 * Runs one cold `sitegen build` in a fresh child process and measures it: wall time, CPU time,
 * peak resident memory, the page count and each phase's `✓ name  12 ms` line, with the highest
 * RSS seen while that phase ran (sampled from /proc every 250 ms).
 *
 * Peak memory comes from `/usr/bin/time -v` (the kernel's max RSS of the build process) when it
 * exists; otherwise a preload module prints `process.resourceUsage().maxRSS` as the child exits.
 * A build running past `timeoutMs` is killed (the build process only, so the peak is still
 * reported) and recorded with the phases it finished.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One finished phase. */
export interface PhaseMeasurement {
  name: string;
  ms: number;
  /** Highest sampled RSS while the phase ran, MB. */
  rssMb?: number;
  /** CPU time of the build process during the phase (from /proc samples), ms: robust to other load. */
  cpuMs?: number;
}

/** One measured build. */
export interface BuildMeasurement {
  label: string;
  root: string;
  ok: boolean;
  /** Wall time of the whole process (start-up included), ms. */
  wallMs: number;
  /** The build's own total from its `Built N pages … in X` line, ms. */
  buildMs?: number;
  /** User + system CPU time of the process, ms (less sensitive to other load than wall time). */
  cpuMs?: number;
  peakRssMb?: number;
  pages?: number;
  outputMb?: number;
  phases: PhaseMeasurement[];
  /** 1-minute load average when the build started: other work on the machine skews wall times. */
  loadBefore: number;
  timedOut?: boolean;
  /** Last lines of output when the build failed. */
  error?: string;
}

const timeBinary = '/usr/bin/time';
const phaseRE = /^\s*[✓✗]\s+(.+?)\s{2,}([\d.]+)\s*(ms|s)\s*$/;
const builtRE = /Built (\d+) pages \(([\d.]+) MB\) in ([\d.]+)\s*(ms|s)/;

/** Builds `root` into `outDir` (absolute) with `node bin/sitegen.js` from `repo`. */
export async function measureBuild(options: {
  label: string; repo: string; root: string; outDir: string; timeoutMs?: number;
  /** Extra `sitegen build` flags (`--no-cache` for a build that reuses nothing). */
  flags?: string[];
  /** The build's working folder. @default `repo` (a Docusaurus config may resolve paths against it: the site's own folder then) */
  cwd?: string;
}): Promise<BuildMeasurement> {
  const { label, repo, root, outDir } = options;
  const useTime = existsSync(timeBinary);
  const nodeArgs = useTime ? [] : ['--import', path.join(import.meta.dirname, 'report-rss.mjs')];
  const command = [process.execPath, ...nodeArgs, path.join(repo, 'bin/sitegen.js'), '--root', root, 'build', '--out-dir', outDir, ...(options.flags ?? [])];
  const [file, ...args] = useTime ? [timeBinary, '-v', ...command] : command;
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  const { code, stdout, stderr, phaseEnds, samples, timedOut } = await run({ file, args, cwd: repo, wrapped: useTime, timeoutMs: options.timeoutMs, ...(options.cwd ? { cwd: options.cwd } : {}) });
  const wallMs = performance.now() - started;

  let previousEnd = 0;
  const cpuAt = (at: number) => samples.find((s) => s.at >= at)?.cpuMs ?? samples.at(-1)?.cpuMs;
  const phases = stdout.split('\n').flatMap((line, index) => {
    const m = phaseRE.exec(line);
    if (!m) return [];
    const end = phaseEnds.get(index) ?? Infinity;
    const ms = toMs(m[2], m[3]);
    const during = samples.filter((s) => s.at > previousEnd && s.at <= end + 250).map((s) => s.rssKb);
    // CPU between the samples closest to the phase's start and end (250 ms resolution).
    const cpuStart = cpuAt(end - ms);
    const cpuEnd = cpuAt(end);
    previousEnd = end;
    // "render 1234 pages" → "render pages", so phases line up across sites.
    const name = m[1].trim().replace(/^render \d+ pages$/, 'render pages');
    return [{ name, ms, rssMb: during.length ? Math.max(...during) / 1024 : undefined, cpuMs: cpuStart !== undefined && cpuEnd !== undefined && ms > 1000 ? cpuEnd - cpuStart : undefined }];
  });
  const built = builtRE.exec(stdout);
  const measurement: BuildMeasurement = {
    label, root, ok: code === 0 && Boolean(built) && !timedOut, wallMs, phases, loadBefore, timedOut,
    pages: built ? Number(built[1]) : undefined,
    outputMb: built ? Number(built[2]) : undefined,
    buildMs: built ? toMs(built[3], built[4]) : undefined,
  };
  if (useTime) {
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
    const user = /User time \(seconds\): ([\d.]+)/.exec(stderr);
    const sys = /System time \(seconds\): ([\d.]+)/.exec(stderr);
    if (rss) measurement.peakRssMb = Number(rss[1]) / 1024;
    if (user && sys) measurement.cpuMs = (Number(user[1]) + Number(sys[1])) * 1000;
  } else {
    const m = /BENCH_RESOURCE_USAGE (\{.*\})/.exec(stderr);
    if (m) {
      const usage = JSON.parse(m[1]) as { maxRSS: number; userCPUTime: number; systemCPUTime: number };
      measurement.peakRssMb = usage.maxRSS / 1024;
      measurement.cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
    }
  }
  if (!measurement.peakRssMb && samples.length) measurement.peakRssMb = Math.max(...samples.map((s) => s.rssKb)) / 1024;
  if (!measurement.ok) {
    // /usr/bin/time's own report lines start with a tab; leave them out.
    const lines = `${stdout}\n${stderr}`.split('\n').filter((l) => l.trim() && !l.startsWith('\t'));
    // V8's fatal line ("FATAL ERROR: … JavaScript heap out of memory") precedes a long native trace.
    const fatal = lines.filter((l) => /FATAL ERROR|out of memory/i.test(l));
    measurement.error = `${timedOut ? `killed after ${Math.round(options.timeoutMs! / 1000)} s (bench time limit)\n` : ''}${[...fatal, ...lines.slice(-12)].join('\n')}`;
  }
  return measurement;
}

function toMs(value: string, unit: string): number {
  return Number(value) * (unit === 's' ? 1000 : 1);
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout line index → ms since start when that line arrived. */
  phaseEnds: Map<number, number>;
  samples: { at: number; rssKb: number; cpuMs: number }[];
  timedOut: boolean;
}

function run(options: { file: string; args: string[]; cwd: string; wrapped: boolean; timeoutMs?: number }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(options.file, options.args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } });
    let stdout = '';
    let stderr = '';
    const phaseEnds = new Map<number, number>();
    const samples: { at: number; rssKb: number; cpuMs: number }[] = [];
    let timedOut = false;
    // With /usr/bin/time in between, the build is time's only child; and `sitegen build` re-runs
    // itself once with a heap limit (bin/sitegen.js), so the build is the deepest sitegen process.
    const buildPid = () => deepestSitegen(options.wrapped ? childPid(child.pid!) : child.pid);
    const sampler = setInterval(() => {
      const pid = buildPid();
      const rssKb = pid ? readRssKb(pid) : undefined;
      const cpuMs = pid ? readCpuMs(pid) : undefined;
      if (rssKb && cpuMs !== undefined) samples.push({ at: performance.now() - start, rssKb, cpuMs });
    }, 250);
    const timer = options.timeoutMs ? setTimeout(() => {
      timedOut = true;
      const pid = buildPid();
      if (pid) process.kill(pid, 'SIGKILL');
    }, options.timeoutMs) : undefined;
    child.stdout.on('data', (d) => {
      stdout += d;
      const lines = stdout.split('\n');
      // Every complete line seen so far; only the newest ones are new, the rest keep their time.
      for (let i = 0; i < lines.length - 1; i++) if (!phaseEnds.has(i)) phaseEnds.set(i, performance.now() - start);
    });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      if (timer) clearTimeout(timer);
      resolve({ code, stdout, stderr, phaseEnds, samples, timedOut });
    });
  });
}

/** `pid`, or its child running bin/sitegen.js, or that one's, and so on (not esbuild's service). */
function deepestSitegen(pid: number | undefined): number | undefined {
  let current = pid;
  for (let depth = 0; current !== undefined && depth < 4; depth++) {
    const next = childPids(current).find((c) => {
      try {
        return readFileSync(`/proc/${c}/cmdline`, 'utf8').includes('sitegen.js');
      } catch {
        return false;
      }
    });
    if (next === undefined) break;
    current = next;
  }
  return current;
}

function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function childPid(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

function readRssKb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** User + system CPU of a process so far, ms (`/proc/PID/stat` fields 14 and 15, in clock ticks of 10 ms). */
function readCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name, field 3 is index 0: utime is field 14, stime 15.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
