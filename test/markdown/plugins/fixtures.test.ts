import { readdirSync } from 'node:fs';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import rehypeKatex from 'rehype-katex';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import type { DataSource, DataSourceError } from '../../../src/markdown/content-data.ts';
import { createCodeHighlighter, type CodeHighlighter } from '../../../src/markdown/create-code-highlighter.ts';
import { onlyIf } from '../../../src/markdown/plugins/only-if.ts';
import { rehypeAnchors } from '../../../src/markdown/plugins/rehype-anchors.ts';
import { rehypeCodeBlocks, type BlockHighlighter } from '../../../src/markdown/plugins/rehype-code-blocks.ts';
import { rehypeDisplayMath } from '../../../src/markdown/plugins/rehype-display-math.ts';
import { rehypeHeadingIds } from '../../../src/markdown/plugins/rehype-heading-ids.ts';
import { rehypeLinks } from '../../../src/markdown/plugins/rehype-links.ts';
import { rehypeMermaid } from '../../../src/markdown/plugins/rehype-mermaid.ts';
import { rehypeTables } from '../../../src/markdown/plugins/rehype-tables.ts';
import { rehypeTaskLists } from '../../../src/markdown/plugins/rehype-task-lists.ts';
import { remarkAdmonitions } from '../../../src/markdown/plugins/remark-admonitions.ts';
import { remarkBoard } from '../../../src/markdown/plugins/remark-board.ts';
import { remarkCards } from '../../../src/markdown/plugins/remark-cards.ts';
import { remarkData } from '../../../src/markdown/plugins/remark-data.ts';
import { remarkDescription } from '../../../src/markdown/plugins/remark-description.ts';
import { remarkDirectiveFallback } from '../../../src/markdown/plugins/remark-directive-fallback.ts';
import { remarkHeadingCommentIds } from '../../../src/markdown/plugins/remark-heading-comment-ids.ts';
import { remarkMdxSyntax } from '../../../src/markdown/plugins/remark-mdx-syntax.ts';
import { remarkTruncate } from '../../../src/markdown/plugins/remark-truncate.ts';
import { remarkWordCount } from '../../../src/markdown/plugins/remark-word-count.ts';
import { preprocessAdmonitionTitles } from '../../../src/markdown/preprocess-admonition-titles.ts';
import { frontMatterOf, readCases, readExpected, runFixture, writeExpected, type PluginPipeline } from './harness.ts';

// Issue 38 › 6: every Markdown plugin has fixtures of its own (input → expected output, as
// VitePress's markdown plugin tests), run through the parser, the plugin's prerequisites and the
// plugin alone, never a build. `UPDATE_FIXTURES=1` rewrites the expected files (see harness.ts).

const fixturesDir = path.join(import.meta.dirname, 'fixtures');
const pluginsDir = path.join(import.meta.dirname, '../../../src/markdown/plugins');
const update = process.env.UPDATE_FIXTURES === '1';

/** Plugins of src/markdown/plugins without fixtures here: rehype-fold is tested by fold.test.ts. */
const notHere = new Set(['rehype-fold']);

/**
 * Cases whose expected files say what the plugin's TSDoc promises and the plugin does not do yet:
 * they run as `it.fails` (red once the plugin is fixed: then remove the entry), and
 * `UPDATE_FIXTURES=1` leaves their expected files as written by hand.
 */
const knownBugs: Record<string, string> = {
  'remark-word-count/heading-ids': 'an explicit id `{#score}` is still heading text when words are counted (rehype-heading-ids takes it later)',
};

const gfm = [remarkGfm, remarkDirective];
const toc = (file: VFile) => (file.data.toc ?? []).map(({ depth, id, children }) => ({ depth, id, html: toHtml({ type: 'root', children }) }));

/** One highlighter for the code-block cases (shiki loads in about a second). */
let shiki: Promise<CodeHighlighter> | undefined;
const highlighter = async (): Promise<BlockHighlighter> => {
  const real = await (shiki ??= createCodeHighlighter());
  return {
    // `explode` stands for a grammar that cannot run; `later` for a highlighter on another thread.
    highlight: ({ code, lang }) => {
      if (lang === 'explode') throw new Error('grammar exploded');
      return lang === 'later' ? Promise.resolve(real.highlight({ code, lang: 'js' })) : real.highlight({ code, lang });
    },
  };
};

/** Data files of the remark-data cases, by name (a broken one included). */
const dataFiles: Record<string, unknown> = {
  game: {
    timeout: { value: 500, unit: 'ms' }, width: 11, modes: ['standard', 'royale'], motto: 'Eat **first**',
    freeze: 'at 10:30 UTC', deadline: 'answer within :fact[game.timeout]',
  },
  causes: [
    { id: 'wall', when: 'the head leaves the board', modes: ['standard', 'royale'] },
    { id: 'starved', when: 'health reaches `0`', modes: ['standard'] },
    { id: 'hazard', when: 'a hazard drains the last health', modes: ['royale'] },
  ],
};
const resolveData = (name: string): DataSource | DataSourceError | undefined => {
  const file = `content/data/${name}.yml`;
  if (name === 'broken') return { name, file, hash: '0', error: 'bad indentation of a mapping entry (3:5)' };
  return Object.hasOwn(dataFiles, name) ? { name, file, hash: '0', value: dataFiles[name] } : undefined;
};

/** Pages and images the rehype-links cases may link to. */
const routes: Record<string, string> = { './rules.md': '/docs/rules', '../guide/setup.md#install': '/docs/guide/setup#install' };
// As resolve-targets.ts answers: a file of `public/` keeps its URL, a file beside the page is copied.
const images: Record<string, string> = { './img/board.png': '/assets/images/board-1a2b3c4d.png', '/img/logo.svg': '/img/logo.svg' };

/**
 * Each plugin's pipeline, by its file name; `fm` is the case's front matter (`options`: the
 * plugin's options). Every plugin of src/markdown/plugins has an entry and a folder of cases.
 */
const plugins: Record<string, (fm: Record<string, unknown>) => PluginPipeline | Promise<PluginPipeline>> = {
  'only-if': () => ({ syntax: gfm, remark: [onlyIf(/tip/, remarkAdmonitions)] }),
  'rehype-anchors': () => ({ syntax: gfm, remark: [remarkBoard], rehype: [rehypeHeadingIds, rehypeAnchors], data: (file) => file.data.anchors }),
  'rehype-code-blocks': async () => ({ syntax: gfm, rehype: [[rehypeCodeBlocks, { highlighter: await highlighter() }]] }),
  'rehype-display-math': () => ({ syntax: [...gfm, remarkMath], rehype: [[rehypeKatex, { strict: 'ignore' }], rehypeDisplayMath] }),
  'rehype-heading-ids': (fm) => ({ syntax: gfm, rehype: [[rehypeHeadingIds, fm.options ?? {}]], data: toc }),
  'rehype-links': (fm) => ({
    syntax: gfm,
    rehype: [[rehypeLinks, fm.options ?? {}]],
    fileData: { resolveLink: (url: string) => routes[url], resolveAsset: (url: string) => images[url] },
    data: (file) => file.data.links,
  }),
  'rehype-mermaid': () => ({ syntax: gfm, rehype: [rehypeMermaid] }),
  'rehype-tables': () => ({ syntax: gfm, rehype: [rehypeTables] }),
  'rehype-task-lists': () => ({ syntax: gfm, rehype: [rehypeTaskLists] }),
  'remark-admonitions': () => ({ syntax: gfm, preprocess: preprocessAdmonitionTitles, remark: [remarkAdmonitions] }),
  'remark-board': () => ({ syntax: gfm, remark: [remarkBoard] }),
  'remark-cards': () => ({ syntax: gfm, remark: [remarkCards] }),
  'remark-data': () => ({
    syntax: gfm, remark: [remarkData],
    fileData: { resolveData, listData: () => [...Object.keys(dataFiles), 'broken'] },
  }),
  'remark-description': () => ({ syntax: gfm, preprocess: preprocessAdmonitionTitles, remark: [remarkAdmonitions, remarkDescription], data: (file) => file.data.description }),
  'remark-directive-fallback': () => ({ syntax: gfm, preprocess: preprocessAdmonitionTitles, remark: [remarkAdmonitions, remarkDirectiveFallback] }),
  'remark-heading-comment-ids': () => ({ syntax: gfm, remark: [remarkHeadingCommentIds], rehype: [rehypeHeadingIds] }),
  // Alone: the truncate marker it leaves is remark-truncate's (which runs before it in the preset).
  'remark-mdx-syntax': () => ({ syntax: gfm, remark: [remarkMdxSyntax] }),
  'remark-truncate': () => ({ syntax: gfm, remark: [remarkTruncate], data: (file) => ({ truncateOffset: file.data.truncateOffset ?? null, before: beforeMarker(file) }) }),
  'remark-word-count': () => ({ syntax: [...gfm, remarkMath], remark: [remarkBoard, remarkWordCount], data: (file) => file.data.wordCount }),
};

/** The source before the truncate marker: what an excerpt is cut from. */
function beforeMarker(file: VFile): string | null {
  const offset = file.data.truncateOffset;
  return offset === undefined ? null : String(file.value).slice(0, offset);
}

describe('plugin fixtures', () => {
  it('cover every plugin of src/markdown/plugins, each with 2 to 5 cases', () => {
    const sources = readdirSync(pluginsDir).filter((f) => f.endsWith('.ts')).map((f) => f.replace(/\.ts$/, '')).filter((name) => !notHere.has(name));
    expect(Object.keys(plugins).sort()).toEqual(sources.sort());
    expect(readdirSync(fixturesDir).sort()).toEqual(sources.sort());
    for (const name of sources) {
      const count = readCases(path.join(fixturesDir, name)).length;
      expect(count, name).toBeGreaterThanOrEqual(2);
      expect(count, name).toBeLessThanOrEqual(5);
    }
  });

  for (const name of Object.keys(plugins).sort()) {
    describe(name, () => {
      for (const fixture of readCases(path.join(fixturesDir, name))) {
        const bug = knownBugs[`${name}/${fixture.name}`];
        (bug ? it.fails : it)(`${fixture.name}.${fixture.format}${bug ? ` (known bug: ${bug})` : ''}`, async () => {
          const output = await runFixture(fixture, await plugins[name](frontMatterOf(fixture)));
          if (update && !bug) writeExpected(fixture, output);
          const expected = readExpected(fixture);
          expect(expected.html, `${fixture.file}: no expected .html (run with UPDATE_FIXTURES=1 and review it)`).toBeDefined();
          expect(output.html).toBe(expected.html);
          expect(output.messages).toBe(expected.messages ?? '');
          expect(output.data).toBe(expected.data);
        });
      }
    });
  }
});
