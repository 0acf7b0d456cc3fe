/**
 * What a built site's pages weigh (issue 17 › 5): the average docs or blog page (its HTML, which
 * client navigation also fetches), and the whole output against the Markdown it was built from,
 * split into pages, search index and the rest. Pages must cost their own size, not grow with
 * the number of pages in the site.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface PageSizes {
  label: string;
  /** Pages measured: every `.html` but the 404, search, blog list, tag and archive pages. */
  pages: number;
  avgHtml: number;
  /** Bytes of the whole output folder. */
  outputBytes: number;
  /** The output by kind: every `.html` file, the search index, everything else. */
  parts: { html: number; search: number; other: number };
  markdownBytes: number;
}

export async function measurePageSizes(options: { label: string; buildDir: string; markdownBytes: number }): Promise<PageSizes> {
  const { label, buildDir, markdownBytes } = options;
  const files = (await readdir(buildDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const parts = { html: 0, search: 0, other: 0 };
  let pages = 0;
  let html = 0;
  for (const e of files) {
    const abs = path.join(e.parentPath, e.name);
    const size = (await stat(abs)).size;
    const file = path.relative(buildDir, abs).split(path.sep).join('/');
    if (file.endsWith('.html')) parts.html += size;
    else if (file.startsWith('search-index/')) parts.search += size;
    else parts.other += size;
    if (!file.endsWith('.html') || /^(404|search)\.html$|^blog(\.html|\/(page|tags|archive|authors))/.test(file)) continue;
    pages += 1;
    html += size;
  }
  const outputBytes = parts.html + parts.search + parts.other;
  return { label, pages, avgHtml: pages ? html / pages : 0, outputBytes, parts, markdownBytes };
}

/** `HTML 612 MB, search 40 MB, other 3 MB` */
export function outputParts(p: PageSizes): string {
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return `HTML ${mb(p.parts.html)}, search ${mb(p.parts.search)}, other ${mb(p.parts.other)}`;
}
