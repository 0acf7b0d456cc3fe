import { describe, expect, it } from 'vitest';
import { formatCauseChain } from '../../src/diagnostics/cause-chain.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

describe('formatCauseChain', () => {
  it('numbers each cause with its class, then shows the deepest stack', () => {
    const root = new TypeError("Cannot read properties of undefined (reading 'title')");
    root.stack = "TypeError: Cannot read properties of undefined (reading 'title')\n    at Card (theme/components/Card.tsx:12:20)";
    const error = new SitegenError('Cannot render /guide', { cause: new Error('Render failed\nsecond line', { cause: root }) });
    expect(formatCauseChain(error)).toBe([
      'Cause chain:',
      '  1. Cannot render /guide (via SitegenError)',
      '  2. Render failed (via Error)',
      "  3. Cannot read properties of undefined (reading 'title') (via TypeError)",
      '',
      'Stack of cause 3:',
      "TypeError: Cannot read properties of undefined (reading 'title')",
      '    at Card (theme/components/Card.tsx:12:20)',
    ].join('\n'));
  });

  it('shows a thrown value that is not an Error, and stops at a cycle', () => {
    const outer = new Error('outer', { cause: 'boom' });
    outer.stack = 'Error: outer\n    at x (a.ts:1:1)';
    expect(formatCauseChain(outer)).toBe('Cause chain:\n  1. outer (via Error)\n  2. boom (thrown as a string, not an Error)\n\nStack of cause 1:\nError: outer\n    at x (a.ts:1:1)');
    const a = new Error('a');
    a.stack = '';
    const b = new Error('b', { cause: a });
    b.stack = '';
    (a as { cause?: unknown }).cause = b;
    expect(formatCauseChain(a)).toBe('Cause chain:\n  1. a (via Error)\n  2. b (via Error)');
  });
});
