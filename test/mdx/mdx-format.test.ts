import { describe, expect, it } from 'vitest';
import { resolveMarkdownFormat } from '../../src/mdx/mdx-format.ts';

// Docusaurus 3's `markdown.format` and front matter `format` (issue 30 item 1).
describe('resolveMarkdownFormat', () => {
  it("'detect' goes by extension; 'mdx' and 'md' apply to every file", () => {
    expect(resolveMarkdownFormat({ file: 'a.mdx', configured: 'detect' })).toBe('mdx');
    expect(resolveMarkdownFormat({ file: 'a.md', configured: 'detect' })).toBe('md');
    expect(resolveMarkdownFormat({ file: 'a.md', configured: 'mdx' })).toBe('mdx');
    expect(resolveMarkdownFormat({ file: 'a.mdx', configured: 'md' })).toBe('md');
  });

  it('the front matter `format` wins over the config', () => {
    expect(resolveMarkdownFormat({ file: 'a.md', configured: 'detect', frontMatter: 'mdx' })).toBe('mdx');
    expect(resolveMarkdownFormat({ file: 'a.md', configured: 'mdx', frontMatter: 'md' })).toBe('md');
    expect(resolveMarkdownFormat({ file: 'a.mdx', configured: 'md', frontMatter: 'detect' })).toBe('mdx');
  });
});
