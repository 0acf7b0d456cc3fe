/**
 * Works out how a snake's body cells join up, walking from the head, so the diagram can draw
 * the body as one connected shape.
 */

/** A board square; `y` counts from the bottom row like the game does. */
export interface BoardPoint {
  x: number;
  y: number;
}

const key = (point: BoardPoint) => `${point.x},${point.y}`;

// Enough for any body that fits on a 25×25 board in practice; past it we fall back to a tree.
const pathSearchBudget = 20_000;

/**
 * Chooses which neighbouring cells to join, walking from the head. A body is a path, so we look
 * for one that visits every reachable body cell (depth-first, fewest-exits-first, bounded).
 * Coiled bodies can be ambiguous; any such path draws a plausible snake. When no single path
 * exists, the breadth-first tree still joins every connected cell.
 *
 * @returns pairs of cells to join; body cells not connected to the head appear in none.
 */
export function traceSnakeBody({ head, body }: { head: BoardPoint; body: BoardPoint[] }): Array<[BoardPoint, BoardPoint]> {
  const cells = new Map(body.map((point) => [key(point), point]));
  const neighbours = (point: BoardPoint) =>
    [
      { x: point.x + 1, y: point.y },
      { x: point.x - 1, y: point.y },
      { x: point.x, y: point.y + 1 },
      { x: point.x, y: point.y - 1 },
    ]
      .map((next) => cells.get(key(next)))
      .filter((next): next is BoardPoint => next !== undefined);

  // Breadth-first: which cells are reachable, and a tree joining them.
  const tree: Array<[BoardPoint, BoardPoint]> = [];
  const seen = new Set([key(head)]);
  for (let queue = [head]; queue.length > 0; ) {
    const point = queue.shift()!;
    for (const next of neighbours(point)) {
      if (seen.has(key(next))) continue;
      seen.add(key(next));
      tree.push([point, next]);
      queue.push(next);
    }
  }

  const target = tree.length;
  const path: BoardPoint[] = [head];
  const visited = new Set([key(head)]);
  let budget = pathSearchBudget;
  const extend = (point: BoardPoint): boolean => {
    if (path.length - 1 === target) return true;
    if (--budget < 0) return false;
    const options = neighbours(point).filter((next) => !visited.has(key(next)));
    const exits = (next: BoardPoint) => neighbours(next).filter((n) => !visited.has(key(n))).length;
    options.sort((a, b) => exits(a) - exits(b));
    for (const next of options) {
      visited.add(key(next));
      path.push(next);
      if (extend(next)) return true;
      path.pop();
      visited.delete(key(next));
    }
    return false;
  };
  if (!extend(head)) return tree;
  return path.slice(1).map((point, index) => [path[index], point]);
}
