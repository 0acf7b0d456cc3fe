import { describe, expect, it } from 'vitest';
import { checkLinks, type LinkedPage } from '../../src/links/check-links.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';

const page = (route: string, hrefs: string[] = []): LinkedPage => ({ route, source: 'theme', hrefs, ids: new Set() });

// Issue 28 › 3: a broken link of the config is placed at the string the config writes it as,
// found in the config's syntax tree: a comment or a longer string holding the same text is not it.
describe('checkLinks: links from site.config.ts', () => {
  it('places a navbar link at its string literal, past comments and longer strings', () => {
    const configText = [
      'export default defineConfig({',
      "  // The blog moved from '/blgo' (a typo) to '/blog'.",
      "  tagline: 'Read /blgo',",
      '  navbar: {',
      "    items: [{ label: 'Blog', to: \"/blgo\" }],",
      '  },',
      '});',
    ].join('\n');
    const diagnostics = checkLinks({ pages: [page('/', ['/blgo']), page('/blog')], files: new Set(), severity: 'error', configText });
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'site.config.ts:5:34  error  Cannot find page `/blgo`; did you mean `/blog`?  links/missing-page\n'
      + '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });

  it('reports at the page when the config does not write the link', () => {
    const configText = "export default { navbar: { items: [{ to: '/docs' }] } };\n// '/gone'\n";
    expect(checkLinks({ pages: [page('/', ['/gone'])], files: new Set(), severity: 'warning', configText }).map(formatDiagnostic)).toEqual([
      'page /  warning  Cannot find page `/gone`  links/missing-page\n  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });
});
