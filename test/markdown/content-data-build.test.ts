import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { createDevSession } from '../../src/dev/dev-session.ts';
import { OutputStore } from '../../src/dev/output-store.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { MemoryWriter } from '../../src/site/writer.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';

// Issue 27 › A1: a page showing data from content/data/ renders again, in a warm build and in dev,
// when that data changes, and only then; a missing key fails the build at its Markdown line.
let site: SiteCopy | undefined;
afterEach(() => {
  site?.cleanup();
  site = undefined;
});

async function build(root: string) {
  const out = new MemoryWriter();
  const result = await buildSite({ root, writer: out, logger: silentLogger, cache: true });
  return { result, text: (file: string) => out.text(file) ?? '' };
}

const extra = 'content/docs/03-extra/more.md';

describe('content data in builds', () => {
  it('renders again, from the Markdown cache, exactly the pages whose data changed', async () => {
    site = copyFixture('core-site');
    site.write('content/data/game.yml', 'timeout: 500\nother: 1\n');
    site.write(extra, `${site.read(extra)}\nThe deadline is :fact[game.timeout] ms.\n`);
    expect((await build(site.root)).text('extra/more-things.html')).toContain('The deadline is <span data-fact="game.timeout">500</span> ms.');
    const warm = await build(site.root);
    expect(warm.result.markdownRendered).toEqual([]);
    site.write('content/data/game.yml', 'timeout: 700\nother: 1\n');
    const changed = await build(site.root);
    expect(changed.result.markdownRendered).toEqual([extra]);
    expect(changed.text('extra/more-things.html')).toContain('The deadline is <span data-fact="game.timeout">700</span> ms.');
  });

  it('fails with the Markdown file, line and column, the rule id and the closest key', async () => {
    site = copyFixture('core-site');
    site.write('content/data/game.yml', 'timeout: 500\n');
    site.write(extra, `${site.read(extra)}\nThe deadline is :fact[game.timout] ms.\n`);
    const error = await build(site.root).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    const [d] = (error as SitegenError).diagnostics;
    expect(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.message} ${d.ruleId}`).toBe(
      'content/docs/03-extra/more.md:8:17 error Cannot find `game.timout` in `content/data/game.yml`: `game` has no `timout`; did you mean `game.timeout`? markdown/data-key',
    );
  });
});

describe('derived facts in builds', () => {
  it('render in MDX pages too, marked, and a formula renders again when a file it reads changes', async () => {
    // The directive plugins are shared: an `.mdx` page gets formats and formulas like a `.md` one.
    site = copyFixture('core-site');
    site.write('content/data/game.yml', '- id: timeout\n  value: 500\n  unit: ms\n- id: half\n  formula: game.timeout / 2\n');
    site.write('content/data/dates.yml', 'start: 2024-01-08\n');
    site.write('content/docs/03-extra/facts.mdx', '# Facts\n\nHalf is :fact[game.half], from :fact[dates.start]{date="dddd D MMMM"}; plus ten, :fact[game.timeout + 10]{number}.\n');
    const first = await build(site.root);
    expect(first.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(first.text('extra/facts.html')).toContain(
      'Half is <span data-fact="game.half">250 ms</span>, from <span data-fact="dates.start">Monday 8 January</span>; plus ten, <span data-fact="game.timeout + 10">510 ms</span>.',
    );
    site.write('content/data/game.yml', '- id: timeout\n  value: 600\n  unit: ms\n- id: half\n  formula: game.timeout / 2\n');
    expect((await build(site.root)).text('extra/facts.html')).toContain('Half is <span data-fact="game.half">300 ms</span>');
  });
});

describe('content data in dev', () => {
  it('re-renders the pages showing a data file when it changes', async () => {
    site = copyFixture('dev-site');
    site.write('content/data/game.yml', 'timeout: 500\n');
    site.write('content/docs/guide.md', `${site.read('content/docs/guide.md')}\nThe deadline is :fact[game.timeout] ms.\n`);
    const store = new OutputStore();
    const session = createDevSession({ root: site.root, store });
    try {
      const first = await session.rebuild();
      expect(first.ok).toBe(true);
      expect(store.text('guide.html')).toContain('The deadline is <span data-fact="game.timeout">500</span> ms.');
      site.write('content/data/game.yml', 'timeout: 650\n');
      const outcome = await session.rebuild({ files: ['content/data/game.yml'] });
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.diagnostics));
      expect(outcome.result.markdownFiles).toEqual(['content/docs/guide.md']);
      expect(outcome.result.rendered.map((p) => p.route)).toEqual(['/guide']);
      // Only page bodies changed: open tabs swap the page in place instead of reloading.
      expect(outcome.inPlace).toBe(true);
      expect(store.text('guide.html')).toContain('The deadline is <span data-fact="game.timeout">650</span> ms.');
    } finally {
      await session.close();
    }
  });
});
