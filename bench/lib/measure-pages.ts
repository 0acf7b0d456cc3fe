/**
 * What a built site's pages weigh (issue 17 › 5): the average docs or blog page, HTML plus its
 * client-navigation chunk, and the whole output against the Markdown it was built from. Pages
 * must cost their own size, not grow with the number of pages in the site.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PageSizes {
  label: string;
  /** Pages measured: every `.html` but the 404, search, blog list, tag and archive pages. */
  pages: number;
  avgHtml: number;
  avgChunk: number;
  /** Bytes of the whole output folder. */
  outputBytes: number;
  markdownBytes: number;
}

export async function measurePageSizes(options: { label: string; buildDir: string; markdownBytes: number }): Promise<PageSizes> {
  const { label, buildDir, markdownBytes } = options;
  const files = (await readdir(buildDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  let outputBytes = 0;
  const sizes = new Map<string, number>();
  for (const e of files) {
    const abs = path.join(e.parentPath, e.name);
    const size = (await stat(abs)).size;
    outputBytes += size;
    sizes.set(path.relative(buildDir, abs).split(path.sep).join('/'), size);
  }
  let pages = 0;
  let html = 0;
  let chunk = 0;
  for (const [file, size] of sizes) {
    if (!file.endsWith('.html') || /^(404|search)\.html$|^blog(\.html|\/(page|tags|archive|authors))/.test(file)) continue;
    pages += 1;
    html += size;
    chunk += sizes.get(`_chunks/${file.replace(/\.html$/, '.json')}`) ?? 0;
  }
  return { label, pages, avgHtml: pages ? html / pages : 0, avgChunk: pages ? chunk / pages : 0, outputBytes, markdownBytes };
}
