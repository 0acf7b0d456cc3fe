/**
 * Draws a parsed board as an accessible inline SVG inside a `<figure>`: grid, coordinate labels
 * (origin bottom-left), food, hatched hazards with stack counts, snakes (body joined along its
 * path, a bigger head carrying the snake's letter), a legend and the caption.
 *
 * Everything carries a `board-*` class so the theme can recolour it. Snakes and hazard stripes
 * read the theme's custom properties (`--snake`, set per `board-snake-*` class, and
 * `--board-hazard`); the fallbacks and fill attributes are defaults chosen to keep 3:1 against
 * both light and dark cell backgrounds when no theme CSS is loaded.
 */
import type { Element, ElementContent } from 'hast';
import { h, s } from 'hastscript';
import type { Board, BoardPoint, BoardSnake } from './parse-board.ts';

const cell = 24;
const gutterLeft = 22;
const gutterBottom = 18;
const pad = 2;

/** Default snake colours (mid-luminance, so they read on light and dark; letters stay dark). */
const snakeColours: Record<string, string> = {
  A: '#3d7fe0',
  B: '#cc6c14',
  C: '#2c9442',
  D: '#9a66e6',
  E: '#d9488f',
  F: '#138e86',
  G: '#a67f00',
  H: '#6f86a3',
};
const colours = { cell: '#e9ecef', food: '#e5484d', hazardBase: '#d9d4e6', hazardStripe: '#8a7db0', ink: '#111111', label: '#6b7280' };

/**
 * Renders the board.
 *
 * @param id - Unique within the page; prefixes the ids of the title, description and pattern.
 */
export function renderBoard({ board, id }: { board: Board; id: string }): Element {
  const width = gutterLeft + board.width * cell + pad;
  const height = pad + board.height * cell + gutterBottom;
  const origin = (point: BoardPoint) => ({ x: gutterLeft + point.x * cell, y: pad + (board.height - 1 - point.y) * cell });
  const hazardFill = `url(#${id}-hazard)`;

  const svg = s(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      role: 'img',
      'aria-labelledby': `${id}-t ${id}-d`,
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      className: ['board-svg'],
    },
    [
      s('title', { id: `${id}-t` }, board.title),
      s('desc', { id: `${id}-d` }, board.description),
      s('defs', [
        s('pattern', { id: `${id}-hazard`, patternUnits: 'userSpaceOnUse', width: 6, height: 6, patternTransform: 'rotate(45)' }, [
          s('rect', { className: ['board-hazard-base'], width: 6, height: 6, style: `fill:var(--board-bg, ${colours.hazardBase})` }),
          s('rect', { className: ['board-hazard-stripe'], width: 3, height: 6, style: `fill:var(--board-hazard, ${colours.hazardStripe})` }),
        ]),
        // One cell, repeated over the grid by a pattern: a rect per cell was 121 elements on an
        // 11×11 board (a tenth of a reference page's DOM, each styled and laid out; issue 29).
        s('pattern', { id: `${id}-cell`, patternUnits: 'userSpaceOnUse', x: gutterLeft, y: pad, width: cell, height: cell }, [
          s('rect', { className: ['board-cell'], x: 1, y: 1, width: cell - 2, height: cell - 2, rx: 3, fill: colours.cell }),
        ]),
      ]),
      s('rect', { className: ['board-cells'], x: gutterLeft, y: pad, width: board.width * cell, height: board.height * cell, fill: `url(#${id}-cell)` }),
      s('g', { className: ['board-labels'], fontSize: 10, fill: colours.label }, labels(board, origin)),
      ...board.hazards.map((hazard) => {
        const { x, y } = origin(hazard);
        return s('g', { className: ['board-hazard'] }, [
          s('rect', { x: x + 1, y: y + 1, width: cell - 2, height: cell - 2, rx: 3, fill: hazardFill }),
          hazard.stack >= 2
            ? s(
                'text',
                { ...centre(x, y), className: ['board-hazard-count'], fontSize: 12, fontWeight: 700, fill: colours.ink, stroke: '#ffffff', strokeWidth: 3, paintOrder: 'stroke' },
                String(hazard.stack),
              )
            : undefined,
        ]);
      }),
      ...board.food.map((food) => {
        const { x, y } = origin(food);
        return s('circle', { className: ['board-food'], cx: x + cell / 2, cy: y + cell / 2, r: cell * 0.27, fill: colours.food });
      }),
      ...board.snakes.map((snake) => drawSnake(snake, origin)),
    ],
  );

  const children: ElementContent[] = [svg, legend(board, id)];
  if (board.caption) children.push(h('figcaption', board.caption));
  return h('figure', { className: ['board-diagram'] }, children);
}

type Origin = (point: BoardPoint) => { x: number; y: number };

const snakeFill = (letter: string) => `fill:var(--snake, ${snakeColours[letter]})`;

function centre(x: number, y: number) {
  return { x: x + cell / 2, y: y + cell / 2, textAnchor: 'middle', dominantBaseline: 'central' };
}

/** x labels under the board, y labels on the left with 0 at the bottom. */
function labels(board: Board, origin: Origin): Element[] {
  const result: Element[] = [];
  for (let x = 0; x < board.width; x++) {
    const at = origin({ x, y: 0 });
    result.push(s('text', { className: ['board-label'], x: at.x + cell / 2, y: at.y + cell + 12, textAnchor: 'middle' }, String(x)));
  }
  for (let y = 0; y < board.height; y++) {
    const at = origin({ x: 0, y });
    result.push(s('text', { className: ['board-label'], x: gutterLeft - 5, y: at.y + cell / 2, textAnchor: 'end', dominantBaseline: 'central' }, String(y)));
  }
  return result;
}

function drawSnake(snake: BoardSnake, origin: Origin): Element {
  const inset = 4;
  const parts: Element[] = [];
  // Joins first, so the rounded cells sit on top of them.
  for (const [from, to] of snake.segments) {
    const a = origin(from);
    const b = origin(to);
    const x = Math.min(a.x, b.x) + inset;
    const y = Math.min(a.y, b.y) + inset;
    parts.push(s('rect', { x, y, width: Math.abs(a.x - b.x) + cell - 2 * inset, height: Math.abs(a.y - b.y) + cell - 2 * inset }));
  }
  for (const point of snake.body) {
    const { x, y } = origin(point);
    parts.push(s('rect', { x: x + inset, y: y + inset, width: cell - 2 * inset, height: cell - 2 * inset, rx: 4 }));
  }
  const head = origin(snake.head);
  // The head is bigger and outlined in the text colour, so it stands out without relying on colour.
  parts.push(
    s('rect', { className: ['board-snake-head'], x: head.x + 1.5, y: head.y + 1.5, width: cell - 3, height: cell - 3, rx: 7, stroke: 'currentColor', strokeWidth: 1.5 }),
  );
  parts.push(s('text', { ...centre(head.x, head.y), className: ['board-snake-letter'], fontSize: 13, fontWeight: 700, fill: colours.ink }, snake.letter));

  const letter = snake.letter.toLowerCase();
  return s('g', { className: ['board-snake', `board-snake-${letter}`], style: snakeFill(snake.letter) }, parts);
}

/** Names the snakes (from `snakes:`), then food and hazards when the board has them. */
function legend(board: Board, id: string): Element {
  const swatch = (shape: Element) => s('svg', { className: ['board-legend-swatch'], viewBox: '0 0 12 12', width: 12, height: 12, ariaHidden: 'true' }, [shape]);
  const items: Element[] = board.snakes.map((snake) =>
    h('li', [
      swatch(s('rect', { className: [`board-snake-${snake.letter.toLowerCase()}`], width: 12, height: 12, rx: 3, style: snakeFill(snake.letter) })),
      ` ${snake.letter}: ${snake.name ?? `Snake ${snake.letter}`}`,
    ]),
  );
  if (board.food.length > 0) {
    items.push(h('li', [swatch(s('circle', { className: ['board-food'], cx: 6, cy: 6, r: 5, fill: colours.food })), ' Food']));
  }
  if (board.hazards.length > 0) {
    items.push(h('li', [swatch(s('rect', { width: 12, height: 12, rx: 2, fill: `url(#${id}-hazard)` })), hazardLabel(board)]));
  }
  return h('ul', { className: ['board-legend'] }, items);
}

function hazardLabel(board: Board): string {
  return board.hazards.some((hazard) => hazard.stack >= 2) ? ' Hazard (a number counts stacked hazards)' : ' Hazard';
}
