import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_COMMENT, takeMagicComments } from '../../src/markdown/magic-comments.ts';

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
    expect(takeMagicComments(inline)).toEqual({ code: inline, lines: new Set(), classes: new Map(), problems: [] });
    expect(takeMagicComments('plain\ncode')).toEqual({ code: 'plain\ncode', lines: new Set(), classes: new Map(), problems: [] });
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

  // Issue 39 › 1: a site's own kinds (Docusaurus's prism.magicComments), beside highlighting.
  it('marks the lines of a site\'s own magic comments with their class, next to highlighting', () => {
    const kinds = [HIGHLIGHT_COMMENT, { className: 'code-block-error-line', line: 'This will error', block: { start: 'error-start', end: 'error-end' } }];
    const code = ['// highlight-next-line', 'a();', '// This will error', 'b();', '/* error-start */', 'c();', 'd();', '/* error-end */', 'e();'].join('\n');
    const result = takeMagicComments(code, kinds);
    expect(result.code).toBe('a();\nb();\nc();\nd();\ne();');
    expect([...result.lines]).toEqual([1]);
    expect([...result.classes]).toEqual([[2, ['code-block-error-line']], [3, ['code-block-error-line']], [4, ['code-block-error-line']]]);
    expect(result.problems).toEqual([]);
    // Kinds the site did not list stay code: a list replaces the default, as in Docusaurus.
    expect(takeMagicComments('// highlight-next-line\na', [kinds[1]]).code).toBe('// highlight-next-line\na');
  });
});
