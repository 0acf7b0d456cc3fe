import { describe, expect, it } from 'vitest';
import { traceSnakeBody, type BoardPoint } from '../../src/markdown/board/trace-snake-body.ts';

const p = (x: number, y: number): BoardPoint => ({ x, y });
const show = (pairs: Array<[BoardPoint, BoardPoint]>) => pairs.map(([a, b]) => `${a.x},${a.y}-${b.x},${b.y}`);

describe('traceSnakeBody', () => {
  it('joins a straight body cell by cell from the head', () => {
    expect(show(traceSnakeBody({ head: p(0, 0), body: [p(1, 0), p(2, 0), p(3, 0)] }))).toEqual(['0,0-1,0', '1,0-2,0', '2,0-3,0']);
  });

  it('finds the one path through a coiled body where a breadth-first walk would branch', () => {
    // A U-turn beside the head: from (0,0) the body goes up, right and down again.
    //  (0,1) (1,1)
    //  (0,0) (1,0)   head at (0,0)
    const pairs = traceSnakeBody({ head: p(0, 0), body: [p(0, 1), p(1, 1), p(1, 0)] });
    expect(pairs).toHaveLength(3);
    // A path: each pair starts where the previous one ended, and every cell is joined once.
    pairs.forEach(([from], i) => { if (i > 0) expect(from).toEqual(pairs[i - 1][1]); });
    expect(new Set(pairs.map(([, to]) => `${to.x},${to.y}`))).toEqual(new Set(['0,1', '1,1', '1,0']));
  });

  it('joins every connected cell with a tree when no single path exists, and leaves unconnected cells out', () => {
    // A T: the head in the middle of a bar, cells on three sides, and a stray cell far away.
    const pairs = traceSnakeBody({ head: p(1, 1), body: [p(0, 1), p(2, 1), p(1, 0), p(5, 5)] });
    expect(show(pairs).sort()).toEqual(['1,1-0,1', '1,1-1,0', '1,1-2,1']);
  });

  it('joins nothing for a snake that is only its head', () => {
    expect(traceSnakeBody({ head: p(3, 3), body: [] })).toEqual([]);
  });
});
