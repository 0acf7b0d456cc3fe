import { describe, expect, it } from 'vitest';
import { checkLinks, type LinkedPage } from '../../src/links/check-links.ts';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';

function page(route: string, options: Partial<LinkedPage> = {}): LinkedPage {
  return { route, source: `content/docs${route === '/' ? '/index' : route}.md`, hrefs: [], ids: new Set(), ...options };
}

function check(pages: LinkedPage[], configText?: string): string[] {
  return checkLinks({ pages, files: new Set(['/img/logo.svg']), severity: 'error', configText }).map(formatDiagnostic);
}

describe('checkLinks', () => {
  const guide = page('/guide/setup', { ids: new Set(['install', 'configure']) });

  it('reports a missing page at its Markdown position with a suggestion', () => {
    const intro = page('/guide/intro', {
      hrefs: ['/guid/setup'],
      sourceLinks: [{ url: '/guid/setup', raw: '/guid/setup', line: 14, column: 3, kind: 'link' }],
    });
    expect(check([intro, guide])).toEqual([
      'content/docs/guide/intro.md:14:3  error  Cannot find page `/guid/setup`; did you mean `/guide/setup`?  links/missing-page\n'
      + '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });

  it('reports a missing anchor on another page and on the same page', () => {
    const intro = page('/guide/intro', {
      hrefs: ['/guide/setup#instal', '#nowhere', '/guide/setup#configure'],
      ids: new Set(['here']),
      sourceLinks: [
        { url: '/guide/setup#instal', raw: './setup.md#instal', line: 3, column: 1, kind: 'link' },
        { url: '#nowhere', raw: '#nowhere', line: 5, column: 7, kind: 'link' },
      ],
    });
    expect(check([intro, guide])).toEqual([
      'content/docs/guide/intro.md:3:1  error  Cannot find heading `#instal` on page `/guide/setup`; did you mean `#install`?  links/missing-anchor',
      'content/docs/guide/intro.md:5:7  error  Cannot find heading `#nowhere`  links/missing-anchor',
    ]);
  });

  it('accepts files, relative links, clean-URL variants, empty fragments and external links', () => {
    const intro = page('/guide/intro', { hrefs: ['/img/logo.svg', 'setup#install', '/guide/setup.html', '/guide/setup/', '/guide/setup#', 'https://x.dev/nope', 'mailto:a@b.c'] });
    expect(check([intro, guide])).toEqual([]);
  });

  it('points config links at their line in site.config.ts', () => {
    const home = page('/', { hrefs: ['/blgo'], source: 'theme' });
    const configText = "export default defineConfig({\n  navbar: {\n    items: [{ label: 'Blog', to: '/blgo' }],\n  },\n});\n";
    expect(check([home, page('/blog')], configText)).toEqual([
      'site.config.ts:3:34  error  Cannot find page `/blgo`; did you mean `/blog`?  links/missing-page\n'
      + '  hint: Fix the link, or set `onBrokenLinks` in site.config.ts.',
    ]);
  });
});
