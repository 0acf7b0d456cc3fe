/**
 * Search budgets (issue 6): index build time, index size, gzip bytes a first query fetches and
 * query latency once loaded, for (a) a deterministic synthetic corpus of 10,000 pages and
 * (b) the real site's built HTML when `build/` exists (or `SEARCH_BENCH_BUILD=<dir>`). `--build`
 * first builds the real site into a temporary folder and prints search's share of the build:
 * the "build search index" step (index + writing) plus the extraction done while pages render.
 *
 *   npx tsx bench/search-bench.ts [--pages 10000] [--build]
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildSite } from '../src/build/build-site.ts';
import type { PageData } from '../src/model.ts';
import { createSearchIndexer, type SearchIndexFile } from '../src/search/create-search-indexer.ts';
import { createLocalClient } from '../theme/search/local-client.ts';

const gz = (text: string | Uint8Array) => gzipSync(text).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Deterministic PRNG (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = 'the of and to a in is it you that for on with as are be this your snake can by or at from move will if turn game each not board when an food all one has more health'.split(' ');
const DOMAIN = 'hazard collision head body tail server request response latency webhook ruleset royale constrictor squad arena league tournament battle engine starter project python javascript leaderboard strategy algorithm flood fill minimax heuristic timeout coordinate'.split(' ');

/** A Zipf-distributed vocabulary: common English, then domain words, then made-up words. */
function vocabulary(next: () => number, size: number): { pick: () => string } {
  const syllables = 'ka lo mi ra te su no vi pe da zo ru ni be co fa gu hi je ly'.split(' ');
  const words = [...COMMON, ...DOMAIN];
  const seen = new Set(words);
  while (words.length < size) {
    let w = '';
    const n = 2 + Math.floor(next() * 3);
    for (let i = 0; i < n; i++) w += syllables[Math.floor(next() * syllables.length)];
    if (!seen.has(w)) seen.add(w), words.push(w);
  }
  const cdf: number[] = [];
  let sum = 0;
  for (let r = 1; r <= words.length; r++) cdf.push((sum += 1 / r ** 1.05));
  return {
    pick() {
      const x = next() * sum;
      let lo = 0;
      let hi = cdf.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return words[lo];
    },
  };
}

/** 10,000 pages shaped like the theme's output: sections, lists, code blocks, chrome around. */
function* syntheticPages(count: number): Generator<{ page: PageData; html: string }> {
  const next = random(42);
  const vocab = vocabulary(next, 40_000);
  const words = (n: number) => Array.from({ length: n }, () => vocab.pick()).join(' ');
  const between = (a: number, b: number) => a + Math.floor(next() * (b - a + 1));
  for (let p = 0; p < count; p++) {
    const title = words(between(2, 5));
    let body = `<p>${words(between(20, 60))}</p>`;
    for (let s = 0, n = between(2, 7); s < n; s++) {
      const level = s > 0 && next() < 0.3 ? 3 : 2;
      body += `<h${level} id="s${s}">${words(between(1, 4))}<a class="hash-link" href="#s${s}">#</a></h${level}>`;
      for (let q = 0, m = between(1, 4); q < m; q++) body += `<p>${words(between(15, 70))}</p>`;
      if (next() < 0.3) body += `<ul>${Array.from({ length: between(2, 5) }, () => `<li>${words(between(3, 12))}</li>`).join('')}</ul>`;
      if (next() < 0.2) body += `<div class="code-block"><pre class="shiki"><code>${words(between(10, 30))}</code></pre><button class="copy-button">Copy</button></div>`;
    }
    const blog = p % 10 === 9;
    const route = blog ? `/blog/post-${p}` : `/docs/page-${p}`;
    const html = `<!doctype html><html lang="en"><head><title>${title}</title></head><body><nav class="navbar">Docs Blog</nav><main><article data-pagefind-body=""><h1 class="page-title">${title}</h1><div class="markdown">${body}</div></article></main><footer>Copyright</footer><script>window.x=1</script></body></html>`;
    const page = { type: blog ? 'blog-post' : 'doc', route, title } as PageData;
    yield { page, html };
  }
}

/** Every `.html` page of a built site, with its type guessed from the route. */
async function builtPages(dir: string): Promise<{ page: PageData; html: string }[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html') && f !== '404.html');
  return Promise.all(files.map(async (file) => {
    const html = await readFile(path.join(dir, file), 'utf8');
    const route = `/${file.replace(/\.html$/, '').replace(/(^|\/)index$/, '')}`;
    const title = /<h1[^>]*>([^<]*)/.exec(html)?.[1] ?? route;
    const type = route.startsWith('/blog/') && /^\/blog\/\d{4}\//.test(route) ? 'blog-post' : route.startsWith('/blog') || route === '/search' ? 'blog-list' : 'doc';
    return { page: { type, route, title } as PageData, html };
  }));
}

/** Client code loaded for search, minified and gzipped. */
async function clientCodeBytes(): Promise<number> {
  const out = await build({
    entryPoints: [path.resolve(import.meta.dirname, '../theme/search/search-client.ts')],
    bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, target: 'es2020',
  });
  return gz(out.outputFiles[0].contents);
}

/** Builds the real site into a temporary folder; returns it with the build and search-step times. */
async function buildRealSite(): Promise<{ dir: string; buildMs: number; searchStepMs: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'search-bench-'));
  let searchStepMs = 0;
  const info = (line: string) => {
    const match = /✓ build search index\s+([\d.]+) (ms|s)/.exec(line);
    if (match) searchStepMs = Number(match[1]) * (match[2] === 's' ? 1000 : 1);
  };
  const result = await buildSite({
    root: path.resolve(import.meta.dirname, '..'),
    outDir: path.join(dir, 'build'),
    logger: { info, detail() {}, warn() {}, error: console.error },
  });
  return { dir: path.join(dir, 'build'), buildMs: result.durationMs, searchStepMs };
}

async function measure(options: {
  name: string; pages: Iterable<{ page: PageData; html: string }>; queries: string[];
  build?: { buildMs: number; searchStepMs: number };
}) {
  const { name, queries } = options;
  console.log(`\n## ${name}`);
  const started = performance.now();
  const indexer = createSearchIndexer({ config: { locale: 'en', search: { provider: 'local', contextualSearch: true, searchPagePath: 'search' } } });
  let pageCount = 0;
  for (const entry of options.pages) indexer.add(entry), pageCount++;
  const extractMs = performance.now() - started;
  const files: SearchIndexFile[] = [...(await indexer.finish())];
  const indexMs = performance.now() - started;
  const byPath = new Map(files.map((f) => [f.path, f.contents]));
  const raw = files.reduce((sum, f) => sum + Buffer.byteLength(f.contents), 0);
  const zipped = files.reduce((sum, f) => sum + gz(f.contents), 0);
  console.log(`pages ${pageCount}, index files ${files.length}, ${kb(raw)} raw / ${kb(zipped)} gzip`);
  console.log(`index build ${indexMs.toFixed(0)} ms (text extraction ${extractMs.toFixed(0)} ms, indexing ${(indexMs - extractMs).toFixed(0)} ms)`);
  if (options.build) {
    const { buildMs, searchStepMs } = options.build;
    const share = (100 * (searchStepMs + extractMs)) / buildMs;
    console.log(`share of the build: ${share.toFixed(1)} % (search step ${searchStepMs.toFixed(0)} ms incl. writing + extraction ${extractMs.toFixed(0)} ms, of a ${(buildMs / 1000).toFixed(2)} s build)`);
  }
  console.log('| query | hits | total | files | gzip fetched | first query | after load (median) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const query of queries) {
    let fetched = 0;
    let count = 0;
    const client = createLocalClient({
      contextualSearch: true,
      fetch: (async (url: string) => {
        const contents = byPath.get(String(url).replace(/^\//, ''));
        if (contents === undefined) return new Response('not found', { status: 404 });
        // Gzipped index files go over the wire as they are; JSON is gzipped by the server.
        fetched += typeof contents === 'string' ? gz(contents) : contents.byteLength;
        count++;
        return new Response(contents as BodyInit, { status: 200 });
      }) as typeof fetch,
    });
    const cold = performance.now();
    const results = await client.search(query, { limit: 20 });
    const coldMs = performance.now() - cold;
    // Median of repeated runs once everything is loaded (GC pauses and machine noise aside).
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const warm = performance.now();
      await client.search(query, { limit: 20 });
      runs.push(performance.now() - warm);
    }
    const warmMs = runs.sort((a, b) => a - b)[7];
    console.log(`| ${query} | ${results.hits.length} | ${results.total} | ${count} | ${kb(fetched)} | ${coldMs.toFixed(1)} ms | ${warmMs.toFixed(2)} ms |`);
  }
}

const pageCount = Number(process.argv[process.argv.indexOf('--pages') + 1]) || 10_000;
console.log(`search client code (minified, gzip; in the main bundle): ${kb(await clientCodeBytes())}`);
await measure({
  name: `synthetic corpus, ${pageCount} pages`,
  pages: syntheticPages(pageCount),
  queries: ['snake', 'snake move', 'hazard damage', 'collis', 'head collision', 'webhook latency timeout', 'kalomi', 'royale hazard', 'the'],
});

const built = process.argv.includes('--build') ? await buildRealSite() : undefined;
const builtDir = built?.dir ?? path.resolve(process.env.SEARCH_BENCH_BUILD ?? path.join(import.meta.dirname, '../build'));
if (existsSync(builtDir)) {
  await measure({
    name: `real site (${built ? 'fresh build' : path.relative(process.cwd(), builtDir) || '.'})`,
    pages: await builtPages(builtDir),
    queries: ['head-to-head collisions', 'move request', 'hazards', 'quickstart', 'starter project python', 'webhook', 'royale', 'flood fill', 'latency', 'leaderboard'],
    build: built,
  });
  if (built) await rm(path.dirname(built.dir), { recursive: true, force: true });
} else {
  console.log(`\n(no built site at ${builtDir}; run \`npm run build\` to measure the real site)`);
}
