import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleWorkerEntry } from '../../src/util/bundle-for-node.ts';
import { CACHE_DIR } from '../../src/util/package-root.ts';
import { repoRoot, runCli } from '../helpers/run-cli.ts';

// Issue 17: the bundled CLI carries every worker entry (`src/**/*-worker.ts`) beside itself, so
// a build starts its threads without running esbuild; from the sources they are bundled on demand.

const workerEntries = readdirSync(path.join(repoRoot, 'src'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('-worker.ts'))
  .map((e) => path.relative(repoRoot, path.join(e.parentPath, e.name)));

describe('worker entries', () => {
  it('are bundled beside the CLI', async () => {
    expect(workerEntries.length).toBeGreaterThanOrEqual(3);
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    const cliDir = path.join(CACHE_DIR, 'cli');
    // The bundle of the current sources is the newest folder (older ones are removed as it is made).
    const [newest] = readdirSync(cliDir).filter((d) => !d.endsWith('.tmp')).map((d) => path.join(cliDir, d)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
    const files = readdirSync(newest);
    expect(workerEntries.length).toBeGreaterThan(0);
    for (const entry of workerEntries) expect(files).toContain(`${path.basename(entry, '.ts')}.mjs`);
  });

  it('are bundled into the cache folder when sitegen runs from its sources', async () => {
    const file = await bundleWorkerEntry('src/markdown/highlighter-worker.ts');
    expect(path.dirname(file)).toBe(CACHE_DIR);
    expect(path.basename(file)).toMatch(/^highlighter-worker-[0-9a-f]{12}\.mjs$/);
  });
});
