import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fixture site folder under test/fixtures. */
export function fixture(name: string): string {
  return path.join(repoRoot, 'test/fixtures', name);
}

