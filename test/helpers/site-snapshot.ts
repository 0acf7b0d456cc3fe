import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `relative path → sha256` of every file below `dir`: equal snapshots mean the folder was left
 * exactly as it was (a failed build must not touch the previous `build/`).
 */
export function snapshotDir(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, abs)] = createHash('sha256').update(readFileSync(abs)).digest('hex');
  }
  return out;
}
