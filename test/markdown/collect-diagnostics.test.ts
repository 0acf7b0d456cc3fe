import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { collectDiagnostics } from '../../src/markdown/collect-diagnostics.ts';

describe('collectDiagnostics', () => {
  it("shifts lines past the front matter and keeps sitegen's rule ids", () => {
    const file = new VFile();
    file.message('Cannot find `guide.md`', { place: { line: 3, column: 5 }, ruleId: 'markdown/missing-file', source: 'sitegen' });
    expect(collectDiagnostics({ file, path: 'content/docs/a.md', lineOffset: 4 })).toEqual([
      { file: 'content/docs/a.md', line: 7, column: 5, severity: 'warning', ruleId: 'markdown/missing-file', message: 'Cannot find `guide.md`' },
    ]);
  });

  it('makes fatal messages errors, and leaves out positions a message does not have', () => {
    const file = new VFile();
    const fatal = file.message('Cannot parse the board', { ruleId: 'markdown/board', source: 'sitegen' });
    fatal.fatal = true;
    expect(collectDiagnostics({ file, path: 'a.md', lineOffset: 2 })).toEqual([{ file: 'a.md', severity: 'error', ruleId: 'markdown/board', message: 'Cannot parse the board' }]);
  });

  it("names other plugins' rules `<source>/<rule>`, and rewords KaTeX's in house style", () => {
    const file = new VFile();
    file.message('odd thing', { place: { line: 1, column: 1 }, ruleId: 'odd', source: 'remark-lint' });
    file.message('no rule id', { source: 'remark-x' });
    file.message('Could not render math', { place: { line: 2, column: 3 }, ruleId: 'katex', source: 'rehype-katex', cause: new Error('KaTeX parse error: Undefined control sequence: \\foo') });
    file.message('plain', {});
    expect(collectDiagnostics({ file, path: 'a.md', lineOffset: 0 }).map((d) => [d.ruleId, d.message])).toEqual([
      ['remark-lint/odd', 'odd thing'],
      ['remark-x/message', 'no rule id'],
      ['markdown/math', 'Cannot render math with KaTeX: KaTeX parse error: Undefined control sequence: \\foo'],
      ['markdown/plugin', 'plain'],
    ]);
  });
});
