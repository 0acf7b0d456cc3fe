import { describe, expect, it } from 'vitest';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import { compileMdxPage, createMdxCompiler, type MdxCompiler } from '../../src/mdx/create-mdx-compiler.ts';

// The MDX compiler on its own (no bundle, no React): one body in, the program and what the
// Markdown phase records out, through the same plugins as Markdown (content-preset.ts).

let compiler: Promise<MdxCompiler> | undefined;
const compile: MdxCompiler = async (input) => {
  compiler ??= createCodeHighlighter().then((highlighter) => createMdxCompiler({ highlighter, math: true }));
  return (await compiler)(input);
};

const body = [
  "import Counter from './counter';",
  '',
  '# Title',
  '',
  '## Rules {#the-rules}',
  '',
  'Intro with [a link](./other.md) and <Counter to="/x" />.',
  '',
  '<!-- truncate -->',
  '',
  '```js',
  'let a;',
  '```',
  '',
  ':::cards',
  'Not a list.',
  ':::',
  '',
].join('\n');
const resolveLink = (url: string) => (url === './other.md' ? '/docs/other' : undefined);

describe('createMdxCompiler', () => {
  it('compiles a page to a program with Docusaurus\'s `toc` export, its static blocks as placeholders', async () => {
    const page = await compile({ source: body, file: 'content/docs/page.mdx', lineOffset: 2, resolveLink });
    expect(page.statics.nonce).toMatch(/^sgstatic[0-9a-f]{12}n$/);
    expect(page.statics.html).toEqual([
      '<h1 id="title">Title</h1>',
      '<h2 id="the-rules">Rules<a class="hash-link" href="#the-rules" aria-label="Direct link to Rules">#</a></h2>',
      expect.stringMatching(/^<div class="code-block" data-language="js"><pre class="shiki" tabindex="0"><code>.*let.*<\/div>$/),
      '<div class="cards"><p>Not a list.</p></div>',
    ]);
    const code = page.code!;
    expect(code).toContain('export default function MDXContent');
    expect(code).toContain(`"${page.statics.nonce}2x"`);
    expect(code).not.toContain('code-block');
    expect(code).toContain('href: "/docs/other"');
    expect(code.endsWith('\nexport const toc = [{"value":"Rules","id":"the-rules","level":2}];\n')).toBe(true);
  });

  it('records the TOC, links at their file positions, words, description, elements and the excerpt\'s end', async () => {
    const page = await compile({ source: body, file: 'content/docs/page.mdx', lineOffset: 2, resolveLink });
    expect(page.toc).toEqual([{ depth: 2, id: 'the-rules', html: 'Rules' }]);
    expect(page.links).toEqual([{ url: '/docs/other', raw: './other.md', line: 9, column: 12, kind: 'link' }]);
    expect(page.description).toBe('Intro with a link and .');
    expect(page.elements).toEqual([{ name: 'Counter', line: 7, column: 37 }]);
    expect(page.jsxLinks).toEqual([{ value: '/x', line: 7, column: 37 }]);
    // MDX 1 compatibility: `{#id}` escaped, the HTML comment an MDX one of the same length.
    expect(page.preprocessed).toBe(body.replace('{#the-rules}', '\\{#the-rules\\}').replace('<!-- truncate -->', '{/*  truncate  */}'));
    expect(page.preprocessed.slice(0, page.truncateOffset)).toBe(page.preprocessed.split('{/*')[0]);
    expect(page.islands).toBeUndefined();
    // The shared plugins' diagnostics, past the front matter.
    expect(page.diagnostics).toEqual([{
      file: 'content/docs/page.mdx', line: 18, column: 1, severity: 'warning', ruleId: 'markdown/cards',
      message: 'Expected a list of `[Title](url) — description` items inside `:::cards`',
    }]);
  });

  it('finds island candidates only when asked, and keeps a partial\'s blocks in its program', async () => {
    const page = await compile({ source: body, file: 'content/docs/page.mdx', lineOffset: 0, islands: true });
    expect(page.islands?.candidates.map((c) => c.source)).toEqual(['<Counter to="/x" />']);
    const partial = await compile({ source: body, file: 'content/docs/_part.mdx', lineOffset: 0, partial: true });
    expect(partial.statics.html).toEqual([]);
    expect(partial.code).toContain('code-block');
  });

  it('leaves out the `toc` export when the page has its own', async () => {
    const page = await compile({ source: 'export const toc = [];\n\n## A\n', file: 'content/docs/own.mdx', lineOffset: 0 });
    expect(page.code!.match(/export const toc/g)).toHaveLength(1);
  });

  it('reports a body that does not parse at the position of the problem, past the front matter', async () => {
    const unclosed = await compile({ source: 'Text\n\n<Counter>\n\nmore\n', file: 'content/docs/bad.mdx', lineOffset: 4 });
    expect(unclosed.code).toBeUndefined();
    expect(unclosed.diagnostics).toEqual([{
      file: 'content/docs/bad.mdx', line: 7, column: 1, severity: 'error', ruleId: 'mdx/syntax',
      message: 'Cannot parse MDX: Expected a closing tag for `<Counter>`',
      hint: 'Fix the JSX or expression at this position; in MDX, `<` and `{` start JSX and expressions: write `\\<` and `\\{` for the characters themselves.',
    }]);
    const mismatched = await compile({ source: '<A>\n\n</B>\n', file: 'content/docs/bad.mdx', lineOffset: 4 });
    expect(mismatched.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([[7, 1, 'Cannot parse MDX: Unexpected closing tag `</B>`, expected corresponding closing tag for `<A>`']]);
  });

  it('reports a plugin that throws at the file, as a problem of sitegen or the plugin', async () => {
    const highlighter = await createCodeHighlighter();
    const broken = createMdxCompiler({ highlighter, plugins: { remarkPlugins: [() => () => { throw new Error('plugin broke'); }] } });
    const page = await broken({ source: 'Text.\n', file: 'content/docs/any.mdx', lineOffset: 0 });
    expect(page.diagnostics).toEqual([{
      file: 'content/docs/any.mdx', severity: 'error', ruleId: 'mdx/compile', message: 'Cannot compile MDX: plugin broke',
      hint: 'This is a problem in sitegen or a Markdown plugin rather than in the file; simplify the file to find what triggers it, and report it.',
    }]);
  });
});

describe('a site plugin that fails at a place', () => {
  // Issue 39 (Redux's remark-typescript-tools type-checks code blocks): not an MDX syntax error.
  it('is reported as the plugin\'s problem at that place, and the plugin sees the file\'s absolute path', async () => {
    const highlighter = await createCodeHighlighter();
    let seen = '';
    const typecheck = () => (tree: { children: { position?: unknown }[] }, file: { path: string; fail: (reason: string, options: object) => never }) => {
      seen = file.path;
      file.fail('Cannot find module \'./store\'', { place: tree.children[1].position, source: 'remark-typescript-tools' });
    };
    const compile = createMdxCompiler({ highlighter, root: '/sites/burrow', plugins: { remarkPlugins: [typecheck] } });
    const page = await compile({ source: 'Text.\n\n```ts\nimport x from \'./store\';\n```\n', file: 'docs/usage.mdx', lineOffset: 2 });
    expect(seen).toBe('/sites/burrow/docs/usage.mdx');
    expect(page.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      'docs/usage.mdx:5:1 markdown/plugin The Markdown plugin `remark-typescript-tools` failed here: Cannot find module \'./store\'',
    ]);
  });
});

describe('compileMdxPage', () => {
  it('compiles the excerpt alone, from the body up to the truncate marker, without islands', async () => {
    const { page, excerpt } = await compileMdxPage(compile, { source: body, file: 'content/blog/post.mdx', lineOffset: 0, islands: true });
    expect(page.islands?.candidates).toHaveLength(1);
    expect(excerpt?.preprocessed).toBe(page.preprocessed.slice(0, page.truncateOffset));
    expect(excerpt?.islands).toBeUndefined();
    expect(excerpt?.toc).toEqual(page.toc);
    expect(excerpt?.code).not.toContain('code-block');
    expect(excerpt?.statics.html.join('')).not.toContain('code-block');
  });

  it('has no excerpt without a marker, or when the page does not compile', async () => {
    expect(await compileMdxPage(compile, { source: 'No marker.\n', file: 'content/blog/a.mdx', lineOffset: 0 })).not.toHaveProperty('excerpt');
    expect(await compileMdxPage(compile, { source: '<A>\n\n{/* truncate */}\n', file: 'content/blog/b.mdx', lineOffset: 0 })).not.toHaveProperty('excerpt');
  });
});
