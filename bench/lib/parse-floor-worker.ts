/**
 * Run as its own process by parse-floor.ts: parses every Markdown file under the folders given
 * on the command line with the pipeline's parser alone (remark-parse with the GFM, math and
 * directive syntax extensions; no transforms, no HTML) and prints `{ files, bytes, ms }` as JSON.
 * Files are read and the parser built before the clock starts: the figure is parsing only.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const dirs = process.argv.slice(2);
const texts: string[] = [];
for (const dir of dirs) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.md')) continue;
    const text = await readFile(path.join(e.parentPath, e.name), 'utf8');
    // The build parses the body: front matter is read by gray-matter, not remark.
    texts.push(text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ''));
  }
}
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkDirective);
// Warm the parser's code once, as a build's first file would.
processor.parse('# warm-up\n\n*a* `b` $c$ :::note\nd\n:::\n');
const t0 = performance.now();
for (const text of texts) processor.parse(text);
const ms = performance.now() - t0;
console.log(JSON.stringify({ files: texts.length, bytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0), ms }));
