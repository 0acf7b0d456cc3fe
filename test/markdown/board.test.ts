import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/markdown/board/parse-board.ts';
import { formatDiagnostics, renderFor } from './render-for.ts';

const guideExample = [
  '```board',
  'title: Two Serpents racing for food',
  'description: You (A) are at (1,3) heading right; the rival (B) is at (4,1); food sits at (3,3).',
  'snakes: A=You, B=Rival',
  'caption: You are two moves from the food, the rival is three.',
  '',
  '. . . . .',
  'a . . . .',
  'a A . * .',
  '. . . . 3',
  '. . . . B',
  '. . . . b',
  '```',
].join('\n');

describe('board diagrams', () => {
  it('renders an accessible SVG figure with title, description, labels, legend and caption', async () => {
    const { html, diagnostics, anchors } = await renderFor(guideExample);
    expect(diagnostics).toEqual([]);
    expect(html).toMatch(
      /^<figure class="board-diagram"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" role="img" aria-labelledby="board-1-t board-1-d" viewBox="0 0 144 164" width="144" height="164" class="board-svg"><title id="board-1-t">Two Serpents racing for food<\/title><desc id="board-1-d">You \(A\) are at \(1,3\) heading right; the rival \(B\) is at \(4,1\); food sits at \(3,3\).<\/desc>/,
    );
    expect(html).toContain(
      '<ul class="board-legend">' +
        '<li><svg class="board-legend-swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><rect class="board-snake-a" width="12" height="12" rx="3" style="fill:var(--snake, #3d7fe0)"></rect></svg> A: You</li>' +
        '<li><svg class="board-legend-swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><rect class="board-snake-b" width="12" height="12" rx="3" style="fill:var(--snake, #cc6c14)"></rect></svg> B: Rival</li>' +
        '<li><svg class="board-legend-swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><circle class="board-food" cx="6" cy="6" r="5" fill="#e5484d"></circle></svg> Food</li>' +
        '<li><svg class="board-legend-swatch" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true"><rect width="12" height="12" rx="2" fill="url(#board-1-hazard)"></rect></svg> Hazard (a number counts stacked hazards)</li>' +
        '</ul><figcaption>You are two moves from the food, the rival is three.</figcaption></figure>',
    );
    expect(anchors).toEqual(['board-1-t', 'board-1-d', 'board-1-hazard', 'board-1-cell']);
  });

  it('draws the grid as one rect filled with a one-cell pattern, not a rect per cell', async () => {
    const { html } = await renderFor(guideExample);
    expect(html).toContain('<pattern id="board-1-cell" patternUnits="userSpaceOnUse" x="22" y="2" width="24" height="24"><rect class="board-cell" x="1" y="1" width="22" height="22" rx="3" fill="#e9ecef"></rect></pattern>');
    expect(html).toContain('<rect class="board-cells" x="22" y="2" width="120" height="144" fill="url(#board-1-cell)"></rect>');
    expect(html.match(/class="board-cell"/g)).toHaveLength(1);
  });

  it('labels x under the board and y on the left with 0 at the bottom', async () => {
    const { html } = await renderFor(guideExample);
    const labels = [...html.matchAll(/<text class="board-label" x="(\d+)" y="(\d+)"[^>]*>(\d+)<\/text>/g)].map(([, x, y, text]) => [text, Number(x), Number(y)]);
    expect(labels).toEqual([
      ['0', 34, 158], ['1', 58, 158], ['2', 82, 158], ['3', 106, 158], ['4', 130, 158],
      ['0', 17, 134], ['1', 17, 110], ['2', 17, 86], ['3', 17, 62], ['4', 17, 38], ['5', 17, 14],
    ]);
  });

  it('draws food, hatched hazards with stack counts, and snakes with a lettered head', async () => {
    const { html } = await renderFor(guideExample);
    expect(html).toContain('<circle class="board-food" cx="106" cy="62" r="6.48" fill="#e5484d"></circle>');
    expect(html).toContain('<pattern id="board-1-hazard" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">');
    expect(html).toContain(
      '<g class="board-hazard"><rect x="119" y="75" width="22" height="22" rx="3" fill="url(#board-1-hazard)"></rect><text x="130" y="86" text-anchor="middle" dominant-baseline="central" class="board-hazard-count" font-size="12" font-weight="700" fill="#111111" stroke="#ffffff" stroke-width="3" paint-order="stroke">3</text></g>',
    );
    // Snake A: head (1,3), body (0,3) then (0,4); joins first, then body cells, then the head and its letter.
    expect(html).toContain(
      '<g class="board-snake board-snake-a" style="fill:var(--snake, #3d7fe0)"><rect x="26" y="54" width="40" height="16"></rect><rect x="26" y="30" width="16" height="40"></rect>' +
        '<rect x="26" y="30" width="16" height="16" rx="4"></rect><rect x="26" y="54" width="16" height="16" rx="4"></rect>' +
        '<rect class="board-snake-head" x="47.5" y="51.5" width="21" height="21" rx="7" stroke="currentColor" stroke-width="1.5"></rect>' +
        '<text x="58" y="62" text-anchor="middle" dominant-baseline="central" class="board-snake-letter" font-size="13" font-weight="700" fill="#111111">A</text></g>',
    );
  });

  it('gives every diagram on a page its own ids and names unnamed snakes', async () => {
    const second = '```board\ntitle: T\ndescription: D\n\nC c\n```';
    const { anchors, html } = await renderFor(`${guideExample}\n\n${second}`);
    expect(anchors).toEqual(['board-1-t', 'board-1-d', 'board-1-hazard', 'board-1-cell', 'board-2-t', 'board-2-d', 'board-2-hazard', 'board-2-cell']);
    expect(html).toContain(' C: Snake C</li></ul></figure>');
  });

  const cases: Array<[string, string[], string]> = [
    ['missing title', ['description: D', '', '. .'], '6:1  warning  Expected a `title:` line in the board diagram'],
    ['missing description', ['title: T', '', '. .'], '6:1  warning  Expected a `description:` line in the board diagram'],
    ['rows of unequal length', ['title: T', 'description: D', '', '. . .', '. .', '. . .'], '11:1  warning  Expected 3 cells in every row like the first one, found 2'],
    ['unknown cell', ['title: T', 'description: D', '', '. . .', '. x .'], '11:3  warning  Cannot use `x` as a board cell; expected `.`, `*`, `#`, `2`–`9`, `@`, `A`–`H` or `a`–`h`'],
    ['cells not separated by spaces', ['title: T', 'description: D', '', '...'], '10:2  warning  Expected single-character cells separated by single spaces, found `..`'],
    ['body not connected to its head', ['title: T', 'description: D', '', 'A a .', '. . .', '. . a'], '12:5  warning  Expected body cell `a` at (2,0) to connect to the head `A`'],
    ['body without a head', ['title: T', 'description: D', '', '. b', '. .'], '10:3  warning  Cannot find the head `B` of body cell `b` at (1,1)'],
    ['two heads', ['title: T', 'description: D', '', 'A . A'], '10:5  warning  Expected one head `A`, found a second one at (2,0)'],
    ['board wider than 25', ['title: T', 'description: D', '', Array(26).fill('.').join(' ')], '10:1  warning  Expected a board at most 25 cells wide, found 26'],
    ['unknown header', ['title: T', 'description: D', 'colour: red', '', '. .'], '9:1  warning  Cannot use board header `colour`; expected `title`, `description`, `snakes` or `caption`'],
    ['bad snakes entry', ['title: T', 'description: D', 'snakes: A=You, Rival', '', 'A .'], '9:16  warning  Expected `snakes:` entries like `A=You`, found `Rival`'],
    ['snake named but not on the board', ['title: T', 'description: D', 'snakes: A=You, B=Rival', '', 'A .'], '9:16  warning  Cannot find snake `B` named in `snakes:` on the board'],
    ['no grid', ['title: T', 'description: D'], '6:1  warning  Expected grid rows after the blank line in the board diagram'],
  ];

  it.each(cases)('reports %s at its place in the file and falls back to a code block', async (_name, lines, expected) => {
    // Three lines of front matter, then two lines of prose: the fence is on file line 6.
    const source = `Intro.\n\n\`\`\`board\n${lines.join('\n')}\n\`\`\`\n`;
    const result = await renderFor(source, { lineOffset: 3 });
    expect(formatDiagnostics(result)).toEqual([`content/docs/page.md:${expected}  markdown/board`]);
    expect(result.html).toContain('<div class="code-block" data-language="board">');
    expect(result.html).not.toContain('<figure');
  });

  it('reports positions inside indented blocks (list items) too', async () => {
    const result = await renderFor('- Item\n\n  ```board\n  title: T\n  description: D\n\n  . . x\n  ```', { lineOffset: 2 });
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:9:7  warning  Cannot use `x` as a board cell; expected `.`, `*`, `#`, `2`–`9`, `@`, `A`–`H` or `a`–`h`  markdown/board',
    ]);
  });
});

describe('parseBoard', () => {
  it('walks a coiled body from the head along one path', () => {
    const { board } = parseBoard('title: T\ndescription: D\n\na a a\na A a\n. . a');
    const [snake] = board!.snakes;
    const path = [snake.head, ...snake.segments.map(([, to]) => to)].map(({ x, y }) => `${x},${y}`);
    expect(path).toEqual(['1,1', '0,1', '0,2', '1,2', '2,2', '2,1', '2,0']);
  });

  it('reads food on hazards and hazard stacks', () => {
    const { board } = parseBoard('title: T\ndescription: D\n\n@ 2\n# 9');
    expect(board!.food).toEqual([{ x: 0, y: 1 }]);
    expect(board!.hazards).toEqual([
      { x: 0, y: 1, stack: 1 },
      { x: 1, y: 1, stack: 2 },
      { x: 0, y: 0, stack: 1 },
      { x: 1, y: 0, stack: 9 },
    ]);
  });
});
