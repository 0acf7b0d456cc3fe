import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { collectBrokenLinks } from '../../src/links/run-link-check.ts';
import { repoRoot } from '../helpers/run-cli.ts';

const fixture = path.join(repoRoot, 'test/fixtures/base-url-site');
const scratch = mkdtempSync(path.join(tmpdir(), 'sitegen-base-links-'));
const out = path.join(scratch, 'build');

beforeAll(async () => {
  await buildSite({ root: fixture, outDir: out, logger: silentLogger });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('sitegen check-links on a build under baseUrl /docs-site/', () => {
  it('crawls the build served under its base: based links resolve, the canonical URL maps to the build', async () => {
    const { diagnostics, checked } = await collectBrokenLinks({ dir: out, external: false, siteUrl: 'https://fixture.example', baseUrl: '/docs-site/' });
    expect(checked).toBeGreaterThan(3);
    // Every link of the theme and of Markdown (written with the base or without it: the renderer
    // adds it), the stylesheet, script, feeds and canonical URL resolve under the base.
    expect(diagnostics.map((d) => `${d.file}${d.line ? `:${d.line}` : ''} ${d.message}`)).toEqual([]);
    const html = readFileSync(path.join(out, 'extra/more-things.html'), 'utf8');
    expect(html).toContain('href="/docs-site/basics/guide"');
    expect(html).toContain('href="/docs-site/basics/install#step-one"');
  }, 120_000);
});
