import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCli, type CliProcess } from '../helpers/run-cli.ts';
import { copyFixture, repoRoot, type SiteCopy } from '../helpers/copy-fixture.ts';
import { listenForEvents } from './sse-client.ts';

// Edit → reload latency of `sitegen dev`, through the real CLI (production React, as users run
// it), printed for the record. The targets (real site < 200 ms, one page of a 10,000-page corpus
// < 500 ms) are for a quiet machine; the assertions are loose so a busy box does not fail on
// timing alone. SITEGEN_DEV_CORPUS=<pages> also measures a synthetic corpus (bench/corpus.ts):
// its first build takes minutes.
const corpusPages = Number(process.env.SITEGEN_DEV_CORPUS ?? 0);
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Starts `sitegen dev` on `site`, then appends a paragraph to `file` `times` times. */
async function measure(options: { site: SiteCopy; file: string; route: string; times?: number; startupMs: number }) {
  const { site, file, route } = options;
  const started = performance.now();
  const cli: CliProcess = startCli(['--root', site.root, 'dev', '--port', '0']);
  cleanup.push(() => cli.stop());
  const [, url] = await cli.waitFor(/Serving \S+ at (http:\/\/\S+) /, options.startupMs);
  const startupMs = Math.round(performance.now() - started);
  const tab = await listenForEvents(url);
  cleanup.push(() => tab.close());
  const original = site.read(file);
  const reloads: number[] = [];
  for (let i = 1; i <= (options.times ?? 5); i++) {
    const marker = `Timing edit ${i}.`;
    tab.clear();
    const t0 = performance.now();
    site.write(file, `${original}\n\n${marker}\n`);
    const event = await tab.next(['update', 'reload'], 60_000);
    reloads.push(Math.round(event.at - t0));
    expect(await (await fetch(new URL(route, url))).text()).toContain(marker);
    // Let the watcher settle so that edits do not merge.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const median = [...reloads].sort((a, b) => a - b)[Math.floor(reloads.length / 2)];
  const lines = cli.output().split('\n').filter((l) => l.startsWith('↻') || l.startsWith('✓ built'));
  return { startupMs, reloads, median, lines };
}

describe('dev edit latency (CLI)', () => {
  it('real site: one Markdown edit → reload event', async () => {
    const site = copyFixture('real-site', { from: repoRoot, withTheme: false });
    cleanup.push(() => site.cleanup());
    const result = await measure({ site, file: 'content/docs/getting-started/quickstart.md', route: '/quickstart', startupMs: 120_000 });
    console.log(`real site: up in ${result.startupMs} ms; reload event after ${result.reloads.join(', ')} ms (median ${result.median} ms)\n${result.lines.join('\n')}`);
    expect(result.median).toBeLessThan(2000);
  }, 300_000);

  it.runIf(corpusPages > 0)(`synthetic corpus of ${corpusPages} pages: one edited page`, async () => {
    const corpusModule = path.join(repoRoot, 'bench/corpus.ts');
    if (!existsSync(corpusModule)) throw new Error('bench/corpus.ts is missing');
    const { generateCorpus } = await import(corpusModule) as typeof import('../../bench/corpus.ts');
    const dir = path.join(repoRoot, `node_modules/.cache/sitegen-tests/corpus-${corpusPages}`);
    const corpus = await generateCorpus({ dir, docs: Math.round(corpusPages * 0.9), posts: Math.round(corpusPages * 0.1), seed: 1 });
    const site = copyFixture(`corpus-${corpusPages}`, { from: dir, withTheme: false });
    cleanup.push(() => site.cleanup());
    const page = corpus.docs[Math.floor(corpus.docs.length / 2)];
    const result = await measure({ site, file: page.file, route: page.route, startupMs: 3_600_000 });
    console.log(`corpus of ${corpusPages}: up in ${result.startupMs} ms; reload event after ${result.reloads.join(', ')} ms (median ${result.median} ms)\n${result.lines.join('\n')}`);
    expect(result.median).toBeLessThan(5000);
  }, 7_200_000);
});
