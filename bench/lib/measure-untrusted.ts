/**
 * Issue 37 › 5: Markdown from a stranger must not hang the build. Builds one small site per
 * hostile input (a megabyte of `[`, runs of backticks and tildes, `](` pairs, deep lists) and
 * prints each build's wall and CPU time beside the parse floor of the same file and what the
 * build made of it (built, or refused with a rule id), with the load average.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureBuild } from './measure-build.ts';
import { measureParseFloor } from './parse-floor.ts';

/** The hostile bodies, each the only doc of its site besides a home page. */
export const HOSTILE_INPUTS: { name: string; body: () => string }[] = [
  { name: '1 MB of `[`', body: () => '['.repeat(1_000_000) },
  { name: '200,000 backticks', body: () => '`'.repeat(200_000) },
  { name: '200,000 tildes', body: () => '~'.repeat(200_000) },
  { name: '20,000 `](`', body: () => ']('.repeat(20_000) },
  { name: '5,000 nested list levels', body: () => `${'- '.repeat(5_000)}deep` },
  { name: '500 indented list levels', body: () => Array.from({ length: 500 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n') },
  { name: '100,000 `<a ` without `>`', body: () => '<a '.repeat(33_000) },
];

/** Builds each hostile site; returns printable lines. */
export async function measureUntrusted(options: { repo: string; outRoot: string; progress: (message: string) => void }): Promise<string[]> {
  const { repo, outRoot, progress } = options;
  const lines = ['Untrusted input (issue 37 › 5): one doc per site, cold build (--no-cache) beside the parse floor of the same file'];
  for (const input of HOSTILE_INPUTS) {
    const root = path.join(outRoot, 'untrusted', input.name.replace(/\W+/g, '-'));
    await rm(root, { recursive: true, force: true });
    await mkdir(path.join(root, 'content/docs'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), '{ "type": "module", "private": true }\n');
    await writeFile(path.join(root, 'site.config.ts'), "export default { title: 'Hostile', url: 'https://hostile.example', markdown: { math: true } };\n");
    await writeFile(path.join(root, 'content/docs/index.md'), '---\ntitle: Home\n---\n\nHome.\n');
    await writeFile(path.join(root, 'content/docs/hostile.md'), `---\ntitle: Hostile\n---\n\n${input.body()}\n`);
    progress(`untrusted input: ${input.name}`);
    const floor = measureParseFloor({ repo, label: input.name, dirs: [path.join(root, 'content/docs')] });
    const build = await measureBuild({ label: input.name, repo, root, outDir: path.join(root, 'build'), flags: ['--no-cache'], timeoutMs: 20 * 60_000 });
    const refused = /(markdown\/too-[a-z]+)/.exec(build.error ?? '')?.[1];
    const outcome = build.ok ? 'built' : refused ? `refused (${refused})` : `failed: ${(build.error ?? '').split('\n').find((l) => /error/.test(l))?.trim() ?? 'see the log'}`;
    lines.push(`  ${input.name.padEnd(28)} build ${(build.wallMs / 1000).toFixed(1).padStart(6)} s wall, ${((build.cpuMs ?? 0) / 1000).toFixed(1).padStart(6)} s CPU · parse floor ${floor.error ? `n/a (${floor.error})` : `${(floor.ms / 1000).toFixed(1)} s`} · ${outcome} · load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await rm(root, { recursive: true, force: true });
  }
  return lines;
}
