import { describe, expect, it } from 'vitest';
import { renderFor } from './render-for.ts';

describe('directive fallback', () => {
  it.each([
    ['Time 10:30', '<p>Time 10:30</p>'],
    ['key:value', '<p>key:value</p>'],
    ['std::vector', '<p>std::vector</p>'],
    ['See http://x', '<p>See <a href="http://x" rel="noopener noreferrer">http://x</a></p>'],
    ['a:b[c]{d=1} and :smile: too', '<p>a:b[c]{d=1} and :smile: too</p>'],
    ['Use `a:b` or **x:y**', '<p>Use <code>a:b</code> or <strong>x:y</strong></p>'],
    ['::leaf{#x}', '<p>::leaf{#x}</p>'],
  ])('keeps %j as written', async (source, expected) => {
    const { html, diagnostics } = await renderFor(source);
    expect(html).toBe(expected);
    expect(diagnostics).toEqual([]);
  });

  it('restores text directives before slugging headings and counting words', async () => {
    const { html, toc, wordCount } = await renderFor('## Ratio 3:2 and key:value');
    expect(html).toContain('<h2 id="ratio-32-and-keyvalue">Ratio 3:2 and key:value');
    expect(toc).toEqual([{ depth: 2, id: 'ratio-32-and-keyvalue', html: 'Ratio 3:2 and key:value' }]);
    expect(wordCount).toBe(4);
  });
});
