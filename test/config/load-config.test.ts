import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';

/** The diagnostics `resolveConfig` throws for `raw`, written in `text`, as printed. */
function diagnosticsOf(raw: unknown, text: string): string[] {
  try {
    resolveConfig(raw, { configText: text });
  } catch (error) {
    expect(error).toBeInstanceOf(SitegenError);
    return (error as SitegenError).diagnostics.map(formatDiagnostic);
  }
  throw new Error('the config was accepted');
}

// Issue 28 › 3: a problem's position comes from the config's syntax tree, following the key path.
describe('resolveConfig positions', () => {
  const base = { title: 'T', url: 'https://example.com' };

  it('places `navbar.items[1].to` at the second item\'s `to`, not the first `to:` in the file', () => {
    const text = [
      "import { defineConfig } from 'sitegen';",
      '',
      'export default defineConfig({',
      "  title: 'T', url: 'https://example.com',",
      '  navbar: {',
      '    items: [',
      "      { label: 'A', to: '/a' },",
      "      { label: 'B', to: 3 },",
      '    ],',
      '  },',
      '});',
    ].join('\n');
    expect(diagnosticsOf({ ...base, navbar: { items: [{ label: 'A', to: '/a' }, { label: 'B', to: 3 }] } }, text)).toEqual([
      'site.config.ts:8:21  error  navbar.items[1].to: expected string, got `3`  config/invalid',
    ]);
  });

  it('places an unknown key at that key, past comments and namesakes elsewhere', () => {
    const text = [
      '// blog: { postsPerPag: 1 } was the old setting',
      'const blog = { postsPerPag: 10 };',
      'const config = {',
      "  title: 'T', url: 'https://example.com',",
      "  footer: { blog: 'x' },",
      '  blog,',
      '};',
      'export default config;',
    ].join('\n');
    // `blog` is a shorthand property: its value is the `const blog` declared above.
    expect(diagnosticsOf({ ...base, blog: { postsPerPag: 10 }, footer: { blog: 'x' } }, text)).toEqual([
      'site.config.ts:5:13  error  footer.blog: unknown key  config/invalid',
      'site.config.ts:2:16  error  blog.postsPerPag: unknown key; did you mean `postsPerPage`?  config/invalid',
    ]);
  });

  it('gives no position for a missing key, or for a value computed at run time', () => {
    const text = "const items = makeItems();\nexport default { title: 'T', navbar: { items } };\n";
    expect(diagnosticsOf({ title: 'T', navbar: { items: [{ label: 'B', to: 3 }] } }, text)).toEqual([
      'site.config.ts  error  url: expected string, got nothing  config/invalid',
      'site.config.ts  error  navbar.items[0].to: expected string, got `3`  config/invalid',
    ]);
  });
});
