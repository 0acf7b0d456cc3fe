import { describe, expect, it } from 'vitest';
import Admonition from '../../../theme/mdx/admonition.tsx';
import { renderFor } from '../../markdown/render-for.ts';
import { renderMdx } from './render-mdx.tsx';

describe('@theme/Admonition', () => {
  it.each(['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'])(
    'renders `%s` exactly as the Markdown admonition of that type (`:::type`)',
    async (type) => {
      const markdown = (await renderFor(`:::${type}\n\nKeep **moving**.\n\n:::`)).html;
      expect(renderMdx(<Admonition type={type}><p>Keep <strong>moving</strong>.</p></Admonition>)).toBe(markdown);
    },
  );

  it('renders a title exactly as `:::tip[Title]` does', async () => {
    const markdown = (await renderFor(':::tip[Eat *first*]\n\nFood heals.\n\n:::')).html;
    expect(renderMdx(<Admonition type="tip" title={<>Eat <em>first</em></>}><p>Food heals.</p></Admonition>)).toBe(markdown);
  });

  it("shows an author's icon instead of the type's, still hidden from screen readers", () => {
    expect(renderMdx(<Admonition type="tip" icon="📑" title="Read on"><p>x</p></Admonition>)).toBe(
      '<aside class="admonition admonition-tip" role="note" aria-label="Tip"><p class="admonition-heading">' +
        '<span class="admonition-icon admonition-icon-custom" aria-hidden="true">📑</span>Read on</p>' +
        '<div class="admonition-content"><p>x</p></div></aside>',
    );
  });

  it('shows an unknown type as `info`, and a missing one as `note`, as Docusaurus does', () => {
    expect(renderMdx(<Admonition type="hint"><p>x</p></Admonition>)).toContain('<aside class="admonition admonition-info" role="note" aria-label="Info">');
    expect(renderMdx(<Admonition className="wide"><p>x</p></Admonition>)).toContain('<aside class="admonition admonition-note wide" role="note" aria-label="Note">');
  });
});
