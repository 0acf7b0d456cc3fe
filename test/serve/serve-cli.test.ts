import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startCli } from '../helpers/run-cli.ts';
import { rawGet } from './http-helpers.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'sitegen-serve-cli-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home</title>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sitegen serve (CLI)', () => {
  it('serves the folder on 127.0.0.1 and prints the URL', async () => {
    const cli = startCli(['--root', dir, 'serve', '--dir', '.', '--port', '0']);
    try {
      const [, url] = await cli.waitFor(/Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)/);
      const res = await rawGet({ url, path: '/' });
      expect([res.status, res.body.toString()]).toEqual([200, '<!doctype html><title>Home</title>']);
    } finally {
      await cli.stop();
    }
  });

  it('fails with exit code 1 when there is no build', async () => {
    const result = await runCli(['--root', dir, 'serve', '--dir', 'missing', '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(dir, 'missing')}  error  Cannot find a build (\`index.html\` or \`404.html\`) in \`${path.join(dir, 'missing')}\`  serve/no-build\n  hint: Run \`sitegen build\` first.`);
  });
});
