import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { failOnErrors, reportWarnings } from '../../src/diagnostics/fail-on-errors.ts';
import type { Logger } from '../../src/diagnostics/logger.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

const warning: Diagnostic = { file: 'b.md', line: 3, severity: 'warning', message: 'Cannot find image `x.png`', ruleId: 'markdown/missing-image' };
const error: Diagnostic = { file: 'a.md', line: 1, severity: 'error', message: 'Cannot find page `/x`', ruleId: 'links/missing-page' };

/** The error `fn` throws. */
function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('failOnErrors', () => {
  it('does nothing when there is no error, warnings or not', () => {
    expect(() => failOnErrors([])).not.toThrow();
    expect(() => failOnErrors([warning])).not.toThrow();
  });

  it('throws one SitegenError with every diagnostic, sorted and de-duplicated, and their summary', () => {
    const e = thrown(() => failOnErrors([warning, error, { ...error }]));
    expect(e).toBeInstanceOf(SitegenError);
    expect((e as SitegenError).message).toBe('Build failed: 1 error and 1 warning in 2 files');
    expect((e as SitegenError).diagnostics).toEqual([error, warning]);
  });
});

describe('reportWarnings', () => {
  const recording = () => {
    const lines: string[] = [];
    const logger: Logger = { info: () => {}, detail: () => {}, error: () => {}, warn: (m) => lines.push(m) };
    return { lines, logger };
  };

  it('prints each warning in order, then the summary', () => {
    const { lines, logger } = recording();
    reportWarnings([warning, { ...warning, file: 'a.md' }], logger);
    expect(lines).toEqual([
      'a.md:3:1  warning  Cannot find image `x.png`  markdown/missing-image',
      'b.md:3:1  warning  Cannot find image `x.png`  markdown/missing-image',
      '2 warnings in 2 files',
    ]);
  });

  it('prints nothing when there is nothing to report', () => {
    const { lines, logger } = recording();
    reportWarnings([], logger);
    expect(lines).toEqual([]);
  });
});
