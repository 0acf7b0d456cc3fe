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
    const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'bench/lib/parse-floor-worker.ts'), ...dirs], { cwd: repo, encoding: 'utf8', maxBuffer: 1 << 20 });
    return { label, ...JSON.parse(out.trim().split('\n').pop()!) as Omit<ParseFloor, 'label'> };
  } catch (error) {
    return { label, files: 0, bytes: 0, ms: 0, error: (error as Error).message.split('\n')[0] };
  }
}
