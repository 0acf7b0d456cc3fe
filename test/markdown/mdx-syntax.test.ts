import { describe, expect, it } from 'vitest';
import { formatDiagnostics, renderFor } from './render-for.ts';

// Issue 13: MDX inside a `.md` file was published as raw text and unknown elements.

const page = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  'Pick your language:',
  '',
  '<Tabs>',
  '  <TabItem value="js" label="JavaScript">',
  '',
  'Run `npm start`.',
  '',
  '  </TabItem>',
  '</Tabs>',
  '',
  '{/* a note for editors */}',
  '',
  'Inline <Highlight color="#25c2a0">highlighted</Highlight> words and <kbd>Ctrl</kbd>.',
  '',
  '```jsx',
  "import Tabs from '@theme/Tabs';",
  '<Tabs><TabItem value="a">A</TabItem></Tabs>',
  '```',
  '',
  'And `<Tabs>` in inline code.',
].join('\n');

describe('MDX syntax in Markdown', () => {
  it('leaves out import/export lines, JSX tags and JSX comments, keeps their Markdown, and reports the file once', async () => {
    const result = await renderFor(page, { lineOffset: 2 });
    expect(formatDiagnostics(result)).toEqual([
      "content/docs/page.md:3:1  warning  Cannot build MDX in a Markdown file: `import Tabs from '@theme/Tabs';` (and 5 more) was left out: the file is read as Markdown; name it `.mdx`, or set `markdown.format: 'mdx'` (Docusaurus 3's default), to build it as MDX  markdown/mdx-syntax",
    ]);
    const html = result.html;
    expect(html).not.toMatch(/import Tabs from '@theme\/Tabs';\s*import TabItem/);
    expect(html).not.toMatch(/<\/?(Tabs|TabItem|Highlight)\b/i);
    expect(html).not.toContain('a note for editors');
    expect(html).toContain('<p>Run <code>npm start</code>.</p>');
    expect(html).toContain('Inline highlighted words and <kbd>Ctrl</kbd>.');
    expect(html).toContain('<kbd>Ctrl</kbd>');
    // Code is code: the fenced block and the inline code keep their text.
    expect(html).toContain('@theme/Tabs');
    expect(html).toContain('<code>&#x3C;Tabs></code>');
  });

  it('reports nothing for plain Markdown, raw lower-case HTML and the truncate marker', async () => {
    const result = await renderFor('Intro.\n\n{/* truncate */}\n\n<details><summary>More</summary>\n\nText.\n\n</details>\n\nExport your data as CSV.');
    expect(result.diagnostics).toEqual([]);
    expect(result.html).toContain('<details>');
    expect(result.html).toContain('Export your data as CSV.');
  });
});
