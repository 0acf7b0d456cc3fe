import { describe, expect, it } from 'vitest';
import { takeMagicComments } from '../../src/markdown/magic-comments.ts';

describe('takeMagicComments', () => {
  it('removes the comments and highlights the next line or the range, in every comment style', () => {
    const code = [
      '// highlight-next-line',
      'a();',
      'b();',
      '# highlight-start',
      'c()',
      '<!-- highlight-next-line -->',
      'd()',
      '{/* highlight-end */}',
      'e()',
      '  -- highlight-next-line  ',
      'f()',
    ].join('\n');
    const result = takeMagicComments(code);
    expect(result.code).toBe('a();\nb();\nc()\nd()\ne()\nf()');
    expect([...result.lines].sort((x, y) => x - y)).toEqual([1, 3, 4, 6]);
    expect(result.problems).toEqual([]);
  });

  it('leaves a comment that is not alone on its line, and code without magic comments, as it is', () => {
    const inline = 'x(); // highlight-next-line\ny();';
    expect(takeMagicComments(inline)).toEqual({ code: inline, lines: new Set(), problems: [] });
    expect(takeMagicComments('plain\ncode')).toEqual({ code: 'plain\ncode', lines: new Set(), problems: [] });
  });

  it('reports an unopened end and an unclosed start at their lines; the open range runs to the end', () => {
    const result = takeMagicComments('// highlight-end\na\n// highlight-start\nb\nc');
    expect(result.code).toBe('a\nb\nc');
    expect([...result.lines]).toEqual([2, 3]);
    expect(result.problems).toEqual([
      { line: 0, message: 'Expected a `highlight-start` before this `highlight-end`' },
      { line: 2, message: 'Expected a `highlight-end` after this `highlight-start`; the range runs to the end of the block' },
    ]);
  });
});
