import { beforeAll, describe, expect, it } from 'vitest';
import type { MemoryWriter } from '../../src/site/writer.ts';
import { contentTitleInBody, takeLeadingHeading } from '../../src/content/text.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture } from '../helpers/helpers.ts';

// Issue 30 item 5: as in Docusaurus 3, a page's `# Title` is its one <h1> even after an import,
// an `&nbsp;` paragraph or a `<div>`; `hide_title` hides only the title the theme would add.

const h1s = (html: string) => [...html.matchAll(/<h1\b([^>]*)>(.*?)<\/h1>/g)].map((m) => `${/id="([^"]*)"/.exec(m[1])?.[1] ?? ''}|${m[2]}`);

describe('the content title in the source', () => {
  it('takes a `# Title` after MDX imports and comments out of the body, keeping its lines', () => {
    const body = "\nimport Figure from '@site/src/components/Figure';\nimport './wick.css'\n{/* draft */}\n\n# Choosing a wick\n\nText.\n";
    const taken = takeLeadingHeading(body, 'Wicks');
    expect(taken.heading).toEqual({ text: 'Choosing a wick', id: 'choosing-a-wick' });
    expect(taken.body).toBe("\nimport Figure from '@site/src/components/Figure';\nimport './wick.css'\n{/* draft */}\n\n\n\nText.\n");
  });

  it('leaves a `# Title` after other content in place, and knows it for the title', () => {
    expect(takeLeadingHeading('&nbsp;\n\n# Filling\n', undefined)).toEqual({ body: '&nbsp;\n\n# Filling\n', title: undefined });
    expect(contentTitleInBody('&nbsp;\n\n# Filling\n')).toBe('Filling');
    expect(contentTitleInBody('<div className="x">\n\n# Cleaning\n\n</div>\n')).toBe('Cleaning');
  });

  it('finds no content title after another heading, a thematic break, or in code', () => {
    expect(contentTitleInBody('## Intro\n\n# Later\n')).toBeUndefined();
    expect(contentTitleInBody('Text.\n\n---\n\n# Later\n')).toBeUndefined();
    expect(contentTitleInBody('```md\n# Not a title\n```\n\nText.\n')).toBeUndefined();
    expect(contentTitleInBody('    # indented code\n')).toBeUndefined();
  });
});

describe('one <h1> per page (fixture no-blog-site)', () => {
  let out: MemoryWriter;
  beforeAll(async () => {
    ({ out } = await buildInMemory(fixture('no-blog-site')));
  });

  it('after an import, with hide_title: the heading, once, with its id', () => {
    expect(h1s(out.text('wicks.html')!)).toEqual(['choosing-a-wick|Choosing a wick']);
  });

  it('after `&nbsp;` or inside a <div>: the body heading only, where it stands', () => {
    expect(h1s(out.text('oil.html')!)).toEqual(['filling-the-reservoir|Filling the <code>reservoir</code>']);
    const glass = out.text('glass.html')!;
    expect(h1s(glass)).toEqual(['cleaning-the-chimney|Cleaning the chimney']);
    expect(glass).toMatch(/<div className="glass-guide">\s*<h1 id="cleaning-the-chimney">/);
    expect(glass).toMatch(/<title>Chimney glass \| Lantern Guide<\/title>/);
  });

  it('names a page by its in-body heading when the front matter has no title', () => {
    const shades = out.text('shades.html')!;
    expect(h1s(shades)).toEqual(['coloured-shades|Coloured shades']);
    expect(shades).toMatch(/<title>Coloured shades \| Lantern Guide<\/title>/);
  });

  it('hide_title without a heading in the body: no <h1>, as in Docusaurus', () => {
    expect(h1s(out.text('hooks.html')!)).toEqual([]);
  });

  it('keeps the theme title where the body has none', () => {
    expect(h1s(out.text('notes.html')!)).toEqual(['|Field notes']);
  });
});
