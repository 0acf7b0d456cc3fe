import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { repoRoot, runCli } from '../helpers/run-cli.ts';

const fixture = path.join(repoRoot, 'test/fixtures/sidebar-links-site');
const scratch = mkdtempSync(path.join(tmpdir(), 'sitegen-sidebar-links-'));
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite({ root: fixture, outDir: scratch, logger: silentLogger });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('broken links outside the Markdown text', () => {
  it('are reported once each, at their line in the sidebars file or the Markdown file', () => {
    const broken = result.diagnostics.filter((d) => d.ruleId.startsWith('links/'));
    expect(broken.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`).sort()).toEqual([
      'docs/tools/hammer.md:9:9 links/missing-page Cannot find page `/anvil`',
      'sidebars.js:12:60 links/missing-anchor Cannot find heading `#bench-height` on page `/tools/saw`',
      'sidebars.js:7:51 links/missing-page Cannot find page `/retired`',
    ]);
  });

  it('are reported the same way, once each, by check-links', async () => {
    const cli = await runCli(['--root', fixture, 'check-links', '--dir', scratch]);
    expect(cli.stdout.split('\n').filter((line) => line.includes('  error  ')).sort()).toEqual([
      'docs/tools/hammer.md:9:9  error  Cannot find page `/anvil`  links/missing-page',
      'sidebars.js:12:60  error  Cannot find heading `#bench-height` on page `/tools/saw`  links/missing-anchor',
      'sidebars.js:7:51  error  Cannot find page `/retired`  links/missing-page',
    ]);
  });
});
