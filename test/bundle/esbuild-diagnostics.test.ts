import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleError, esbuildDiagnostic } from '../../src/bundle/esbuild-diagnostics.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

const theme = (what: string) => ({ what, ruleId: 'theme/bundle', root: '/site', fallbackFile: 'theme' });

describe('bundleError', () => {
  it("turns esbuild's errors into diagnostics at the theme file's line and 1-based column", async () => {
    const failure = await build({ stdin: { contents: 'export const a = 1;\nexport const b = ;\n', sourcefile: 'theme/x.tsx', loader: 'tsx' }, write: false, logLevel: 'silent' })
      .then(() => { throw new Error('expected the bundle to fail'); }, (e: unknown) => e);
    const error = bundleError(failure, theme('the theme')) as SitegenError;
    expect(error).toBeInstanceOf(SitegenError);
    expect(error.message).toBe('Cannot bundle the theme');
    expect(error.cause).toBe(failure);
    expect(error.diagnostics).toEqual([{ file: 'theme/x.tsx', line: 2, column: 18, severity: 'error', ruleId: 'theme/bundle', message: 'Cannot bundle the theme: Unexpected ";"' }]);
  });

  it('names the theme when a message has no location, and passes other errors through', () => {
    const error = bundleError({ errors: [{ text: 'Could not resolve "x"', location: null }] }, theme('the client bundle')) as SitegenError;
    expect(error.diagnostics).toEqual([{ file: 'theme', line: undefined, column: undefined, severity: 'error', ruleId: 'theme/bundle', message: 'Cannot bundle the client bundle: Could not resolve "x"' }]);
    const plain = new Error('disk full');
    expect(bundleError(plain, theme('the theme'))).toBe(plain);
  });
});

describe('esbuildDiagnostic', () => {
  it('names a module of a bundle\'s own namespace by its file, relative to the root', () => {
    const location = { file: 'sitegen-mdx-page:/site/content/docs/a.mdx', namespace: 'sitegen-mdx-page', line: 3, column: 4, length: 1, lineText: '', suggestion: '' };
    expect(esbuildDiagnostic({ id: '', pluginName: '', text: 'Unexpected "<"', location, notes: [], detail: undefined }, { what: 'the MDX pages', ruleId: 'mdx/bundle', root: '/site', fallbackFile: 'sitegen-mdx-entry.js' }))
      .toEqual({ file: 'content/docs/a.mdx', line: 3, column: 5, severity: 'error', ruleId: 'mdx/bundle', message: 'Cannot bundle the MDX pages: Unexpected "<"' });
  });
});
