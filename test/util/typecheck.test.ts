import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// TypeScript strict (tsconfig.json, with unused locals and parameters refused) over bin/, src/,
// theme/, test/ and bench/: vitest strips types without checking them, so `npm test` runs the
// compiler itself.
const repo = path.resolve(import.meta.dirname, '../..');

describe('types', () => {
  it('type-checks the whole repository', async () => {
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: repo }).then(
      () => '',
      (error: { stdout?: string; message: string }) => error.stdout || error.message,
    );
    expect(result).toBe('');
  }, 180_000);
});
