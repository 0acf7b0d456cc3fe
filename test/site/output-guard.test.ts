import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFile } from '../../src/site/output-guard.ts';
import { spareFolder } from '../../src/site/output-folder.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { runCli, startCli } from '../helpers/run-cli.ts';

// Issue #37 › 7: a build killed at any moment leaves a complete `build/` (or the next build puts
// it back), leaves nothing behind that the next build does not remove, and two builds never
// write one folder at once. A kill is stood in for by the folders it leaves.

let site: SiteCopy | undefined;
afterEach(() => {
  if (!site) return;
  rmSync(spareFolder(path.join(site.root, 'build')), { recursive: true, force: true });
  rmSync(lockFile(path.join(site.root, 'build')), { force: true });
  site.cleanup();
  site = undefined;
});

/** A folder beside `build/` as a killed build leaves it: one page saying which it is. */
function leave(s: SiteCopy, name: string, text: string): void {
  mkdirSync(s.file(name), { recursive: true });
  writeFileSync(s.file(`${name}/index.html`), text);
}

const beside = (s: SiteCopy) => readdirSync(s.root).filter((n) => n.startsWith('build')).sort();

describe('a build after one that was killed', () => {
  it('removes the temporary and replaced folders it left behind', async () => {
    site = copyFixture('core-site');
    leave(site, 'build', 'current');
    leave(site, 'build.tmp-999999-1700000000000', 'half written');
    leave(site, 'build.old-999999-1700000000001', 'replaced');
    leave(site, 'build.ready-999998-1700000000002', 'complete but superseded by build/');
    const result = await runCli(['build', '--root', site.root]);
    expect(result.code, result.output).toBe(0);
    expect(beside(site)).toEqual(['build']);
    expect(readFileSync(site.file('build/index.html'), 'utf8')).toContain('<!doctype html>');
  });

  it('puts back a complete build/ when a kill during the swap left none, even if this build fails', async () => {
    site = copyFixture('core-site');
    // Killed between `build/` → `build.old-…` and `build.ready-…` → `build/`.
    leave(site, 'build.old-999999-1700000000000', 'the build before');
    leave(site, 'build.ready-999999-1700000000000', 'the build that was being swapped in');
    site.write('content/docs/index.md', '---\ntitle: [unclosed\n---\n');
    const result = await runCli(['build', '--root', site.root]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Restored \S*build from build\.ready-999999-1700000000000, left by a build that was stopped during its swap/);
    expect(readFileSync(site.file('build/index.html'), 'utf8')).toBe('the build that was being swapped in');
    expect(beside(site)).toEqual(['build']);
  });

  it('puts back the replaced build when no complete new one is there', async () => {
    site = copyFixture('core-site');
    leave(site, 'build.old-999999-1700000000000', 'the build before');
    leave(site, 'build.tmp-999999-1700000000000', 'half written');
    const serve = startCli(['serve', '--root', site.root, '--port', '0']);
    try {
      // `serve` restores before it listens.
      await serve.waitFor(/Serving/);
      expect(serve.output()).toMatch(/Restored \S*build from build\.old-999999-1700000000000/);
    } finally {
      await serve.stop();
    }
    expect(readFileSync(site.file('build/index.html'), 'utf8')).toBe('the build before');
  });
});

describe('two builds of one folder', () => {
  it('refuses the second while the first holds the folder, and takes over the lock of a build that is gone', async () => {
    site = copyFixture('core-site');
    const lock = lockFile(site.file('build'));
    mkdirSync(path.dirname(lock), { recursive: true });
    // A live process holds it: this test's own.
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), started: '2026-12-05T06:00:00.000Z' }));
    const refused = await runCli(['build', '--root', site.root]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(new RegExp(`^\\S*build {2}error {2}Cannot build into \`\\S*build\`: another sitegen build \\(process ${process.pid}, started 2026-12-05T06:00:00.000Z\\) is writing it {2}build/locked$`, 'm'));
    expect(refused.output).toContain(`hint: Wait for that build to finish, or build into another folder with \`--out-dir\`. If no build is running, delete \`${lock}\`.`);
    expect(existsSync(site.file('build'))).toBe(false);
    // A process that has ended: its lock is stale.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(lock, JSON.stringify({ pid: Number(gone), host: (await import('node:os')).hostname(), started: '2026-12-05T06:00:00.000Z' }));
    const built = await runCli(['build', '--root', site.root]);
    expect(built.code, built.output).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });
});
