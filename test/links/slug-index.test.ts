import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { repoRoot, runCli } from '../helpers/run-cli.ts';

const fixture = path.join(repoRoot, 'test/fixtures/slug-index-site');
const scratch = mkdtempSync(path.join(tmpdir(), 'sitegen-slug-index-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The build's broken links and those of `sitegen check-links` on its output, in the same shape. */
async function bothChecks(root: string, out: string): Promise<{ build: string[]; crawl: string[]; code: number | null }> {
  const result = await buildSite({ root, outDir: out, logger: silentLogger });
  const build = result.diagnostics.filter((d) => d.ruleId.startsWith('links/')).map((d) => formatDiagnostic({ ...d, severity: 'error', hint: undefined }));
  const cli = await runCli(['--root', root, 'check-links', '--dir', out]);
  const crawl = cli.stdout.split('\n').filter((line) => /  error  /.test(line));
  return { build, crawl, code: cli.code };
}

describe('docs with `slug: index`', () => {
  it('are the pages `/docs/index` and `/docs/recipes/index` for the build and for check-links alike', async () => {
    const { build, crawl, code } = await bothChecks(fixture, path.join(scratch, 'clean'));
    expect(build).toEqual([]);
    expect(crawl).toEqual([]);
    expect(code).toBe(0);
  });

  it('make a link to the folder route broken for both, at the same line', async () => {
    const root = path.join(scratch, 'site');
    cpSync(fixture, root, { recursive: true });
    const pantry = path.join(root, 'docs/pantry.md');
    writeFileSync(pantry, `${readFileSync(pantry, 'utf8')}\nNot the [recipes folder](/docs/recipes).\n`);
    writeFileSync(path.join(root, 'site.config.ts'), readFileSync(path.join(root, 'site.config.ts'), 'utf8')
      .replace("from '../../../src/", `from '${path.join(repoRoot, 'src')}/`).replace("docs: {", "onBrokenLinks: 'warn',\n  docs: {"));
    const { build, crawl } = await bothChecks(root, path.join(root, 'build'));
    expect(build).toEqual(['docs/pantry.md:7:9  error  Cannot find page `/docs/recipes`  links/missing-page']);
    expect(crawl).toEqual(build);
  });
});
