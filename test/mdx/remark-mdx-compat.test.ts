import { createProcessor } from '@mdx-js/mdx';
import type { Root } from 'mdast';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { remarkMdxCompat } from '../../src/mdx/remark-mdx-compat.ts';

// What the MDX renderer needs to place its diagnostics: each JSX element's name and position,
// each literal URL attribute and each import's module; and comment-only blocks, which render
// nothing, are dropped.

/** Compiles `source` with the plugin; `top` is the tree's top-level nodes after it (type and source). */
async function compile(source: string) {
  const file = new VFile({ path: 'content/docs/page.mdx', value: source });
  let top: string[] = [];
  const peek = () => (tree: Root) => {
    top = tree.children.map((node) => `${node.type} ${source.slice(node.position?.start.offset, node.position?.end.offset)}`);
  };
  await createProcessor({ format: 'mdx', jsx: true, remarkPlugins: [remarkMdxCompat, peek] }).process(file);
  return Object.assign(file, { top });
}

describe('remarkMdxCompat', () => {
  it('records every JSX element, nested and inline, at its line and column in the body', async () => {
    const file = await compile('import Tabs from "@theme/Tabs";\n\n<Tabs>\n  <Tabs.Item value="a">\n    Text with <Badge /> inside.\n  </Tabs.Item>\n</Tabs>\n\n<>fragment</>\n');
    expect(file.data.mdxElements).toEqual([
      { name: 'Tabs', line: 3, column: 1 },
      { name: 'Tabs.Item', line: 4, column: 3 },
      { name: 'Badge', line: 5, column: 15 },
    ]);
  });

  it('records literal href, to and src attributes, not expressions or other attributes', async () => {
    const file = await compile('<Link to="/rules">Rules</Link> and <a href="https://x.example" title="/not-a-link">x</a>\n\n<img src="/img/a.png" alt="/b" />\n\n<Link to={"/computed"}>c</Link>\n');
    expect(file.data.mdxLinks).toEqual([
      { value: '/rules', line: 1, column: 1 },
      { value: 'https://x.example', line: 1, column: 36 },
      { value: '/img/a.png', line: 3, column: 1 },
    ]);
  });

  it('drops top-level blocks that hold only comments, keeps other expressions and inline comments', async () => {
    const file = await compile('{/* one */}\n\n{/* two */ /* three */}\n\n{// line\n}\n\n{1 + 1}\n\nText {/* inline */} here.\n');
    expect(file.top).toEqual(['mdxFlowExpression {1 + 1}', 'paragraph Text {/* inline */} here.']);
  });

  it('records where each import and re-export names its module, as MDX\'s parser read it, not text that looks like one', async () => {
    const file = await compile([
      'Text with `import x from "./in-code"` first.',
      '',
      "import A from './a';",
      "import { B } from '@theme/B'; export { C } from \"./c\";",
      '',
      'export const d = 1;',
      '',
    ].join('\n'));
    expect(file.data.mdxImports).toEqual([
      { spec: './a', line: 3, column: 15 },
      { spec: '@theme/B', line: 4, column: 19 },
      { spec: './c', line: 4, column: 49 },
    ]);
  });
});
