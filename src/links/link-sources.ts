import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SourceLink } from '../model.ts';
import { CACHE_DIR } from '../util/package-root.ts';
import type { LinkedPage } from './check-links.ts';

/** Where each page of a build came from, and where its Markdown links are: what check-links reports at. */
export type LinkSources = Map<string, { source: string; links: Pick<SourceLink, 'url' | 'line' | 'column'>[] }>;

/** `[route, source, [[url, line, column], …]]` per page, as stored. */
type Stored = [string, string, [string, number, number][]][];

/** The file for the build written to `outDir` (the absolute folder names it: one per output folder). */
function fileFor(outDir: string): string {
  return path.join(CACHE_DIR, 'link-sources', `${createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16)}.json`);
}

/**
 * Records, beside the Markdown cache, the source file of every page built into `outDir` and the
 * position of each Markdown link, so `sitegen check-links` can report a broken link at its line
 * like the build does. Written after the build is in place; a failure to write costs only that.
 */
export async function writeLinkSources(options: { outDir: string; pages: LinkedPage[] }): Promise<void> {
  const stored: Stored = options.pages.map((p) => [p.route, p.source, (p.sourceLinks ?? []).map((l) => [l.url, l.line, l.column])]);
  const file = fileFor(options.outDir);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(stored));
  await rename(tmp, file);
}

/** What {@link writeLinkSources} recorded for `outDir`; empty when nothing was (or it cannot be read). */
export async function readLinkSources(outDir: string): Promise<LinkSources> {
  try {
    const stored = JSON.parse(await readFile(fileFor(outDir), 'utf8')) as Stored;
    return new Map(stored.map(([route, source, links]) => [route, { source, links: links.map(([url, line, column]) => ({ url, line, column })) }]));
  } catch {
    return new Map();
  }
}
