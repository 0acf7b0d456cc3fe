import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { resolveMarkdownLink } from '../../src/markdown/pool/resolve-targets.ts';
import { repoRoot } from '../helpers/run-cli.ts';

const fixture = path.join(repoRoot, 'test/fixtures/md-links-site');
const scratch = mkdtempSync(path.join(tmpdir(), 'sitegen-md-links-'));
let result: BuildResult;

beforeAll(async () => {
  result = await buildSite({ root: fixture, outDir: scratch, logger: silentLogger });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('bare relative .md links, as Docusaurus resolves them', () => {
  it('resolve from the docs root, then from the file folder; only a link to no file is reported', () => {
    const markdownLinks = result.diagnostics.filter((d) => d.ruleId === 'links/markdown-link');
    expect(markdownLinks.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      'docs/concepts/deep/words.md:8:15 Cannot resolve Markdown link `api/lost.md`',
    ]);
    const html = readFileSync(path.join(scratch, 'concepts/deep/words.html'), 'utf8');
    expect(html).toContain('href="/api/vault#open-the-vault"');
    expect(html).toContain('href="/api/vault#seal-the-vault"');
    expect(html).toContain('href="/concepts/deep/sub/tally"');
    expect(html).toContain('href="/concepts/deep/ledger"');
    expect(readFileSync(path.join(scratch, 'index.html'), 'utf8')).toContain('href="/concepts/deep/words"');
  });

  it('try the content root first, the site root next, the file folder last; ./ and ../ only the file folder', () => {
    const routeByFile = new Map([
      ['docs/api/vault.md', '/api/vault'],
      ['docs/guide/api/vault.md', '/guide/api/vault'],
      ['docs/guide/local.md', '/guide/local'],
      ['docs/top.md', '/top'],
      ['README.md', '/readme'],
    ]);
    const resolve = (url: string) => resolveMarkdownLink({ routeByFile, dir: 'docs/guide', url, roots: ['./docs', 'blog'] });
    expect(resolve('api/vault.md#seal')).toBe('/api/vault#seal');
    expect(resolve('./api/vault.md')).toBe('/guide/api/vault');
    expect(resolve('local.md')).toBe('/guide/local');
    expect(resolve('top.md')).toBe('/top');
    expect(resolve('/top.md')).toBe('/top');
    expect(resolve('/local.md')).toBeUndefined();
    expect(resolve('README.md')).toBe('/readme');
    expect(resolve('../top.md')).toBe('/top');
    expect(resolve('./top.md')).toBeUndefined();
  });
});
