/**
 * Where does a build spend its time? Runs one build under `node --cpu-prof` and summarises the
 * main thread's profile: self time by package or source file, the hottest functions, and
 * inclusive time of the functions that dominate (each counted once per stack).
 *
 * Usage: `node --import tsx bench/profile.ts [--root DIR] [--top 25] [--match REGEX] [--profile FILE] [--no-cache]`
 * (defaults to the real site; the profile is kept in bench/out/profile/; `--no-cache` profiles a
 * cold build). `--match` adds the
 * inclusive time of every function whose name or file matches; `--profile` summarises an
 * existing .cpuprofile instead of building.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const repo = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const root = path.resolve(option('root', repo));
const top = Number(option('top', '25'));
const match = args.includes('--match') ? new RegExp(option('match', '')) : undefined;
const dir = path.join(repo, 'bench/out/profile');

let file = args.includes('--profile') ? path.resolve(option('profile', '')) : '';
if (!file) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The sources run through tsx (not bin/sitegen.js's bundle) so that samples name src/ files.
  const run = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', path.join(repo, 'bin/cli.ts'), '--root', root, 'build', '--out-dir', path.join(dir, 'build'), ...(args.includes('--no-cache') ? ['--no-cache'] : [])], {
    cwd: repo, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' },
  });
  process.stdout.write(run.stdout);
  if (run.status !== 0) process.stderr.write(run.stderr);
  // The main thread's profile is the largest one (tsx's loader thread writes a small second one;
  // Markdown worker threads, on big sites, write their own: SITEGEN_THREADS=1 keeps it all here).
  file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const where = (url: string) => {
  if (!url) return '(native/idle)';
  const clean = url.replace(/^file:\/\//, '').replace(/\?.*$/, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (pkg) return `npm:${pkg[1]}`;
  if (clean.startsWith('node:')) return clean;
  return path.relative(repo, clean) || clean;
};
const fnKey = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}  ${where(n.callFrame.url)}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;

const self = new Map<string, number>();
const module = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  total += ms;
  const node = byId.get(id)!;
  if (node.callFrame.functionName === '(idle)') return;
  self.set(fnKey(node), (self.get(fnKey(node)) ?? 0) + ms);
  module.set(where(node.callFrame.url), (module.get(where(node.callFrame.url)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = fnKey(byId.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
});

const print = (title: string, map: Map<string, number>, count: number, filter: (k: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].filter(([k]) => filter(k)).sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`\nprofile ${path.relative(repo, file)}: ${total.toFixed(0)} ms sampled on the main thread`);
print('SELF TIME BY PACKAGE / FILE', module, top);
print('SELF TIME BY FUNCTION', self, top);
// Inclusive time of our own code and of package entry points is what owners can act on.
print('INCLUSIVE TIME (our code: src/, theme/)', inclusive, top, (k) => /\s(src|theme)\//.test(k));
print('INCLUSIVE TIME (packages)', inclusive, top, (k) => /\snpm:/.test(k));
if (match) print(`INCLUSIVE TIME matching ${match}`, inclusive, top, (k) => match.test(k));
