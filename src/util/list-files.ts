import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every file below `dir`, as paths relative to it with `/` separators, sorted; a missing folder
 * has none. Symbolic links count as files when `symlinks` is set (content linked in from
 * elsewhere: one that cannot be read is then reported by its reader, not silently skipped).
 */
export async function listFiles(dir: string, options: { symlinks?: boolean } = {}): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw cause;
  }
  return entries
    .filter((e) => e.isFile() || (options.symlinks === true && e.isSymbolicLink()))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
