import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFixture } from '../helpers/copy-fixture.ts';
import { runCli } from '../helpers/run-cli.ts';

// Issue #38 › 2: MDX pages are compiled by the Markdown service and kept in the Markdown cache
// like Markdown files; what they import is bundled and rendered on every build, so an edited
// component or partial reaches the pages that use it even when every page comes from the cache.

const site = copyFixture('mdx-site');
afterAll(() => site.cleanup());

const build = async () => {
  const result = await runCli(['build', '--root', site.root, '--verbose']);
  expect(result.code, result.output).toBe(0);
  return result.output;
};
const fromCache = (output: string) => /(\d+) of (\d+) Markdown files from the cache/.exec(output)!.slice(1).map(Number);
const page = (file: string) => readFileSync(path.join(site.root, 'build', file), 'utf8');

describe('MDX pages and the Markdown cache', () => {
  it('take every page from the cache when nothing changed, and compile only an edited page', async () => {
    const [, total] = fromCache(await build());
    const first = page('components.html');
    expect(fromCache(await build())).toEqual([total, total]);
    // The same page, from the cache (its statics' placeholders are the compiled page's own).
    expect(page('components.html')).toBe(first);
    const source = readFileSync(path.join(site.root, 'content/docs/components.mdx'), 'utf8');
    site.write('content/docs/components.mdx', `${source}\nA sentence added at the end.\n`);
    expect(fromCache(await build())).toEqual([total - 1, total]);
    expect(page('components.html')).toContain('A sentence added at the end.');
  });

  it('render an edited component and an edited partial into the pages that use them, with every page from the cache', async () => {
    await build();
    const figure = readFileSync(path.join(site.root, 'src/components/Figure.jsx'), 'utf8');
    site.write('src/components/Figure.jsx', figure.replace('<figcaption>{caption}</figcaption>', '<figcaption>Edited: {caption}</figcaption>'));
    site.write('content/docs/_shared.mdx', 'Shared text, **edited** since.\n');
    const output = await build();
    const [hits, total] = fromCache(output);
    expect(hits).toBe(total);
    // React writes `<!-- -->` between two texts of one element.
    expect(page('components.html')).toMatch(/<figcaption>Edited: (?:<!-- -->)?The arena logo<\/figcaption>/);
    expect(page('components.html')).toContain('Shared text, <strong>edited</strong> since.');
  });
});

describe('MDX pages on worker threads', () => {
  it('come out as they do on the main thread', async () => {
    const { buildSite } = await import('../../src/build/build-site.ts');
    const { MemoryWriter } = await import('../../src/site/writer.ts');
    const { silentLogger } = await import('../../src/diagnostics/logger.ts');
    const fixture = copyFixture('mdx-site');
    const build = async (threads: string) => {
      const previous = process.env.SITEGEN_THREADS;
      process.env.SITEGEN_THREADS = threads;
      try {
        const out = new MemoryWriter();
        const outcome = await buildSite({ root: fixture.root, writer: out, logger: silentLogger, cache: false });
        return { files: out.files, outcome };
      } finally {
        if (previous === undefined) delete process.env.SITEGEN_THREADS;
        else process.env.SITEGEN_THREADS = previous;
      }
    };
    try {
      const [one, two] = [await build('1'), await build('2')];
      expect(one.files.get('components.html')).toBeDefined();
      expect([...two.files.keys()].sort()).toEqual([...one.files.keys()].sort());
      for (const [file, contents] of one.files) expect(two.files.get(file), file).toEqual(contents);
    } finally {
      fixture.cleanup();
    }
  });
});
