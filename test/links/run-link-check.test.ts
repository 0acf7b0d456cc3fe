import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/build/step.ts';
import { repoRoot, runCli } from '../errors/run-cli.ts';

const fixture = path.join(repoRoot, 'test/fixtures/links-site');
const scratch = mkdtempSync(path.join(tmpdir(), 'sitegen-links-'));
const clean = path.join(scratch, 'clean');
const broken = path.join(scratch, 'broken');
/** Stands in for the internet: `/ok` answers 200, anything else 404. */
let stub: Server;
let stubUrl: string;

beforeAll(async () => {
  stub = createServer((req, res) => res.writeHead(req.url === '/ok' ? 200 : 404, { 'Content-Type': 'text/plain' }).end(req.url));
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
  await buildSite({ root: fixture, outDir: clean, logger: silentLogger });
  cpSync(clean, broken, { recursive: true });
  // Break the copy the way a bad deploy or a hand edit would.
  insert('guide.html', `<a href="/nowhere">gone</a> <a href="/reference#no-such-heading">x</a> <a href="#nope">y</a> <a href="/reference#endpoints">fine</a> <a href="${stubUrl}/ok">ok</a> <a href="${stubUrl}/gone">gone</a>`);
  // An absolute link to the site's own URL is checked against the build, not production.
  insert('reference.html', `<a href="/nowhere">gone</a> <a href="${stubUrl}/ok">ok</a> <a href="https://links.fixture.example/guide#setup">self</a> <a href="https://links.fixture.example/old-page">old</a>`);
});

afterAll(() => {
  stub?.close();
  rmSync(scratch, { recursive: true, force: true });
});

function insert(file: string, markup: string): void {
  const abs = path.join(broken, file);
  writeFileSync(abs, readFileSync(abs, 'utf8').replace('</main>', `${markup}</main>`));
}

describe('sitegen check-links', () => {
  it('passes a clean build, checking canonical links against the build instead of production', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', clean]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ \d+ links checked, none broken\n$/);
  });

  it('fails with each broken link and anchor as `page  error  target`, listing external links as skipped', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', broken]);
    expect(result.code).toBe(1);
    expect(result.stdout.replace(/\(\d+ links checked\)/, '(N links checked)')).toBe([
      'Skipped 2 external links (use --external to check them):',
      `  - ${stubUrl}/gone`,
      `  - ${stubUrl}/ok`,
      '/guide  error  Cannot find `/nowhere` (HTTP 404)  links/missing-page',
      '/guide  error  Cannot find heading `#no-such-heading` on `/reference`  links/missing-anchor',
      '/guide  error  Cannot find heading `#nope`  links/missing-anchor',
      '/reference  error  Cannot find `/nowhere` (HTTP 404)  links/missing-page',
      '/reference  error  Cannot find `https://links.fixture.example/old-page` (HTTP 404)  links/missing-page',
      '✗ 5 broken links on 2 pages (N links checked)',
      '',
    ].join('\n'));
  });

  it('checks external links with --external', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', broken, '--external']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Skipped');
    expect(result.stdout).toContain(`/guide  error  Cannot reach \`${stubUrl}/gone\` (HTTP 404)  links/external\n`);
    expect(result.stdout).not.toContain(`${stubUrl}/ok`);
    expect(result.stdout).toMatch(/✗ 6 broken links on 2 pages \(\d+ links checked\)\n$/);
  });

  it('fails clearly when there is no build', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', path.join(scratch, 'none')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error  Cannot find \`index.html\` in \`${path.join(scratch, 'none')}\`  serve/no-build\n  hint: Run \`sitegen build\` first.`);
  });
});
