import { describe, expect, it } from 'vitest';
import { preprocessMdx } from '../../src/mdx/preprocess-mdx.ts';

// Docusaurus's MDX 1 compatibility: `{#id}` and HTML comments still parse in MDX 3.
describe('preprocessMdx', () => {
  it('escapes a trailing `{#id}` of a heading, not one in a code fence', () => {
    expect(preprocessMdx('## Rules {#the-rules}\n\n```md\n## Code {#kept}\n```\n')).toBe('## Rules \\{#the-rules\\}\n\n```md\n## Code {#kept}\n```\n');
  });

  it('sees fences indented in list items, however deep, so headings after them keep their ids', () => {
    // Babel's v8-migration.md: a fence at 4 spaces in a list item was not seen, the next closing
    // fence was taken for an opening one, and every later `{#id}` failed to parse.
    const body = '- Item\n\n   ```diff\n   x\n   ```\n    ```diff\n    ## Not {#kept}\n   ```\n\n### `@scope/name` {#scope-name}\n';
    expect(preprocessMdx(body)).toBe(body.replace('{#scope-name}', '\\{#scope-name\\}'));
  });

  it('turns HTML comments into MDX comments of the same length, across lines, not in inline code', () => {
    expect(preprocessMdx('a <!-- one --> b\n<!--\ntwo */ x\n-->\n`<!-- code -->`')).toBe('a {/*  one  */} b\n{/* \ntwo * / x\n */}\n`<!-- code -->`');
  });

  it('leaves a body without either untouched', () => {
    const body = 'import X from "x";\n\n<X />\n';
    expect(preprocessMdx(body)).toBe(body);
  });
});
