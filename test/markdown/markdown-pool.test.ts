import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { chooseThreads } from '../../src/markdown/pool/create-markdown-service.ts';
import { createMarkdownPool } from '../../src/markdown/pool/markdown-pool.ts';
import { createLocalMarkdownService, type MarkdownJob, type MarkdownService } from '../../src/markdown/pool/markdown-service.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';
import { copyFixture } from '../helpers/copy-fixture.ts';

const root = path.resolve(import.meta.dirname, '../fixtures/core-site');
const routes = new Map([
  ['content/docs/01-basics/01-install.md', '/basics/install'],
  ['content/docs/01-basics/02-guide.md', '/basics/guide'],
]);
const jobs: MarkdownJob[] = Array.from({ length: 12 }, (_, i) => ({
  file: 'content/docs/01-basics/02-guide.md',
  lineOffset: 3,
  source: [
    `# Page ${i}`,
    '',
    `See [install](./01-install.md#step-${i}) and [nothing](./missing.md).`,
    '',
    '![logo](/img/nope.svg)',
    '',
    '```js title="a.js" {1}',
    `const n = ${i};`,
    '```',
    '',
    '$$',
    'x^2',
    '$$',
  ].join('\n'),
}));

describe('Markdown worker pool', () => {
  const services: MarkdownService[] = [];
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
  });

  it('renders exactly what the local service renders, in the order asked', async () => {
    const local = await createLocalMarkdownService({ root, fence: createSiteFence({ root }), renderer: {} });
    const pool = await createMarkdownPool({ root, fence: createSiteFence({ root }), renderer: {}, size: 2 });
    services.push(pool);
    for (const s of [local, pool]) s.setRoutes(routes);
    const expected = [];
    for (const job of jobs) expected.push(await local.render(job));
    const actual = await Promise.all(jobs.map((job) => pool.render(job)));
    expect(actual).toEqual(expected);
    expect(actual[3].links).toEqual([['./01-install.md#step-3', '/basics/install#step-3'], ['./missing.md', undefined]]);
    expect(actual[3].assets).toEqual([['/img/nope.svg', undefined]]);
    expect(actual[3].result.diagnostics.map((d) => d.ruleId)).toContain('links/markdown-link');
  });

  it('follows a new route map', async () => {
    const pool = await createMarkdownPool({ root, fence: createSiteFence({ root }), renderer: {}, size: 1 });
    services.push(pool);
    pool.setRoutes(routes);
    const before = await pool.render(jobs[0]);
    pool.setRoutes(new Map([['content/docs/01-basics/01-install.md', '/setup']]));
    const after = await pool.render(jobs[0]);
    expect(before.links[0][1]).toBe('/basics/install#step-0');
    expect(after.links[0][1]).toBe('/setup#step-0');
  });

  it('names the job a worker dies on, and renders the others on a new worker', async () => {
    // A site plugin that hoards memory on one page (a worker loads the site's plugins from its
    // config), and a small heap: the worker runs out of memory on that page within a second,
    // however slow the machine (a page the parser itself struggles with took minutes here).
    const site = copyFixture('core-site');
    site.write('site.config.ts', `export default {
  title: 'Pool', url: 'https://pool.example',
  markdown: { remarkPlugins: [() => (tree, file) => {
    if (!String(file.value).includes('EAT-ALL-MEMORY')) return;
    const hoard = [];
    for (;;) hoard.push(new Array(1e6).fill(1));
  }] },
};
`);
    try {
      const pool = await createMarkdownPool({
        root: site.root, fence: createSiteFence({ root: site.root }), size: 1, oldGenerationMb: 64,
        // Only whether there are plugins crosses to the worker; it loads them from the config above.
        renderer: { plugins: { remarkPlugins: [() => undefined] } },
      });
      services.push(pool);
      pool.setRoutes(routes);
      const killer: MarkdownJob = { file: 'content/docs/killer.md', lineOffset: 3, source: 'EAT-ALL-MEMORY' };
      // Three jobs in flight on the worker when it dies: only the killer may fail.
      const outcomes = await Promise.allSettled([jobs[0], killer, jobs[1], jobs[2]].map((job) => pool.render(job)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      const reason = (outcomes[1] as PromiseRejectedResult).reason as Error & { workerDied?: boolean };
      expect(reason.message).toBe('the Markdown worker rendering it ran out of memory (its limit is 64 MB)');
      expect(reason.workerDied).toBe(true);
      // The pool goes on with a new worker.
      expect((await pool.render(jobs[3])).result.html).toContain('Page 3');
    } finally {
      site.cleanup();
    }
  });

  it('rejects after it is closed, and lets the process exit while idle', async () => {
    const pool = await createMarkdownPool({ root, fence: createSiteFence({ root }), renderer: {}, size: 1 });
    await pool.close();
    await expect(pool.render(jobs[0])).rejects.toThrow('Internal error: the Markdown pool is closed');
  });
});

describe('chooseThreads', () => {
  it('renders small sites on the main thread and big ones on every core', () => {
    expect(chooseThreads({ markdownBytes: 500_000, cores: 2 })).toBe(1);
    expect(chooseThreads({ markdownBytes: 13_000_000, cores: 2 })).toBe(2);
    expect(chooseThreads({ markdownBytes: 13_000_000, cores: 1 })).toBe(1);
    expect(chooseThreads({ markdownBytes: 13_000_000, cores: 64 })).toBe(8);
  });

  it('obeys SITEGEN_THREADS and rejects nonsense', () => {
    expect(chooseThreads({ markdownBytes: 10, cores: 2, setting: '3' })).toBe(3);
    expect(chooseThreads({ markdownBytes: 10, cores: 2, setting: '' })).toBe(1);
    expect(() => chooseThreads({ markdownBytes: 10, cores: 2, setting: 'two' })).toThrow('Expected `SITEGEN_THREADS` to be a whole number ≥ 1, got `two`');
  });
});

describe('a build on worker threads', () => {
  it('writes the same files as a build on the main thread', async () => {
    const build = async (threads: string) => {
      const previous = process.env.SITEGEN_THREADS;
      process.env.SITEGEN_THREADS = threads;
      try {
        const out = new MemoryWriter();
        await buildSite({ root, writer: out, logger: silentLogger });
        return out.files;
      } finally {
        if (previous === undefined) delete process.env.SITEGEN_THREADS;
        else process.env.SITEGEN_THREADS = previous;
      }
    };
    const [one, two] = [await build('1'), await build('2')];
    expect(one.size).toBeGreaterThan(0);
    expect([...two.keys()].sort()).toEqual([...one.keys()].sort());
    for (const [file, contents] of one) expect(two.get(file), file).toEqual(contents);
  });
});
