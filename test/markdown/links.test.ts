import { describe, expect, it } from 'vitest';
import { formatDiagnostics, renderFor } from './render-for.ts';

// A page as it sits on disk: four lines of front matter, then the body the renderer gets.
const frontMatter = '---\ntitle: Rules\ndescription: How a turn works.\n---\n';
const body = [
  'Read [the food rules](../rules.md#food) and [the board](/api/objects/board#coordinates).',
  '',
  '- Also [a missing page](./nowhere.md), [the top](#top) and <https://example.com>.',
  '- Mail [us](mailto:team@serpentarena.dev) or see [the play site](https://play.serpentarena.dev).',
  '',
  '![A board](./images/board.png)',
  '',
  '![Missing](../img/missing.png)',
].join('\n');

const routes: Record<string, string> = { '../rules.md#food': '/rules#food' };
const assets: Record<string, string> = { './images/board.png': '/assets/board-1a2b.png' };
const renderPage = () =>
  renderFor(body, {
    file: 'content/docs/api/intro.md',
    lineOffset: 4,
    resolveLink: (url) => routes[url],
    resolveAsset: (url) => assets[url],
  });

/** 1-based line and column of `needle` in the whole file, to cross-check reported positions. */
function positionInFile(needle: string): { line: number; column: number } {
  const before = (frontMatter + body).slice(0, (frontMatter + body).indexOf(needle));
  const lines = before.split('\n');
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

describe('links and images', () => {
  it('records internal links and images at their place in the file, after the front matter', async () => {
    const { links } = await renderPage();
    expect(links).toEqual([
      { url: '/rules#food', raw: '../rules.md#food', line: 5, column: 6, kind: 'link' },
      { url: '/api/objects/board#coordinates', raw: '/api/objects/board#coordinates', line: 5, column: 45, kind: 'link' },
      { url: './nowhere.md', raw: './nowhere.md', line: 7, column: 8, kind: 'link' },
      { url: '#top', raw: '#top', line: 7, column: 40, kind: 'link' },
      { url: '/assets/board-1a2b.png', raw: './images/board.png', line: 10, column: 1, kind: 'image' },
      { url: '../img/missing.png', raw: '../img/missing.png', line: 12, column: 1, kind: 'image' },
    ]);
    expect(positionInFile('[the food rules]')).toEqual({ line: 5, column: 6 });
    expect(positionInFile('[the board]')).toEqual({ line: 5, column: 45 });
    expect(positionInFile('[a missing page]')).toEqual({ line: 7, column: 8 });
    expect(positionInFile('![Missing]')).toEqual({ line: 12, column: 1 });
  });

  it('rewrites .md links and image paths through the resolvers', async () => {
    const { html } = await renderPage();
    expect(html).toContain('<a href="/rules#food">the food rules</a>');
    expect(html).toContain('<a href="./nowhere.md">a missing page</a>');
    expect(html).toContain('<img src="/assets/board-1a2b.png" alt="A board" loading="lazy" decoding="async">');
  });

  it('reports an unresolvable .md link (warning) and a missing image (error) with exact positions', async () => {
    expect(formatDiagnostics(await renderPage())).toEqual([
      'content/docs/api/intro.md:7:8  warning  Cannot resolve Markdown link `./nowhere.md`  links/markdown-link',
      'content/docs/api/intro.md:12:1  error  Cannot find image `../img/missing.png`  links/missing-image',
    ]);
  });

  it('marks external links rel="noopener noreferrer" and leaves target alone', async () => {
    const { html } = await renderPage();
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">https://example.com</a>');
    expect(html).toContain('<a href="https://play.serpentarena.dev" rel="noopener noreferrer">the play site</a>');
    expect(html).toContain('<a href="mailto:team@serpentarena.dev">us</a>');
    expect(html).not.toContain('target=');
  });

  it('wraps a titled image alone in its paragraph in a figure', async () => {
    const { html } = await renderFor('![Board](/img/b.png "Turn 12 of the final")\n\nInline ![x](/img/x.png "t") stays.');
    expect(html).toBe(
      '<figure><img src="/img/b.png" alt="Board" loading="lazy" decoding="async"><figcaption>Turn 12 of the final</figcaption></figure>\n' +
        '<p>Inline <img src="/img/x.png" alt="x" title="t" loading="lazy" decoding="async"> stays.</p>',
    );
  });

  it('passes decoded URLs to the resolvers', async () => {
    const seen: string[] = [];
    await renderFor('[a](./my%20page.md) [b](<./other page.md#Größe>)', { resolveLink: (url) => (seen.push(url), '/x') });
    expect(seen).toEqual(['./my page.md', './other page.md#Größe']);
  });

  it('reads links in raw HTML with a parser, at their tags', async () => {
    const source = [
      'Intro.',
      '',
      '<div class="box">',
      '  <p>See <a href="/rules">the rules</a> and <a HREF=\'/faq\'>the FAQ</a>.</p>',
      '  <!-- <a href="/in-a-comment">no link</a> -->',
      '  <script>const a = \'<a href="/in-a-script">\';</script>',
      '</div>',
      '',
      'Inline <a href="/inline">here</a>.',
    ].join('\n');
    const { links } = await renderFor(source, { lineOffset: 2 });
    expect(links.map(({ url, line, column }) => ({ url, line, column }))).toEqual([
      { url: '/rules', line: 6, column: 10 },
      { url: '/faq', line: 6, column: 45 },
      { url: '/inline', line: 11, column: 8 },
    ]);
  });

  it('finishes on raw HTML full of unclosed `<a ` tags (the pattern it replaces was quadratic)', async () => {
    // As a browser reads it: one `<a>` whose `href` is empty (a link to the page itself).
    const { links } = await renderFor(`<div>\n${'<a href '.repeat(20_000)}\n</div>`);
    expect(links.map((l) => l.url)).toEqual(['']);
  });

  it('drops `javascript:`, `vbscript:` and `data:` link URLs, with a warning at the link', async () => {
    const source = '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) [c](vbscript:msgbox) [d](data:text/html;base64,PHNjcmlwdD4=) [e](mailto:x@y.z)';
    const result = await renderFor(source, { lineOffset: 1 });
    expect(result.html).toBe('<p><a>a</a> <a>b</a> <a>c</a> <a>d</a> <a href="mailto:x@y.z">e</a></p>');
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:2:1  warning  Cannot link to `javascript:alert(1)`: `javascript:` URLs are not allowed in Markdown links; the link is dropped  links/unsafe-url',
      'content/docs/page.md:2:26  warning  Cannot link to `JaVaScRiPt:alert(2)`: `javascript:` URLs are not allowed in Markdown links; the link is dropped  links/unsafe-url',
      'content/docs/page.md:2:51  warning  Cannot link to `vbscript:msgbox`: `vbscript:` URLs are not allowed in Markdown links; the link is dropped  links/unsafe-url',
      'content/docs/page.md:2:72  warning  Cannot link to `data:text/html;base64,PHNjcmlwdD4=`: `data:` URLs are not allowed in Markdown links; the link is dropped  links/unsafe-url',
    ]);
    expect(result.diagnostics[0].hint).toBe('Link to a page of the site or to an `https:` URL.');
  });
});
