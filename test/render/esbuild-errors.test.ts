import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { toThemeError } from '../../src/render/esbuild-errors.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

describe('toThemeError', () => {
  it("turns esbuild's errors into diagnostics at the theme file's line and 1-based column", async () => {
    const failure = await build({ stdin: { contents: 'export const a = 1;\nexport const b = ;\n', sourcefile: 'theme/x.tsx', loader: 'tsx' }, write: false, logLevel: 'silent' })
      .then(() => { throw new Error('expected the bundle to fail'); }, (e: unknown) => e);
    const error = toThemeError(failure, 'theme') as SitegenError;
    expect(error).toBeInstanceOf(SitegenError);
    expect(error.message).toBe('Cannot bundle the theme');
    expect(error.cause).toBe(failure);
    expect(error.diagnostics).toEqual([{ file: 'theme/x.tsx', line: 2, column: 18, severity: 'error', ruleId: 'theme/bundle', message: 'Cannot bundle the theme: Unexpected ";"' }]);
  });

  it('names the theme when a message has no location, and passes other errors through', () => {
    const error = toThemeError({ errors: [{ text: 'Could not resolve "x"', location: null }] }, 'client bundle') as SitegenError;
    expect(error.diagnostics).toEqual([{ file: 'theme', line: undefined, column: undefined, severity: 'error', ruleId: 'theme/bundle', message: 'Cannot bundle the client bundle: Could not resolve "x"' }]);
    const plain = new Error('disk full');
    expect(toThemeError(plain, 'theme')).toBe(plain);
  });
});
