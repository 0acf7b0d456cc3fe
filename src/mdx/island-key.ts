import { createHash } from 'node:crypto';

/** A page's key in its islands' markers (`<sitegen-island data-island="<key>:<n>">`): a short hash of its file. */
export function islandKey(file: string): string {
  return createHash('sha256').update(file).digest('hex').slice(0, 10);
}
