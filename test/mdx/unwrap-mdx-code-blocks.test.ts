import { describe, expect, it } from 'vitest';
import { unwrapMdxCodeBlocks } from '../../src/mdx/unwrap-mdx-code-blocks.ts';

// Issue 39 › 2: ```mdx-code-block fences are MDX on the site, as Docusaurus reads them.

describe('unwrapMdxCodeBlocks', () => {
  it('unwraps three- and four-backtick blocks, keeping every line where it was', () => {
    const body = [
      'Intro.',
      '',
      '```mdx-code-block',
      "import Tabs from '@theme/Tabs';",
      '```',
      '',
      '````mdx-code-block',
      '<Tabs>',
      '```js',
      'dig();',
      '```',
      '</Tabs>',
      '````',
      '',
      'Tail.',
    ].join('\n');
    const out = unwrapMdxCodeBlocks(body);
    expect(out.split('\n')).toEqual([
      'Intro.', '', '', "import Tabs from '@theme/Tabs';", '', '', '', '<Tabs>', '```js', 'dig();', '```', '</Tabs>', '', '', 'Tail.',
    ]);
  });

  it('leaves other fences alone, and a file without the word as it is', () => {
    const body = '```js\nconst x = 1;\n```\n';
    expect(unwrapMdxCodeBlocks(body)).toBe(body);
    const other = '```mdx\n<Tabs />\n```\n';
    expect(unwrapMdxCodeBlocks(other)).toBe(other);
  });
});
