import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from '../../src/diagnostics/format-diagnostic.ts';

const d = (over: Partial<Diagnostic>): Diagnostic => ({ file: 'content/docs/a.md', severity: 'error', message: 'Cannot find page `/x`', ruleId: 'links/missing-page', ...over });

describe('formatDiagnostic', () => {
  it('prints file:line:col, severity, message and rule id, the hint on its own line', () => {
    expect(formatDiagnostic(d({ line: 14, column: 3, hint: 'Fix the link.' })))
      .toBe('content/docs/a.md:14:3  error  Cannot find page `/x`  links/missing-page\n  hint: Fix the link.');
  });

  it('takes column 1 when only the line is known, and the file alone without a line', () => {
    expect(formatDiagnostic(d({ line: 2 }))).toBe('content/docs/a.md:2:1  error  Cannot find page `/x`  links/missing-page');
    expect(formatDiagnostic(d({ severity: 'warning' }))).toBe('content/docs/a.md  warning  Cannot find page `/x`  links/missing-page');
  });
});

describe('sortDiagnostics', () => {
  it('sorts by file, line and column (no position first) and drops exact duplicates', () => {
    const list = [
      d({ file: 'z.md', line: 1 }),
      d({ line: 10, column: 2 }),
      d({ line: 10, column: 1 }),
      d({ line: 2 }),
      d({}),
      d({ line: 2 }),
      d({ line: 2, message: 'Cannot find page `/y`' }),
    ];
    expect(sortDiagnostics(list).map(formatDiagnostic).map((s) => s.split('  ').slice(0, 3).join(' '))).toEqual([
      'content/docs/a.md error Cannot find page `/x`',
      'content/docs/a.md:2:1 error Cannot find page `/x`',
      'content/docs/a.md:2:1 error Cannot find page `/y`',
      'content/docs/a.md:10:1 error Cannot find page `/x`',
      'content/docs/a.md:10:2 error Cannot find page `/x`',
      'z.md:1:1 error Cannot find page `/x`',
    ]);
  });

  it('keeps two diagnostics that differ only by their hint', () => {
    expect(sortDiagnostics([d({ hint: 'one' }), d({ hint: 'two' })])).toHaveLength(2);
  });
});

describe('summarizeDiagnostics', () => {
  it('counts errors, warnings and files, singular and plural', () => {
    expect(summarizeDiagnostics([d({})])).toBe('1 error in 1 file');
    expect(summarizeDiagnostics([d({}), d({ file: 'b.md' }), d({ severity: 'warning' })])).toBe('2 errors and 1 warning in 2 files');
    expect(summarizeDiagnostics([d({ severity: 'warning' }), d({ severity: 'warning', line: 3 })])).toBe('2 warnings in 1 file');
  });
});
