import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The file a site path (`/img/logo.svg`) is published from: the last of the static folders
 * (`staticDirectories`, from the site root) that has it, since a later folder's file replaces an
 * earlier one's. Relative to the site root, with `/`. Undefined when none has it.
 */
export function staticFileOf(root: string, staticDirectories: readonly string[], sitePath: string): string | undefined {
  const rel = sitePath.replace(/^\/+/, '');
  for (const dir of [...staticDirectories].reverse()) {
    const file = path.posix.join(dir.split(path.sep).join('/'), rel);
    if (existsSync(path.join(root, file))) return file;
  }
  return undefined;
}
