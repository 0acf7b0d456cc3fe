import { describe, expect, it } from 'vitest';
import { preprocessAdmonitionTitles } from '../../src/markdown/preprocess-admonition-titles.ts';
import { formatDiagnostics, renderFor } from './render-for.ts';

/** The heading row; its icon is an empty span the theme's stylesheet draws (test/theme/icons.test.ts). */
const headingOf = (html: string) =>
  [...html.matchAll(/<aside class="([^"]+)" role="note" aria-label="([^"]+)"><p class="admonition-heading"><span class="admonition-icon" aria-hidden="true"><\/span>(.*?)<\/p>/g)].map(
    ([, className, label, title]) => ({ className, label, title }),
  );

describe('admonitions', () => {
  it('renders every type with its default title', async () => {
    const types = ['note', 'tip', 'info', 'warning', 'caution', 'danger'];
    const { html, diagnostics } = await renderFor(types.map((type) => `:::${type}\n\nBody of ${type}.\n\n:::`).join('\n\n'));
    expect(headingOf(html)).toEqual([
      { className: 'admonition admonition-note', label: 'Note', title: 'Note' },
      { className: 'admonition admonition-tip', label: 'Tip', title: 'Tip' },
      { className: 'admonition admonition-info', label: 'Info', title: 'Info' },
      { className: 'admonition admonition-warning', label: 'Warning', title: 'Warning' },
      { className: 'admonition admonition-caution', label: 'Caution', title: 'Caution' },
      { className: 'admonition admonition-danger', label: 'Danger', title: 'Danger' },
    ]);
    expect(html).toContain('<div class="admonition-content"><p>Body of danger.</p></div></aside>');
    expect(diagnostics).toEqual([]);
  });

  it("renders Docusaurus 3's older keywords secondary, important and success, titles after the name too", async () => {
    const { html, diagnostics } = await renderFor(
      ':::secondary\n\nSpare wicks.\n\n:::\n\n:::important Before winter\n\nOrder oil.\n\n:::\n\n:::success[All *night*]\n\nStill lit.\n\n:::',
    );
    expect(headingOf(html)).toEqual([
      { className: 'admonition admonition-secondary', label: 'Secondary', title: 'Secondary' },
      { className: 'admonition admonition-important', label: 'Important', title: 'Before winter' },
      { className: 'admonition admonition-success', label: 'Success', title: 'All <em>night</em>' },
    ]);
    expect(html).toContain('<div class="admonition-content"><p>Order oil.</p></div></aside>');
    expect(diagnostics).toEqual([]);
  });

  it('renders the exact markup, icon included', async () => {
    const { html } = await renderFor(':::note\n\nPlain.\n\n:::');
    expect(html).toBe(
      '<aside class="admonition admonition-note" role="note" aria-label="Note"><p class="admonition-heading">' +
        '<span class="admonition-icon" aria-hidden="true"></span>' +
        'Note</p><div class="admonition-content"><p>Plain.</p></div></aside>',
    );
  });

  it('takes a title after the name (Docusaurus style) or in brackets, with inline markup', async () => {
    const { html } = await renderFor(
      ':::tip Keep it warm\n\nA.\n\n:::\n\n:::warning[Look *out*]\n\nB.\n\n:::\n\n:::info See [the rules](/rules) first\n\nC.\n\n:::',
    );
    expect(headingOf(html)).toEqual([
      { className: 'admonition admonition-tip', label: 'Tip', title: 'Keep it warm' },
      { className: 'admonition admonition-warning', label: 'Warning', title: 'Look <em>out</em>' },
      { className: 'admonition admonition-info', label: 'Info', title: 'See <a href="/rules">the rules</a> first' },
    ]);
  });

  it('keeps lists, code blocks and nested admonitions inside the body', async () => {
    const source = [
      '::::caution Outer',
      '',
      '1. one',
      '2. two',
      '',
      '```bash',
      'serpent play',
      '```',
      '',
      ':::tip',
      'Inner',
      ':::',
      '',
      '::::',
    ].join('\n');
    const { html } = await renderFor(source);
    expect(headingOf(html).map(({ title }) => title)).toEqual(['Outer', 'Tip']);
    expect(html).toMatch(/<div class="admonition-content"><ol>\n<li>one<\/li>\n<li>two<\/li>\n<\/ol><div class="code-block" data-language="bash">/);
    expect(html).toContain('<div class="admonition-content"><p>Inner</p></div></aside></div></aside>');
  });

  it('reports links in a title at their place in the file', async () => {
    const { links } = await renderFor('Intro.\n\n:::info See [the rules](/rules) first\n\nC.\n\n:::', { lineOffset: 4 });
    expect(links).toEqual([{ url: '/rules', raw: '/rules', line: 7, column: 13, kind: 'link' }]);
  });

  it('warns about an unknown container and keeps its content', async () => {
    const result = await renderFor('Intro.\n\n:::spoiler[Hidden]\n\nSecret.\n\n:::', { lineOffset: 2 });
    expect(result.html).toBe('<p>Intro.</p>\n<p>:::spoiler[Hidden]</p>\n<p>Secret.</p>\n<p>:::</p>');
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:5:1  warning  Cannot find container directive `:::spoiler`; its content is shown as written  markdown/unknown-directive',
    ]);
  });
});

describe('preprocessAdmonitionTitles', () => {
  it('rewrites titles in place and keeps the line count', () => {
    const source = ':::tip Keep it warm\n\nBody\n\n:::\n\n  :::note  Indented title  \n> :::danger Quoted';
    expect(preprocessAdmonitionTitles(source)).toBe(
      ':::tip[Keep it warm]\n\nBody\n\n:::\n\n  :::note[Indented title]\n> :::danger[Quoted]',
    );
  });

  it('leaves fenced code, bracket titles, attributes and other names alone', () => {
    const source = [
      '````md',
      ':::tip Not a title',
      '```',
      ':::tip Still code',
      '````',
      ':::tip[Already]',
      ':::note{.x}',
      ':::details Summary',
      '~~~',
      ':::info Tilde fence',
      '~~~',
    ].join('\n');
    expect(preprocessAdmonitionTitles(source)).toBe(source);
  });
});
