/**
 * Relevance of the local search on the real site (issue 6 › Tests): realistic queries, each
 * with the page a reader expects among the first three pages of results. The real site is
 * built once into a temp folder (or `SEARCH_RELEVANCE_BUILD=<dir>` reuses a build), and the
 * browser client runs over its `search-index/` through a `fetch` that reads the files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { createLocalClient } from '../../theme/search/local-client.ts';

/** Query → the pages that count as right (any of them in the top 3). */
const TABLE: [query: string, expected: string[]][] = [
  ['head-to-head collision', ['/rules']],
  ['move response shout', ['/api/webhooks', '/api/introduction']],
  ['latency string', ['/api/objects/serpent']],
  ['hazard stacks snail', ['/maps/snail-mode']],
  ['royale shrink', ['/maps/royale']],
  ['trueskill rating', ['/guides/leaderboards']],
  ['flood fill', ['/guides/useful-algorithms']],
  ['engine regions europe', ['/guides/engine-regions']],
  ['customization head tail', ['/guides/customizations']],
  ['minimumFood', ['/api/objects/ruleset-settings']],
  ['board coordinates origin', ['/api/objects/board']],
  ['timeout 500ms', ['/api/introduction']],
  ['python starter', ['/starter-projects', '/quickstart']],
  ['privacy cookies', ['/policies/privacy']],
  ['code of conduct reporting', ['/policies/conduct']],
  ['tournament bracket', ['/guides/tournaments']],
  ['example move request', ['/api/example-move']],
  ['constrictor grow', ['/maps/constrictor']],
  ['apiversion', ['/api/webhooks', '/api/introduction']],
  ['season 7 recap', ['/blog/2023/12/04/season-7-recap-and-season-8']],
  ['why does my snake keep moving up', ['/faq']],
  ['alpha-beta pruning', ['/guides/useful-algorithms']],
  ['breadth first search', ['/guides/useful-algorithms']],
  ['how long do you keep my data', ['/policies/privacy']],
  ['squad mode retired', ['/api/objects/ruleset', '/blog/2022/01/17/squad-mode-retirement']],
  ['hazardDamagePerTurn', ['/api/objects/ruleset-settings']],
  ['free tier sleep cold start', ['/guides/hosting-suggestions', '/api/introduction']],
  ['GET / response fields', ['/api/webhooks']],
  ['register your serpent', ['/quickstart']],
  ['seeding uneven numbers', ['/guides/tournaments']],
  ['body array stacked cells', ['/api/objects/serpent']],
  ['acceptable use', ['/policies/terms']],
  ['monthly points', ['/guides/leaderboards']],
  ['food spawn chance', ['/api/objects/ruleset-settings', '/rules']],
  ['tunnel own computer', ['/guides/hosting-suggestions']],
  ['mission vision values', ['/policies/mission']],
  ['border closes in', ['/maps/royale']],
  ['which programming language', ['/faq']],
];

let outDir: string;
let ownBuild = false;

beforeAll(async () => {
  outDir = process.env.SEARCH_RELEVANCE_BUILD ?? '';
  if (!outDir) {
    outDir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-relevance-'));
    ownBuild = true;
    await buildSite({ root: path.resolve(import.meta.dirname, '../..'), outDir, logger: silentLogger });
  }
});

afterAll(() => {
  if (ownBuild) rmSync(outDir, { recursive: true, force: true });
});

/** A `fetch` serving the build's files (URLs are root-relative, e.g. `/search-index/manifest.json`). */
const readBuild = (async (url: string) => {
  try {
    return new Response(await readFile(path.join(outDir, String(url))), { status: 200 });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}) as unknown as typeof fetch;

describe('search relevance on the real site', () => {
  it(`finds the expected page in the top 3 for ${TABLE.length} queries`, async () => {
    const client = createLocalClient({ contextualSearch: true, fetch: readBuild });
    const rows: { query: string; top: string[]; ok: boolean; expected: string[] }[] = [];
    for (const [query, expected] of TABLE) {
      const { hits } = await client.search(query, { limit: 20 });
      const top = [...new Set(hits.map((h) => h.url.split('#')[0]))].slice(0, 3);
      rows.push({ query, top, expected, ok: top.some((page) => expected.includes(page)) });
    }
    const width = Math.max(...rows.map((r) => r.query.length));
    console.log([
      `Search relevance (${rows.filter((r) => r.ok).length}/${rows.length} with the expected page in the top 3):`,
      ...rows.map((r) => `${r.ok ? '✓' : '✗'} ${r.query.padEnd(width)} → ${r.top.join(', ') || '(nothing)'}${r.ok ? '' : `   expected ${r.expected.join(' or ')}`}`),
    ].join('\n'));
    expect(rows.filter((r) => !r.ok).map((r) => r.query)).toEqual([]);
  });
});
