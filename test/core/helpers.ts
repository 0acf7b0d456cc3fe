import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fixture site folder under test/fixtures. */
export function fixture(name: string): string {
  return path.join(repoRoot, 'test/fixtures', name);
}


/**
 * The inline data of a built page (`<script type="application/json" id="__sitegen">`): what
 * client navigation reads from the page's HTML. Body HTML (content, excerpts) is not in it.
 */
export function inlineData<T = { site: any; page: any }>(html: string): T {
  const json = /<script type="application\/json" id="__sitegen">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page has no inline data');
  return JSON.parse(json) as T;
}
