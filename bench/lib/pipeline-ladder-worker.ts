/**
 * Run as its own process by pipeline-ladder.ts, once per rung: renders every Markdown file under
 * the folders given with one rung of the pipeline and prints `{ files, ms }` as JSON. As the
 * parse floor does (parse-floor-worker.ts), it reads the files and builds the processor before
 * the clock starts, warms the code on one small document, then times one pass, on this thread.
 *
 * Rungs, each the one before it plus one step:
 * - `parse`: remark-parse with the GFM, math and directive syntax (the parse floor);
 * - `html`: + remark-rehype and rehype-stringify, the least any Markdown → HTML build does;
 * - `katex`: + rehype-katex: the design card's pipeline, nothing of ours;
 * - `sitegen`: our renderer (createMarkdownRenderer: the content preset, shiki, ids, TOC, links),
 *   highlighting on this thread.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import rehypeKatex from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { createMarkdownRenderer } from '../../src/markdown/create-markdown-renderer.ts';

export type Rung = 'parse' | 'html' | 'katex' | 'sitegen';

const [rung, ...dirs] = process.argv.slice(2) as [Rung, ...string[]];
const texts: { file: string; body: string; offset: number }[] = [];
for (const dir of dirs) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.md')) continue;
    const text = await readFile(path.join(e.parentPath, e.name), 'utf8');
    const front = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(text)?.[0] ?? '';
    texts.push({ file: path.join(e.parentPath, e.name), body: text.slice(front.length), offset: front.split('\n').length - 1 });
  }
}

const syntax = () => unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkDirective);
type Render = (t: (typeof texts)[number]) => unknown;
async function renderer(): Promise<{ render: Render; close(): Promise<void> }> {
  if (rung === 'parse') {
    const p = syntax();
    return { render: (t) => p.parse(t.body), close: async () => {} };
  }
  if (rung === 'html' || rung === 'katex') {
    const p = syntax().use(remarkRehype, { allowDangerousHtml: true });
    if (rung === 'katex') p.use(rehypeKatex);
    p.use(rehypeStringify, { allowDangerousHtml: true });
    return { render: (t) => p.processSync(t.body), close: async () => {} };
  }
  const render = await createMarkdownRenderer({ math: true });
  return { render: (t) => render({ source: t.body, file: t.file, lineOffset: t.offset }), close: () => render.close() };
}

const { render, close } = await renderer();
await render({ file: 'warm-up.md', body: '# warm-up\n\n*a* `b` $c$\n\n```js\nlet d = 1;\n```\n\n:::note\ne\n:::\n', offset: 0 });
const t0 = performance.now();
for (const t of texts) await render(t);
const ms = performance.now() - t0;
await close();
console.log(JSON.stringify({ files: texts.length, ms }));
