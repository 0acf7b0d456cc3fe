/**
 * Runs every titled JavaScript sample on the Useful Algorithms guide.
 *
 * The page promises that each ```js title="…"``` block is a complete program
 * that checks its own answer and throws when it is wrong. This test holds the
 * page to that promise: it extracts the blocks, writes each one to a temporary
 * `.mjs` file and runs it with the same Node binary that runs vitest.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pagePath = resolve(here, '../../content/docs/guides/useful-algorithms.md');

/** Opening fence of a runnable sample, e.g. ```js title="bfs.js" {3-5} */
const openFenceRE = /^```js\s+title="([^"]+)"/;
/** A closing fence: three backticks alone on the line. */
const closeFenceRE = /^```\s*$/;

interface Sample {
  title: string;
  line: number;
  code: string;
}

/** Collects titled `js` blocks line by line, so code containing backticks is safe. */
function collectSamples(markdown: string): Sample[] {
  const samples: Sample[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const open = openFenceRE.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !closeFenceRE.test(lines[i]); i++) body.push(lines[i]);
    if (i >= lines.length) throw new Error(`Unclosed code block "${open[1]}" at line ${start + 1}`);
    samples.push({ title: open[1], line: start + 1, code: `${body.join('\n')}\n` });
  }
  return samples;
}

const samples = collectSamples(readFileSync(pagePath, 'utf8'));
const workDir = mkdtempSync(join(tmpdir(), 'algorithm-samples-'));

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('useful-algorithms.md samples', () => {
  it('has at least five runnable samples with unique titles', () => {
    expect(samples.length).toBeGreaterThanOrEqual(5);
    const titles = samples.map((s) => s.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  for (const sample of samples) {
    it(`${sample.title} (line ${sample.line}) runs and passes its own checks`, () => {
      // .mjs makes Node treat the sample as an ES module, whatever package.json says.
      const file = join(workDir, sample.title.replace(/[^\w.-]/g, '_').replace(/\.js$/, '') + '.mjs');
      writeFileSync(file, sample.code);

      let status = 0;
      let output = '';
      try {
        output = execFileSync(process.execPath, [file], {
          cwd: workDir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: 60_000,
        });
      } catch (error) {
        const failure = error as { status?: number | null; stdout?: string; stderr?: string; signal?: string };
        status = failure.status ?? 1;
        output = `${failure.stdout ?? ''}${failure.stderr ?? ''}${failure.signal ? ` (killed by ${failure.signal})` : ''}`;
      }

      expect(status, `${sample.title} failed:\n${output}`).toBe(0);
      expect(output.trim().length, `${sample.title} printed nothing`).toBeGreaterThan(0);
    });
  }
});
