import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentDiagnostic } from '../../src/diagnostics/environment-error.ts';
import { repoRoot, runCli } from '../helpers/run-cli.ts';

// Issue #37 › 7: a fault of the machine (a full disk, a folder the user may not write) is said
// plainly, naming the path and what to do, never as "Internal error: sitegen crashed".

const systemError = (code: string, syscall: string, at: string, dest?: string) =>
  Object.assign(new Error(`${code}: ${syscall} '${at}'`), { code, syscall, path: at, ...(dest ? { dest } : {}) });

describe('environmentDiagnostic', () => {
  it('names the path, the reason and what to do, wherever the error is in the cause chain', () => {
    const full = new Error('Failed to write the page', { cause: systemError('ENOSPC', 'write', '/site/build.tmp-1-2/index.html') });
    expect(environmentDiagnostic(full, '/site')).toMatchObject({
      file: 'build.tmp-1-2/index.html', severity: 'error', ruleId: 'env/enospc',
      message: 'Cannot write `build.tmp-1-2/index.html`: no space is left on the device (ENOSPC)',
      hint: 'Free some space on the disk that holds `build.tmp-1-2/index.html` (`df -h`), then run again; the previous build is intact.',
    });
    // Making something: access is needed to the folder it goes in.
    expect(environmentDiagnostic(systemError('EACCES', 'mkdir', '/site/build.tmp-1-2'), '/site')?.hint)
      .toBe('Give the user running sitegen access to `.` (`ls -ld`, `chmod`, `chown`), or build into another folder with `--out-dir`.');
    expect(environmentDiagnostic(systemError('EROFS', 'rename', '/site/build.tmp-1-2', '/site/build'), '/site')?.message)
      .toBe('Cannot rename `build.tmp-1-2` to `build`: the file system is read-only (EROFS)');
    expect(environmentDiagnostic(new Error('a bug'))).toBeUndefined();
    expect(environmentDiagnostic(systemError('ENOENT', 'open', '/x'))).toBeUndefined();
  });
});

// Root reads and writes everything: the fault is made real by building as another user.
const asNobody = process.getuid?.() === 0 && spawnSync('runuser', ['-u', 'nobody', '--', 'true']).status === 0;
const top = mkdtempSync(path.join(os.tmpdir(), 'sitegen-env-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('a build the user may not write', () => {
  it.skipIf(!asNobody)('says which folder to give access to, with no trace (run as root: builds as nobody)', async (ctx) => {
    chmodSync(top, 0o755);
    const root = path.join(top, 'site');
    mkdirSync(path.join(root, 'content/docs'), { recursive: true });
    writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(path.join(root, 'site.config.ts'), "export default { title: 'Locked', url: 'https://locked.example' };\n");
    writeFileSync(path.join(root, 'content/docs/index.md'), '---\ntitle: Home\n---\n\nHome.\n');
    // The CLI bundle is made (as root) before `nobody` runs it; where `nobody` cannot read the
    // repository at all (a checkout under /root), there is nothing to learn here.
    expect((await runCli(['--help'])).code).toBe(0);
    if (spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, path.join(repoRoot, 'bin/sitegen.js'), '--help']).status !== 0) ctx.skip();
    const run = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, path.join(repoRoot, 'bin/sitegen.js'), 'build', '--root', root],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const output = run.stdout + run.stderr;
    expect(run.status, output).toBe(1);
    expect(output).toMatch(/^build\.tmp-\d+-\d+ {2}error {2}Cannot create the folder `build\.tmp-\d+-\d+`: permission denied \(EACCES\) {2}env\/eacces$/m);
    expect(output).toContain('hint: Give the user running sitegen access to `.` (`ls -ld`, `chmod`, `chown`), or build into another folder with `--out-dir`.');
    expect(output).not.toMatch(/Internal error|crashed|\n\s+at /);
  });
});
