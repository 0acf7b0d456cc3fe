import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from '../../src/markdown/create-markdown-renderer.ts';
import { createHighlighterThread } from '../../src/markdown/highlighter-thread.ts';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';

const page = [
  '# Code', '',
  '```js title="move.js" {2}', 'export function move(state) {', '  return { move: "up" };', '}', '```', '',
  '```python', 'def move(state):', '    return {"move": "left"}', '```', '',
  '```brainfuck', '++[>+<-]', '```', '',
  '```', 'no language at all', '```', '',
  '$$', 'x^2', '$$', '',
].join('\n');

describe('highlighting code on a thread of its own', () => {
  it('renders exactly what the highlighter on this thread renders', async () => {
    const here = await createMarkdownRenderer();
    const there = await createMarkdownRenderer({ highlightOnThread: true });
    try {
      const input = { source: page, file: 'content/docs/code.md', lineOffset: 2 };
      const [a, b] = [await here(input), await there(input)];
      expect(b).toEqual(a);
      expect(b.html).toContain('class="code-block-title">move.js<');
      expect(b.html).toContain('class="line highlighted"');
      // Pages render concurrently and each gets its own blocks back.
      const sources = Array.from({ length: 40 }, (_, i) => `\`\`\`js\nconst n = ${i};\n\`\`\`\n`);
      const many = await Promise.all(sources.map((source, i) => there({ source, file: `p${i}.md`, lineOffset: 0 })));
      many.forEach((result, i) => expect(result.html).toContain(`> ${i}</span>;`));
    } finally {
      await there.close();
    }
  });

  it('answers unknown languages as plain text, like the highlighter here', async () => {
    const thread = await createHighlighterThread();
    const local = await createCodeHighlighter();
    try {
      expect(await thread.highlight({ code: 'a\nb', lang: 'no-such-language' })).toEqual(local.highlight({ code: 'a\nb', lang: 'text' }));
    } finally {
      await thread.close();
    }
  });

  it('shows code unhighlighted, with a warning, when the thread is gone', async () => {
    const render = await createMarkdownRenderer({ highlightOnThread: true });
    await render.close();
    const result = await render({ source: page, file: 'content/docs/code.md', lineOffset: 2 });
    expect(result.html).toContain('<span class="line">export function move(state) {</span>');
    expect(result.html).toContain('class="line highlighted"');
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.line])).toEqual([
      ['markdown/code-highlight', 'warning', 5], ['markdown/code-highlight', 'warning', 11],
      ['markdown/code-highlight', 'warning', 16], ['markdown/code-highlight', 'warning', 20],
    ]);
    expect(result.diagnostics[0].message).toBe('Cannot highlight code as `js`; showing it as plain text');
  });

  it('stops the thread when a site\'s plugin throws as the processor is set up', async () => {
    // A plugin whose attacher throws (Redux Toolkit's site: a remark plugin missing its compiler
    // options) failed the build, but the thread's port kept the process alive: it never exited.
    const ports = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
    const before = ports();
    const broken = () => {
      throw new Error('not configured');
    };
    await expect(createMarkdownRenderer({ highlightOnThread: true, plugins: { remarkPlugins: [broken] } })).rejects.toThrow('not configured');
    expect(ports()).toBe(before);
  });
});
