import { describe, expect, it } from 'vitest';
import { renderFor } from './render-for.ts';

// The stylesheet sets the <pre>'s colours and each token class's (code-colour-classes.ts).
const preOpen = '<pre class="shiki" tabindex="0"><code>';
const copyButton = '<button type="button" class="copy-button" aria-label="Copy code" hidden>Copy</button>';
const keyword = (text: string) => `<span class="c2">${text}</span>`;

describe('code blocks', () => {
  it('highlights with colour classes (default-coloured text bare), with title, marked lines, label and copy button', async () => {
    const { html } = await renderFor('```js title="server.js" {1,3-4}\nlet a;\nlet b;\nb = a;\nexport { b };\n```');
    expect(html).toBe(
      '<div class="code-block" data-language="js"><div class="code-block-title">server.js</div>' +
        preOpen +
        `<span class="line highlighted">${keyword('let')} a;</span>\n` +
        `<span class="line">${keyword('let')} b;</span>\n` +
        `<span class="line highlighted">b${keyword(' =')} a;</span>\n` +
        `<span class="line highlighted">${keyword('export')} { b };</span>` +
        `</code></pre><span class="code-block-lang">js</span>${copyButton}</div>`,
    );
  });

  /** Texts of a block's lines, with a `>` before each highlighted one. */
  const markedLines = (html: string) => [...html.matchAll(/<span class="line( highlighted)?">(.*?)<\/span>(?=\n|<\/code>)/g)]
    .map((m) => `${m[1] ? '>' : ' '}${m[2].replace(/<[^>]+>/g, '').replace(/&#x3C;|&lt;/g, '<').replace(/&gt;/g, '>')}`);

  it('removes magic comments and highlights their lines, in every comment style', async () => {
    const cases: [string, string][] = [
      ['js', 'let a;\n// highlight-next-line\nlet b;\n/* highlight-start */\nlet c;\nlet d;\n/* highlight-end */\nlet e;'],
      ['jsx', '<A />\n{/* highlight-next-line */}\n<B />\n<C />'],
      ['python', 'a = 1\n# highlight-start\nb = 2\n# highlight-end\nc = 3'],
      ['html', '<p>a</p>\n<!-- highlight-next-line -->\n<p>b</p>'],
      ['sql', 'SELECT 1;\n-- highlight-next-line\nSELECT 2;'],
    ];
    const expected: Record<string, string[]> = {
      js: [' let a;', '>let b;', '>let c;', '>let d;', ' let e;'],
      jsx: [' <A />', '><B />', ' <C />'],
      python: [' a = 1', '>b = 2', ' c = 3'],
      html: [' <p>a</p>', '><p>b</p>'],
      sql: [' SELECT 1;', '>SELECT 2;'],
    };
    for (const [lang, code] of cases) {
      const { html, diagnostics } = await renderFor(`\`\`\`${lang}\n${code}\n\`\`\``);
      expect(html, lang).not.toContain('highlight-');
      expect(markedLines(html), lang).toEqual(expected[lang]);
      expect(diagnostics, lang).toEqual([]);
    }
    // Together with the meta's ranges.
    const { html } = await renderFor('```js {1}\nlet a;\n// highlight-next-line\nlet b;\nlet c;\n```');
    expect(markedLines(html)).toEqual(['>let a;', '>let b;', ' let c;']);
  });

  it('warns about an unclosed highlight-start, at its line', async () => {
    const result = await renderFor('Intro.\n\n```js\nlet a;\n// highlight-start\nlet b;\n```', { lineOffset: 2 });
    expect(result.diagnostics.map((d) => `${d.line}  ${d.ruleId}  ${d.message}`)).toEqual([
      '7  markdown/magic-comment  Expected a `highlight-end` after this `highlight-start`; the range runs to the end of the block',
    ]);
    expect(markedLines(result.html)).toEqual([' let a;', '>let b;']);
  });

  it('accepts single-quoted and bare titles', async () => {
    const { html } = await renderFor("```ts title='my file.ts'\nlet x;\n```\n\n```yaml title=config.yml\na: 1\n```");
    expect(html).toContain('<div class="code-block-title">my file.ts</div>');
    expect(html).toContain('<div class="code-block-title">config.yml</div>');
  });

  it('numbers lines with `showLineNumbers`, from the number given after `=`', async () => {
    const { html } = await renderFor('```text showLineNumbers\na\n```\n\n```text title="x" showLineNumbers=7 {1}\nb\n```\n\n```text showLineNumbersX\nc\n```');
    expect(html).toContain('<pre class="shiki line-numbers" tabindex="0"><code><span class="line">a</span>');
    expect(html).toContain('<pre class="shiki line-numbers" tabindex="0"><code style="counter-reset:line 6"><span class="line highlighted">b</span>');
    expect(html).toContain(`${preOpen}<span class="line">c</span>`);
  });

  it('shows an unknown language as escaped plain text and still labels it', async () => {
    const { html, diagnostics } = await renderFor('```brainfuck\n<+>&\n```');
    expect(html).toBe(
      '<div class="code-block" data-language="brainfuck">' +
        preOpen +
        '<span class="line">&#x3C;+>&#x26;</span></code></pre>' +
        `<span class="code-block-lang">brainfuck</span>${copyButton}</div>`,
    );
    expect(diagnostics).toEqual([]);
  });

  it('renders a fence without language as text without a label', async () => {
    const { html } = await renderFor('```\nplain\n```');
    expect(html).toBe(
      `<div class="code-block" data-language="text">${preOpen}<span class="line">plain</span></code></pre>${copyButton}</div>`,
    );
  });

  it.each(['js', 'ts', 'jsx', 'tsx', 'json', 'jsonc', 'python', 'go', 'rust', 'bash', 'shell', 'yaml', 'toml', 'http', 'text', 'java', 'csharp', 'kotlin', 'ruby', 'php', 'elixir', 'swift', 'c', 'diff'])(
    'knows the `%s` language from the content guide',
    async (lang) => {
      // Default-coloured text has no class, so each language needs a line with a coloured token.
      const code = { http: 'GET /moves HTTP/1.1', diff: '+x = "y"' }[lang] ?? 'x = "y"';
      const { html } = await renderFor(`\`\`\`${lang}\n${code}\n\`\`\``);
      expect(html).toContain(`data-language="${lang}"`);
      if (lang !== 'text') expect(html).toMatch(/<span class="c\d+">/);
    },
  );

  it('counts no words inside code', async () => {
    const { wordCount } = await renderFor('Two words\n\n```js\nconst many = ["words", "here"];\n```');
    expect(wordCount).toBe(2);
  });
});
