import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE_INPUTS } from '../../bench/lib/measure-untrusted.ts';
import { runCli } from '../helpers/run-cli.ts';

// Issue #37 › 5: Markdown from a stranger must not hang the build. One site holds every hostile
// input of the bench (a megabyte of `[`, runs of backticks, deep lists…). The assertion is that
// the build finishes and says what it made of each file: how long it takes is measured by
// `npm run bench -- --untrusted-only`, never here (a busy machine makes this slower, not red).

const root = mkdtempSync(path.join(os.tmpdir(), 'sitegen-hostile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a site of hostile Markdown', () => {
  it('finishes, building each file or refusing it at its path with a rule, never crashing', async () => {
    mkdirSync(path.join(root, 'content/docs'), { recursive: true });
    writeFileSync(path.join(root, 'package.json'), '{ "type": "module", "private": true }\n');
    writeFileSync(path.join(root, 'site.config.ts'), "export default { title: 'Hostile', url: 'https://hostile.example', markdown: { math: true }, onBrokenLinks: 'ignore' };\n");
    writeFileSync(path.join(root, 'content/docs/index.md'), '---\ntitle: Home\n---\n\nHome.\n');
    const files = HOSTILE_INPUTS.map((input, i) => {
      const file = `content/docs/hostile-${i}.md`;
      writeFileSync(path.join(root, file), `---\ntitle: Hostile ${i}\n---\n\n${input.body()}\n`);
      return file;
    });
    const result = await runCli(['build', '--root', root, '--no-cache'], { timeoutMs: 20 * 60_000 });
    expect(result.output).not.toMatch(/Internal error|crashed/);
    // Nesting is refused before parsing, whatever the machine; the rest build, or are stopped
    // by the parse deadline on a very slow machine: either way, each file is accounted for.
    expect(result.output).toMatch(new RegExp(`^${files[4]}:\\d+:1 {2}error {2}Cannot parse lists or quotes nested 5000 levels deep; sitegen stops at 100 {2}markdown/too-deep$`, 'm'));
    expect(result.output).toMatch(new RegExp(`^${files[5]}:\\d+:1 {2}error {2}Cannot parse lists or quotes nested 500 levels deep; sitegen stops at 100 {2}markdown/too-deep$`, 'm'));
    for (const file of [files[0], files[1], files[2], files[3], files[6]]) {
      const refused = new RegExp(`^${file}:\\d+:\\d+ {2}error {2}.*markdown/too-slow$`, 'm').test(result.output);
      expect(refused || !result.output.includes(file), `${file}: ${result.output.split('\n').filter((l) => l.includes(file)).join('\n')}`).toBe(true);
    }
    expect(result.code).toBe(1);
  }, 25 * 60_000);
});
