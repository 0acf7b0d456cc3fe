import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createCodeHighlighter } from '../../../src/markdown/create-code-highlighter.ts';
import CodeBlock from '../../../theme/mdx/code-block.tsx';
import { renderFor } from '../../markdown/render-for.ts';
import { renderToString } from 'react-dom/server';
import { MdxSiteProvider } from '../../../theme/mdx/context.tsx';
import { renderMdx, testSite } from './render-mdx.tsx';

const highlighter = await createCodeHighlighter();
const render = (node: ReactNode) => renderMdx(node, { highlighter });

describe('@theme/CodeBlock', () => {
  it('renders exactly the HTML of a fenced block with the same language, title and marked lines', async () => {
    const code = 'const a = 1;\n// highlight-next-line\nlet b = a + 1;\nexport { b };';
    const markdown = (await renderFor(`\`\`\`js title="server.js" {3}\n${code}\n\`\`\``)).html;
    expect(markdown).toContain('class="c'); // highlighted, not plain
    expect(render(<CodeBlock language="js" title="server.js" metastring="{3}">{code}</CodeBlock>)).toBe(markdown);
    // A trailing newline of the string is dropped, as a fence's is; `className` gives the language too.
    expect(render(<CodeBlock className="language-js" metastring={'title="server.js" {3}'}>{`${code}\n`}</CodeBlock>)).toBe(markdown);
  });

  it('matches plain fences and numbered lines too', async () => {
    expect(render(<CodeBlock>{'plain <text> & more'}</CodeBlock>)).toBe((await renderFor('```\nplain <text> & more\n```')).html);
    expect(render(<CodeBlock language="python" showLineNumbers={3}>{'x = 1\ny = 2'}</CodeBlock>))
      .toBe((await renderFor('```python showLineNumbers=3\nx = 1\ny = 2\n```')).html);
    expect(render(<CodeBlock language="python" showLineNumbers>{'x = 1'}</CodeBlock>)).toContain('<pre class="shiki line-numbers" tabindex="0"><code><span class="line">');
  });

  it('shows element children as they are, in the same frame', () => {
    expect(render(<CodeBlock language="bash"><b>npm</b> start</CodeBlock>)).toBe(
      '<div class="code-block" data-language="bash"><pre class="shiki" tabindex="0"><code><b>npm</b> start</code></pre>' +
        '<span class="code-block-lang">bash</span><button type="button" class="copy-button" aria-label="Copy code" hidden="">Copy</button></div>',
    );
  });

  it('needs the highlighter the MDX renderer provides', () => {
    const bare = () => renderToString(<MdxSiteProvider value={testSite()}><CodeBlock language="js">{'x'}</CodeBlock></MdxSiteProvider>);
    expect(bare).toThrow('Expected an MdxCodeHighlighterProvider around MDX content');
  });
});
