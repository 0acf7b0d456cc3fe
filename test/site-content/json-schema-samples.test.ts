/**
 * Runs the request-checking sample printed on /api/json-schema, so the page's advice on loading
 * objects.json (ajv.addSchema before compile) is proven by the published schema files themselves.
 * The sample runs with `node` in a temporary folder laid out as the page describes: the four
 * schema files in `schema/`, one logged request per file in `logged-requests/`.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codeBlocks, repoRoot, where } from './code-blocks.ts';

const blocks = codeBlocks();

/** The one block with this file and title; fails with what it found otherwise. */
function block(file: string, title: string) {
  const found = blocks.filter((b) => b.file === file && b.title === title);
  if (found.length !== 1) throw new Error(`Expected one "${title}" block in ${file}, found ${found.length}`);
  return found[0];
}

describe('the /api/json-schema sample that checks logged requests', () => {
  const sample = block('content/docs/api/json-schema.md', 'check-logged-requests.js (fragment)');
  const request = JSON.parse(block('content/docs/api/example-move.md', 'POST /move request body').value);
  let dir = '';

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'json-schema-sample-'));
    cpSync(path.join(repoRoot, 'public/schema'), path.join(dir, 'schema'), { recursive: true });
    // The sample imports ajv as a reader's project would: from a node_modules beside it.
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    mkdirSync(path.join(dir, 'logged-requests'));
    writeFileSync(path.join(dir, 'sample.mjs'), sample.value);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = () => spawnSync(process.execPath, ['sample.mjs'], { cwd: dir, encoding: 'utf8' });

  it(`accepts a complete request from /api/example-move (${where(sample)})`, () => {
    writeFileSync(path.join(dir, 'logged-requests', 'turn.json'), JSON.stringify(request));
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('rejects a request with a snake missing its body, naming the file', () => {
    const broken = structuredClone(request);
    delete broken.board.snakes[0].body;
    writeFileSync(path.join(dir, 'logged-requests', 'broken.json'), JSON.stringify(broken));
    const result = run();
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('broken.json');
    expect(result.stderr).toContain('body');
  });
});
