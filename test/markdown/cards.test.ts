import { describe, expect, it } from 'vitest';
import { formatDiagnostics, renderFor } from './render-for.ts';

describe('cards', () => {
  const source = [
    'Pick a starting point.',
    '',
    ':::cards',
    '',
    '- [Quickstart](/quickstart) — Build and register your first Serpent in about *fifteen* minutes.',
    '- [Rules](../rules.md) — Every rule of a standard game.',
    '',
    ':::',
  ].join('\n');

  it('renders a grid of link cards', async () => {
    const { html, diagnostics } = await renderFor(source, { resolveLink: () => '/rules' });
    expect(html).toBe(
      '<p>Pick a starting point.</p>\n' +
        '<div class="cards">' +
        '<a href="/quickstart" class="card"><span class="card-title">Quickstart</span><span class="card-description">Build and register your first Serpent in about <em>fifteen</em> minutes.</span></a>' +
        '<a href="/rules" class="card"><span class="card-title">Rules</span><span class="card-description">Every rule of a standard game.</span></a>' +
        '</div>',
    );
    expect(diagnostics).toEqual([]);
  });

  it('still reports card links, at their source position, for link checking', async () => {
    const { links } = await renderFor(source, { lineOffset: 5, resolveLink: () => '/rules' });
    expect(links).toEqual([
      { url: '/quickstart', raw: '/quickstart', line: 10, column: 3, kind: 'link' },
      { url: '/rules', raw: '../rules.md', line: 11, column: 3, kind: 'link' },
    ]);
  });

  it('warns about items that are not `[Title](url) — description` and keeps them', async () => {
    const result = await renderFor(':::cards\n\n- [Rules](/rules) — Fine.\n- Just text\n\n:::', { lineOffset: 3 });
    expect(result.html).toBe(
      '<div class="cards"><a href="/rules" class="card"><span class="card-title">Rules</span><span class="card-description">Fine.</span></a><div class="card"><p>Just text</p></div></div>',
    );
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:7:1  warning  Expected a card item like `[Title](/url) — description`  markdown/cards',
    ]);
  });
});
