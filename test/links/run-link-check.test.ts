import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { repoRoot, runCli } from '../helpers/run-cli.ts';

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
  // A page nothing links to is still published, and still checked.
  writeFileSync(path.join(broken, 'orphan.html'), readFileSync(path.join(clean, 'guide.html'), 'utf8').replace('</main>', '<a href="/gone-too">gone</a></main>'));
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

  it('fails with each broken link and anchor as the build reports them, listing external links as skipped', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', broken]);
    expect(result.code).toBe(1);
    const hint = '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.';
    expect(result.stdout.replace(/\(\d+ links checked\)/, '(N links checked)')).toBe([
      'Skipped 2 external links (use --external to check them):',
      `  - ${stubUrl}/gone`,
      `  - ${stubUrl}/ok`,
      // Markup added to the build by hand has no Markdown source: the page is named.
      'page /guide  error  Cannot find page `/nowhere`  links/missing-page', hint,
      'page /guide  error  Cannot find heading `#no-such-heading` on page `/reference`  links/missing-anchor',
      'page /guide  error  Cannot find heading `#nope`  links/missing-anchor',
      'page /orphan  error  Cannot find page `/gone-too`  links/missing-page', hint,
      'page /reference  error  Cannot find page `/nowhere`  links/missing-page', hint,
      // The site's own URL is checked against the build, as the path it names.
      'page /reference  error  Cannot find page `/old-page`  links/missing-page', hint,
      '✗ 6 broken links: 6 errors in 3 files (N links checked)',
      '',
    ].join('\n'));
  });

  it('checks external links with --external', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', broken, '--external']);
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('Skipped');
    expect(result.stdout).toContain(`page /guide  error  Cannot reach \`${stubUrl}/gone\` (HTTP 404)  links/external\n`);
    expect(result.stdout).not.toContain(`${stubUrl}/ok`);
    expect(result.stdout).toMatch(/✗ 7 broken links: 7 errors in 3 files \(\d+ links checked\)\n$/);
  });

  it('resolves relative links as the browser does: `api` on /tools/cli is /tools/api', async () => {
    // Issue 13 › 4: linkinator took the page URL for a folder and reported /tools/cli/api.
    const html = readFileSync(path.join(clean, 'tools/cli.html'), 'utf8');
    expect(html).toContain('href="api"');
    expect(html).toContain('href="../guide#setup"');
    const result = await runCli(['--root', fixture, 'check-links', '--dir', clean]);
    expect(result.stdout).not.toContain('/tools/cli/');
    expect(result.code, result.stdout).toBe(0);
  });

  it('reports a broken Markdown link at its file and line, exactly as the build did', async () => {
    const copy = path.join(scratch, 'markdown-site');
    cpSync(fixture, copy, { recursive: true });
    writeFileSync(path.join(copy, 'site.config.ts'), readFileSync(path.join(fixture, 'site.config.ts'), 'utf8')
      .replace("'../../../src/config/define-config.ts'", JSON.stringify(path.join(repoRoot, 'src/config/define-config.ts')))
      .replace("footer:", "onBrokenLinks: 'warn',\n  footer:"));
    const guide = path.join(copy, 'content/docs/tools/api.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nSee the [old reference](../reference#endpoint) and the [changelog](changes).\n`);
    const build = await runCli(['--root', copy, 'build']);
    expect(build.code, build.output).toBe(0);
    const warned = build.stderr.split('\n').filter((l) => l.includes('  warning  ')).map((l) => l.replace('  warning  ', '  error  '));
    expect(warned).toEqual([
      'content/docs/tools/api.md:8:9  error  Cannot find heading `#endpoint` on page `/reference`; did you mean `#endpoints`?  links/missing-anchor',
      'content/docs/tools/api.md:8:56  error  Cannot find page `/tools/changes`  links/missing-page',
    ]);
    const check = await runCli(['--root', copy, 'check-links']);
    expect(check.code).toBe(1);
    expect(check.stdout.split('\n').filter((l) => l.includes('  error  '))).toEqual(warned);
  });

  it('fails clearly when there is no build', async () => {
    const result = await runCli(['--root', fixture, 'check-links', '--dir', path.join(scratch, 'none')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error  Cannot find a build (\`index.html\` or \`404.html\`) in \`${path.join(scratch, 'none')}\`  serve/no-build\n  hint: Run \`sitegen build\` first.`);
  });
});
