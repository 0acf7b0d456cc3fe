/**
 * Issue 27 (B-items on diagrams): every ```board diagram of docs and blog says in its
 * description and caption what its grid shows. Screen readers get only the description, so a
 * coordinate there that the grid contradicts is a wrong fact for them. Checked claims:
 * "head at (x,y)" and "coiled at (x,y)" name a head; "tail at (x,y)" a snake's cell; the cells
 * listed after "food" (up to the next snake word) are food; "B, length N" is at least the cells
 * B covers, and exactly them unless the text says segments are stacked.
 */
import { describe, expect, it } from 'vitest';
import { parseBoard } from '../../src/markdown/board/parse-board.ts';
import { codeBlocks } from './code-blocks.ts';

const cell = (p: { x: number; y: number }) => `(${p.x},${p.y})`;
const coords = (text: string) => [...text.matchAll(/\((\d+),\s*(\d+)\)/g)].map((m) => `(${m[1]},${m[2]})`);
// Where a list of food cells stops: a word that starts talking about a snake or a neighbour.
const foodRunEndRE = /\b(?:head|body|neck|tail|snake|Serpent|rival|Rival|you|You|[A-H]|next|beside|from|towards?)\b/;

const diagrams = codeBlocks().filter((b) => b.lang === 'board').map((block) => ({ block, board: parseBoard(block.value).board }));

function problemsOf(board: NonNullable<(typeof diagrams)[number]['board']>): string[] {
  const heads = new Set(board.snakes.map((s) => cell(s.head)));
  const cells = new Set(board.snakes.flatMap((s) => [s.head, ...s.body].map(cell)));
  const food = new Set(board.food.map(cell));
  const problems: string[] = [];
  for (const [part, text] of [['description', board.description], ['caption', board.caption ?? '']]) {
    for (const m of text.matchAll(/\b(?:head|coiled)\s+(?:is\s+)?(?:at|on)\s+(\(\d+,\s*\d+\))/g)) {
      if (!heads.has(coords(m[1])[0])) problems.push(`${part}: "${m[0]}", but no head is there`);
    }
    for (const m of text.matchAll(/\btail\s+(?:is\s+)?(?:at|on)\s+(\(\d+,\s*\d+\))/g)) {
      if (!cells.has(coords(m[1])[0])) problems.push(`${part}: "${m[0]}", but no snake is there`);
    }
    for (const m of text.matchAll(/\bfood\b([^.;]*)/gi)) {
      for (const at of coords(m[1].split(foodRunEndRE)[0])) if (!food.has(at)) problems.push(`${part}: food at ${at}, but the grid has none there`);
    }
  }
  for (const m of board.description.matchAll(/\b([A-H])\b\)?,?\s*\(?(?:is\s+)?length (\d+)/g)) {
    const snake = board.snakes.find((s) => s.letter === m[1]);
    const covered = snake ? new Set([snake.head, ...snake.body].map(cell)).size : 0;
    const stacked = /stack|coil|ate\b|eaten|doubled/i.test(board.description);
    if (Number(m[2]) < covered || (!stacked && Number(m[2]) !== covered)) problems.push(`description: ${m[1]} has length ${m[2]}, but covers ${covered} cells`);
  }
  return problems;
}

describe('board diagrams', () => {
  it('all parse', () => {
    expect(diagrams.length).toBeGreaterThanOrEqual(30);
    expect(diagrams.filter((d) => !d.board).map((d) => `${d.block.file}:${d.block.line}`)).toEqual([]);
  });

  it('describe what their grid shows', () => {
    const problems = diagrams.flatMap(({ block, board }) => (board ? problemsOf(board).map((p) => `${block.file}:${block.line} "${board.title}" ${p}`) : []));
    expect(problems).toEqual([]);
  });
});
