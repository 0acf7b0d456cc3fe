import { describe, expect, it } from 'vitest';
import { preprocessMdx } from '../../src/mdx/preprocess-mdx.ts';

// Docusaurus's MDX 1 compatibility: `{#id}` and HTML comments still parse in MDX 3.
describe('preprocessMdx', () => {
  it('escapes a trailing `{#id}` of a heading, not one in a code fence', () => {
    expect(preprocessMdx('## Rules {#the-rules}\n\n```md\n## Code {#kept}\n```\n')).toBe('## Rules \\{#the-rules\\}\n\n```md\n## Code {#kept}\n```\n');
  });

  it('turns HTML comments into MDX comments of the same length, across lines, not in inline code', () => {
    expect(preprocessMdx('a <!-- one --> b\n<!--\ntwo */ x\n-->\n`<!-- code -->`')).toBe('a {/*  one  */} b\n{/* \ntwo * / x\n */}\n`<!-- code -->`');
  });

  it('leaves a body without either untouched', () => {
    const body = 'import X from "x";\n\n<X />\n';
    expect(preprocessMdx(body)).toBe(body);
  });
});
