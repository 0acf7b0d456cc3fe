import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/markdown/board/parse-board.ts';
import { renderBoard } from '../../src/markdown/board/render-board.ts';

// The board drawing on its own, from a board model (the parser has board.test.ts).

const board = (extra: Partial<Board> = {}): Board => ({
  title: 'Duel', description: 'A meets B.', width: 3, height: 2, food: [], hazards: [], snakes: [], ...extra,
});
const find = (node: ElementContent, test: (e: Element) => boolean): Element[] => {
  if (node.type !== 'element') return [];
  return [...(test(node) ? [node] : []), ...node.children.flatMap((c) => find(c, test))];
};
const classed = (node: Element, name: string) => find(node, (e) => Array.isArray(e.properties.className) && e.properties.className.includes(name));
const text = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(text).join('') : '');

describe('renderBoard', () => {
  it('is a figure holding an SVG labelled by its title and description, under ids of its own', () => {
    const figure = renderBoard({ board: board(), id: 'board-7' });
    expect(figure.tagName).toBe('figure');
    const svg = figure.children[0] as Element;
    expect(svg.properties).toMatchObject({ role: 'img', ariaLabelledBy: ['board-7-t', 'board-7-d'], viewBox: '0 0 96 68', width: 96, height: 68 });
    expect(find(svg, (e) => e.tagName === 'title').map(text)).toEqual(['Duel']);
    expect(find(svg, (e) => e.tagName === 'desc').map(text)).toEqual(['A meets B.']);
    expect(find(figure, (e) => typeof e.properties.id === 'string').map((e) => e.properties.id)).toEqual(['board-7-t', 'board-7-d', 'board-7-hazard', 'board-7-cell']);
    // No caption, no snakes, food or hazards: an empty legend.
    expect(find(figure, (e) => e.tagName === 'figcaption')).toEqual([]);
    expect(classed(figure, 'board-legend')[0].children).toEqual([]);
  });

  it('labels columns under the board and rows on the left, 0 at the bottom', () => {
    const labels = classed(renderBoard({ board: board(), id: 'b' }), 'board-label');
    expect(labels.map((l) => [text(l), l.properties.x, l.properties.y])).toEqual([
      ['0', 34, 62], ['1', 58, 62], ['2', 82, 62],
      ['0', 17, 38], ['1', 17, 14],
    ]);
  });

  it('draws snakes with a lettered head and joined body, food and stacked hazards, and lists them in the legend', () => {
    const figure = renderBoard({
      id: 'b',
      board: board({
        caption: 'B is cornered.',
        food: [{ x: 2, y: 1 }],
        hazards: [{ x: 2, y: 0, stack: 3 }],
        snakes: [{ letter: 'B', name: 'Rival', head: { x: 0, y: 0 }, body: [{ x: 1, y: 0 }], segments: [[{ x: 0, y: 0 }, { x: 1, y: 0 }]] }],
      }),
    });
    const snake = classed(figure, 'board-snake-b')[0];
    expect(snake.properties.style).toBe('fill:var(--snake, #cc6c14)');
    // The join spans both cells; the body cell; the head, outlined; its letter.
    expect(toHtml(snake.children, { space: 'svg' })).toBe(
      '<rect x="26" y="30" width="40" height="16"></rect><rect x="50" y="30" width="16" height="16" rx="4"></rect>'
      + '<rect class="board-snake-head" x="23.5" y="27.5" width="21" height="21" rx="7" stroke="currentColor" stroke-width="1.5"></rect>'
      + '<text x="34" y="38" text-anchor="middle" dominant-baseline="central" class="board-snake-letter" font-size="13" font-weight="700" fill="#111111">B</text>',
    );
    expect(classed(figure, 'board-food').map((e) => [e.tagName, e.properties.cx, e.properties.cy])).toEqual([['circle', 82, 14], ['circle', 6, 6]]);
    expect(classed(figure, 'board-hazard-count').map(text)).toEqual(['3']);
    expect(classed(figure, 'board-legend')[0].children.map(text)).toEqual([' B: Rival', ' Food', ' Hazard (a number counts stacked hazards)']);
    expect(find(figure, (e) => e.tagName === 'figcaption').map(text)).toEqual(['B is cornered.']);
  });

  it('names an unnamed snake by its letter, and a single hazard without the stack note', () => {
    const figure = renderBoard({
      id: 'b',
      board: board({ hazards: [{ x: 1, y: 1, stack: 1 }], snakes: [{ letter: 'H', head: { x: 0, y: 1 }, body: [], segments: [] }] }),
    });
    expect(classed(figure, 'board-legend')[0].children.map(text)).toEqual([' H: Snake H', ' Hazard']);
    expect(classed(figure, 'board-hazard-count')).toEqual([]);
  });
});
