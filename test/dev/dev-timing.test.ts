import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './copy-fixture.ts';
import { startDevRun, type DevRun } from './dev-helpers.ts';

// Edit → reload latency of `sitegen dev`, printed for the record. The targets (real site
// < 200 ms, one page of a 10,000-page corpus < 500 ms) are for a quiet machine; the assertions
// are loose so a busy CI box does not fail on timing alone.
// SITEGEN_DEV_CORPUS=<pages> also measures a synthetic corpus (bench/corpus.ts): slow to start.
const corpusPages = Number(process.env.SITEGEN_DEV_CORPUS ?? 0);
const runs: DevRun[] = [];
afterAll(async () => {
  for (const run of runs) await run.stop();
});

/** Appends a paragraph to `file` `times` times; returns the reload latencies and the log lines. */
async function measure(dev: DevRun, file: string, route: string, times = 5) {
  const original = dev.site.read(file);
  const reloads: number[] = [];
  const lines: string[] = [];
  dev.newLines();
  for (let i = 1; i <= times; i++) {
    const marker = `Timing edit ${i}.`;
    const { ms } = await dev.edit(file, `${original}\n\n${marker}\n`);
    reloads.push(ms);
    expect((await dev.get(route)).text).toContain(marker);
    lines.push(...dev.newLines().filter((l) => l.startsWith('↻')));
  }
  const median = [...reloads].sort((a, b) => a - b)[Math.floor(reloads.length / 2)];
  return { reloads: reloads.map(Math.round), median: Math.round(median), lines };
}

describe('dev edit latency', () => {
  it('real site: one Markdown edit → reload event', async () => {
    const dev = await startDevRun('real-site', { from: repoRoot, withTheme: false });
    runs.push(dev);
    const result = await measure(dev, 'content/docs/getting-started/quickstart.md', '/quickstart');
    console.log(`real site: reload event after ${result.reloads.join(', ')} ms (median ${result.median} ms)\n${result.lines.join('\n')}`);
    expect(result.median).toBeLessThan(2000);
  }, 300_000);

  it.runIf(corpusPages > 0)(`synthetic corpus of ${corpusPages} pages: one edited page`, async () => {
    const corpusModule = path.join(repoRoot, 'bench/corpus.ts');
    if (!existsSync(corpusModule)) throw new Error('bench/corpus.ts is missing');
    const { generateCorpus } = await import(corpusModule) as typeof import('../../bench/corpus.ts');
    const dir = path.join(repoRoot, `node_modules/.cache/sitegen-tests/corpus-${corpusPages}`);
    const corpus = await generateCorpus({ dir, docs: Math.round(corpusPages * 0.9), posts: Math.round(corpusPages * 0.1), seed: 1 });
    const started = performance.now();
    const dev = await startDevRun('corpus', { from: dir, withTheme: false });
    runs.push(dev);
    console.log(`corpus: dev server up after ${Math.round(performance.now() - started)} ms`);
    const page = corpus.docs[Math.floor(corpus.docs.length / 2)];
    const result = await measure(dev, page.file, page.route);
    console.log(`corpus of ${corpusPages}: reload event after ${result.reloads.join(', ')} ms (median ${result.median} ms)\n${result.lines.join('\n')}`);
    expect(result.median).toBeLessThan(5000);
  }, 3_600_000);
});
