import { readFileSync } from 'node:fs';
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
 * With `files` (the output: a MemoryWriter, or its folder on disk), `site` is the site data the
 * page names (`siteUrl`), read from its file.
 */
export function inlineData<T = { site: any; siteUrl: string; page: any }>(html: string, files?: { text(file: string): string | undefined } | string): T {
  const json = /<script type="application\/json" id="__sitegen">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page has no inline data');
  const data = JSON.parse(json) as { siteUrl: string; page: unknown };
  if (files === undefined) return data as T;
  // Below the base URL: `/docs-site/_chunks/site.<hash>.json` is `_chunks/site.<hash>.json` in the output.
  const file = data.siteUrl.slice(data.siteUrl.indexOf('_chunks/'));
  const text = typeof files === 'string' ? readFileSync(path.join(files, file), 'utf8') : files.text(file);
  if (text === undefined) throw new Error(`the page's site data ${data.siteUrl} is not in the output`);
  return { ...data, site: JSON.parse(text) } as T;
}
