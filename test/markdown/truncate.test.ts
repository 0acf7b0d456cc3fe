import { describe, expect, it } from 'vitest';
import { renderFor } from './render-for.ts';

describe('truncate marker', () => {
  it('splits the excerpt at `<!-- truncate -->` and drops the marker', async () => {
    const result = await renderFor('First *para*.\n\nSecond with [link](/rules).\n\n<!-- truncate -->\n\n## After\n\nMore.');
    expect(result.excerptHtml).toBe('<p>First <em>para</em>.</p>\n<p>Second with <a href="/rules">link</a>.</p>');
    expect(result.html).toBe(
      '<p>First <em>para</em>.</p>\n<p>Second with <a href="/rules">link</a>.</p>\n' +
        '<h2 id="after">After<a class="hash-link" href="#after" aria-label="Direct link to After">#</a></h2>\n<p>More.</p>',
    );
  });

  it('accepts the MDX spelling `{/* truncate */}`', async () => {
    const result = await renderFor('Only this.\n\n{/* truncate */}\n\nRest.');
    expect(result.excerptHtml).toBe('<p>Only this.</p>');
    expect(result.html).toBe('<p>Only this.</p>\n<p>Rest.</p>');
  });

  it('renders blocks such as admonitions and code in the excerpt too', async () => {
    const result = await renderFor(':::tip\n\nHi.\n\n:::\n\n```js\nlet a;\n```\n\n<!-- truncate -->\n\nRest.');
    expect(result.excerptHtml).toMatch(/^<aside class="admonition admonition-tip"[^]*<\/aside>\n<div class="code-block" data-language="js">[^]*<\/div>$/);
  });

  it('has no excerpt without a top-level marker', async () => {
    expect((await renderFor('Just text.')).excerptHtml).toBeUndefined();
    expect((await renderFor('- item\n\n  <!-- truncate -->\n\nRest.')).excerptHtml).toBeUndefined();
  });
});
