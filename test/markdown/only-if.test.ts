import type { Root as MdastRoot } from 'mdast';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../src/markdown/create-markdown-renderer.ts';
import { onlyIf } from '../../src/markdown/plugins/only-if.ts';
import { renderFor } from './render-for.ts';

describe('onlyIf', () => {
  const run = async (plugin: () => unknown, source: string) => {
    const processor = unified().use(plugin as () => undefined);
    await processor.run({ type: 'root', children: [] } as MdastRoot, new VFile({ value: source }));
  };

  it('runs the transform only on sources the test matches, with the plugin\'s options', async () => {
    const seen: string[] = [];
    const plugin = (label: string) => (_tree: MdastRoot, file: VFile) => {
      seen.push(`${label}:${String(file.value)}`);
    };
    const processor = unified().use(onlyIf(/\|/, plugin), 'tables');
    const tree = (): MdastRoot => ({ type: 'root', children: [] });
    await processor.run(tree(), new VFile({ value: 'no pipes here' }));
    await processor.run(tree(), new VFile({ value: 'a | b' }));
    expect(seen).toEqual(['tables:a | b']);
  });

  it('always runs a transform that takes a callback', async () => {
    let calls = 0;
    const plugin = () => (_tree: MdastRoot, _file: VFile, next: () => void) => {
      calls++;
      next();
    };
    await run(onlyIf(/never/, plugin), 'anything');
    expect(calls).toBe(1);
  });
});

describe('the guarded plugins still see every construct', () => {
  // One minimal page per guarded plugin: the smallest source that holds the construct.
  const cases: [string, string, RegExp][] = [
    ['admonition', ':::tip\nEat.\n:::', /class="admonition admonition-tip/],
    ['cards', ':::cards\n- [Rules](/rules) — how to play\n:::', /class="cards"/],
    ['a text directive that is prose', 'Freeze at 12:00 UTC', /<p>Freeze at 12:00 UTC<\/p>/],
    ['board', '```board\ntitle: T\ndescription: D\n\nC c\n```', /class="board-diagram"/],
    ['MDX import', 'import Tabs from \'@theme/Tabs\';\n\nText', /^<p>Text<\/p>$/],
    ['inline math', 'Cost $x$', /class="katex"/],
    ['a math block', '```math\nx^2\n```', /class="katex-display"/],
    ['a table', 'a|b\n-|-\n1|2', /<table tabindex="0" data-rows="">/],
    ['a task item', '- [x] done', /aria-label="Done"/],
  ];
  for (const [name, source, expected] of cases) {
    it(`renders ${name}`, async () => {
      expect((await renderFor(source)).html).toMatch(expected);
    });
  }

  it('runs the guarded rehype plugins on every page when a site remark plugin may add their constructs', async () => {
    // A site plugin that turns a paragraph into a table: the source has no `|`.
    const addTable = () => (tree: MdastRoot) => {
      tree.children = [{ type: 'table', children: [{ type: 'tableRow', children: [{ type: 'tableCell', children: [{ type: 'text', value: 'made' }] }] }] }];
    };
    const render = await createMarkdownRenderer({ plugins: { remarkPlugins: [addTable] } });
    const { html } = await render({ source: 'plain text', file: 'content/docs/page.md', lineOffset: 0 });
    expect(html).toContain('<table tabindex="0" data-rows="">');
    await render.close();
  });
});
