import { describe, expect, it } from 'vitest';
import { withMarkdown } from '../../src/routes/planned-page.ts';
import type { MarkdownResult } from '../../src/model.ts';
import { renderFor } from './render-for.ts';

const description = async (source: string) => (await renderFor(source)).description;

describe('the default description (remark-description.ts)', () => {
  it('is the plain text of the first paragraph of prose', async () => {
    expect(await description('Steer your *snake* with `move`, see [the rules](/rules) and ![a board](./b.png).\nA second line.\n\nNext paragraph.'))
      .toBe('Steer your snake with move, see the rules and a board. A second line.');
    // Words keep their underscores and asterisks inside code (the old pattern stripped them).
    expect(await description('Use `snake_case` and snake_case names, `a*b` too.')).toBe('Use snake_case and snake_case names, a*b too.');
  });

  it('skips headings, lists, quotes, code, tables, admonitions, and paragraphs that open with an image or HTML', async () => {
    const body = [
      '## Heading', '- a list item', '> a quote', '```js\ncode();\n```', '| a | b |\n|---|---|\n| 1 | 2 |',
      '![Badge](./badge.svg) build passing', '<div>Raw</div>', 'The first prose.',
    ].join('\n\n');
    expect(await description(body)).toBe('The first prose.');
    expect(await description('## Only a heading\n\n- and a list')).toBe('');
    // Text in an admonition counts (Docusaurus takes it too); its title does not.
    expect(await description('## Setup\n\n:::tip Keep it warm\n\nFirst *real* [text](/x)\ncontinues.\n\n:::\n\nLater.')).toBe('First real text continues.');
  });

  it('shows what data directives render, not their source', async () => {
    const result = await renderFor('The deadline is :fact[game.timeout].', {
      resolveData: () => ({ name: 'game', file: 'content/data/game.yml', hash: 'h', value: { timeout: { value: 500, unit: 'ms' } } }),
      listData: () => ['game'],
    });
    expect(result.description).toBe('The deadline is 500 ms.');
  });

  it('finishes on 200,000 unclosed brackets (the regular expression it replaces ran for over a minute)', async () => {
    // Finishing is the assertion: the time is measured by `npm run bench`, never here.
    expect(typeof await description(`Start ${'['.repeat(200_000)}`)).toBe('string');
  });

  it('gives way to the front matter description', () => {
    const md = { description: 'From the body.' } as MarkdownResult;
    expect(withMarkdown({ description: 'From front matter.' }, md).description).toBe('From front matter.');
    expect(withMarkdown({}, md).description).toBe('From the body.');
  });
});
