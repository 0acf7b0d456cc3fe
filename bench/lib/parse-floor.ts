/**
 * The floor no build can beat: the time the pipeline's Markdown parser alone (remark-parse and
 * its syntax extensions, one thread, in a fresh process) takes over the same files. Printed
 * beside each build time, so the build's cost over the floor is the number to drive down.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Parse-only time over the Markdown under `dirs`. */
export interface ParseFloor { label: string; files: number; bytes: number; ms: number; error?: string }

export function measureParseFloor(options: { repo: string; label: string; dirs: string[] }): ParseFloor {
  const { repo, label, dirs } = options;
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/lib/parse-floor-worker.ts'), ...dirs], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
    return { label, ...JSON.parse(out.trim().split('\n').pop()!) as Omit<ParseFloor, 'label'> };
  } catch (error) {
    // The parser's own failure, in a word: 5,000 nested list levels overflow the stack inside
    // remark-gfm (its autolink pass walks the tree recursively while parsing); the build refuses
    // that file at its depth limit before parsing it.
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    const reason = /RangeError: Maximum call stack size exceeded/.test(stderr) ? 'the parser overflows the stack' : (error as Error).message.split('\n')[0];
    return { label, files: 0, bytes: 0, ms: 0, error: reason };
  }
}
