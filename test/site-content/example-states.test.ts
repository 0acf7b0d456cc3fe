/**
 * Issue 27 B1, B14, B21: the example game states of docs and blog agree with the rules, with each
 * other and with the prose next to them, as whole classes:
 * - examples of one game (same `game.id`) show the same Game;
 * - every snake id follows the `srp_` convention;
 * - every snake fits its `turn`: coiled at turn 0, no longer than the turns allow, health that
 *   matches a turn count without hazards, and Constrictor's growth (length = turn + 2 from turn 1,
 *   the start cell doubled at the tail, health 100, no food);
 * - a "From (x,y) you reach" move table adds the right step and starts from a head, not a neck;
 * - a JSON example and the diagram on its page that draws the same heads show the same cells.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseBoard } from '../../src/markdown/board/parse-board.ts';
import { describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocks, repoRoot, where } from './code-blocks.ts';

interface Coord { x: number; y: number }
interface Snake { id?: string; health?: number; body?: Coord[]; head?: Coord; length?: number }
interface State {
  game?: { id?: string; ruleset?: { name?: string }; map?: string };
  turn?: number;
  board?: { food?: Coord[]; hazards?: Coord[]; snakes?: Snake[] };
  you?: Snake;
}

const blocks = codeBlocks();
const json = blocks.filter((b) => b.lang === 'json').map((block) => ({ block, value: JSON.parse(block.value) as unknown }));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const states = json.filter((e): e is { block: CodeBlock; value: State } => isObject(e.value) && 'game' in e.value);
const cell = (c: Coord) => `(${c.x},${c.y})`;

/** Every snake an example shows: its board's and `you`, or the example itself for a Serpent. */
function snakesOf(value: unknown): Snake[] {
  if (!isObject(value)) return [];
  if ('body' in value && 'health' in value) return [value as Snake];
  const board = ('board' in value ? value.board : value) as State['board'];
  return [...(isObject(board) && Array.isArray(board.snakes) ? board.snakes : []), ...('you' in value ? [value.you as Snake] : [])];
}

/** What a snake at this turn of this game cannot look like. */
function turnProblems(state: State, snake: Snake): string[] {
  const { turn } = state;
  const body = snake.body;
  if (turn === undefined || !body) return [];
  const problems: string[] = [];
  const name = snake.id ?? 'a snake';
  const distinct = new Set(body.map(cell)).size;
  const rules = state.game?.ruleset?.name ?? '';
  const constrictor = /constrictor/.test(rules);
  if (turn === 0 && (body.length !== 3 || distinct !== 1 || (snake.health ?? 100) !== 100)) problems.push(`${name} at turn 0 is not coiled on one cell with length 3 and health 100`);
  // The coil unwinds one cell per move; the body never holds more cells than moves made + 1.
  if (distinct > turn + 1) problems.push(`${name} covers ${distinct} cells after ${turn} moves (at most ${turn + 1})`);
  if (constrictor) {
    // The tail grows every turn unless it is already doubled, and it still is after the first move.
    const expected = turn === 0 ? 3 : turn + 2;
    if (body.length !== expected) problems.push(`${name} in ${rules} has length ${body.length} at turn ${turn}; the rules give ${expected}`);
    if (turn > 0 && cell(body[body.length - 1]) !== cell(body[body.length - 2])) problems.push(`${name} in ${rules} does not end with its start cell twice`);
    if (snake.health !== undefined && snake.health !== 100) problems.push(`${name} in ${rules} has health ${snake.health}, not 100`);
    if (state.board?.food && state.board.food.length > 0) problems.push(`${rules} shows food`);
    return problems;
  }
  if (body.length > turn + 3) problems.push(`${name} has length ${body.length} at turn ${turn}: at most one food per turn after the start length of 3`);
  const hazardFree = (state.game?.map ?? 'standard') === 'standard' && rules !== 'royale' && (state.board?.hazards ?? []).length === 0;
  if (hazardFree && snake.health !== undefined && turn > 0) {
    // Without hazards, health only falls by 1 a turn and is reset to 100 by food.
    if (body.length === 3 && snake.health !== 100 - turn) problems.push(`${name} never ate but has health ${snake.health} at turn ${turn} (${100 - turn} without hazards)`);
    if (snake.health < 100 - turn) problems.push(`${name} has health ${snake.health} at turn ${turn}, below what starving alone leaves`);
  }
  return problems;
}

describe('the example game states of docs and blog', () => {
  it('are found, with turns', () => {
    expect(states.filter((s) => s.value.turn !== undefined).length).toBeGreaterThanOrEqual(5);
  });

  it('show one Game per game id', () => {
    const games = new Map<string, { at: string; game: Record<string, unknown> }>();
    const problems: string[] = [];
    for (const { block, value } of json) {
      const game = isObject(value) && isObject(value.game) ? value.game : isObject(value) && 'ruleset' in value && 'timeout' in value ? value : undefined;
      if (!game || typeof game.id !== 'string' || game.id.includes('…')) continue;
      const first = games.get(game.id);
      if (!first) { games.set(game.id, { at: where(block), game }); continue; }
      for (const [key, v] of Object.entries(game)) {
        if (key in first.game && JSON.stringify(first.game[key]) !== JSON.stringify(v)) problems.push(`${where(block)}: game ${game.id} has ${key} ${JSON.stringify(v)}, but ${first.at} has ${JSON.stringify(first.game[key])}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('give every snake an id of the form srp_ and 12 letters or digits', () => {
    const bad = json.flatMap(({ block, value }) => snakesOf(value).filter((s) => s.id !== undefined && !/^srp_[A-Za-z0-9]{12}$/.test(s.id)).map((s) => `${where(block)}: ${s.id}`));
    expect(bad).toEqual([]);
  });

  it('show snakes that fit the turn, the mode and the food they could have eaten', () => {
    const problems = states.flatMap(({ block, value }) => snakesOf(value).flatMap((s) => turnProblems(value, s).map((p) => `${where(block)}: ${p}`)));
    expect(problems).toEqual([]);
  });
});

const steps: Record<string, Coord> = { up: { x: 0, y: 1 }, down: { x: 0, y: -1 }, left: { x: -1, y: 0 }, right: { x: 1, y: 0 } };

/** The heads of the snakes a block shows: a diagram's or a JSON example's. */
function headsOf(block: CodeBlock): Coord[] {
  if (block.lang === 'board') return (parseBoard(block.value).board?.snakes ?? []).map((s) => s.head);
  if (block.lang === 'json') return snakesOf(JSON.parse(block.value)).flatMap((s) => (s.head ? [s.head] : s.body ? [s.body[0]] : []));
  return [];
}

/** A block as a failure names it; a diagram by the title inside it. */
const label = (b: CodeBlock) => (b.lang === 'board' ? `${b.file}:${b.line} diagram "${parseBoard(b.value).board?.title ?? ''}"` : where(b));

/** The diagram or example with snakes nearest to a line of a page: what a move table is about. */
function nearestPosition(file: string, line: number): CodeBlock | undefined {
  const candidates = blocks.filter((b) => b.file === file && headsOf(b).length > 0);
  return candidates.sort((a, b) => Math.abs(a.line - line) - Math.abs(b.line - line))[0];
}

describe('move tables ("From (x,y) you reach")', () => {
  const files = [...new Set(blocks.map((b) => b.file))];
  const tables = files.flatMap((file) => {
    const lines = readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
    return lines.flatMap((line, i) => {
      const from = /\|\s*From \((\d+),(\d+)\)/.exec(line);
      if (!from) return [];
      const rows = lines.slice(i + 2).filter((_, j, all) => all.slice(0, j + 1).every((l) => l.startsWith('|')));
      return [{ file, line: i + 1, from: { x: Number(from[1]), y: Number(from[2]) }, rows }];
    });
  });

  // One table since issue 40 round 4: the Board page holds it, other pages link there.
  it('are found', () => expect(tables.length).toBeGreaterThanOrEqual(1));

  it('add the right step to the cell they start from', () => {
    const problems = tables.flatMap((t) => t.rows.flatMap((row) => {
      const move = /`(up|down|left|right)`/.exec(row)?.[1];
      const reached = /\((-?\d+),(-?\d+)\)[^|]*\|\s*$/.exec(row);
      if (!move || !reached) return [`${t.file}:${t.line}: cannot read the row ${row}`];
      const want = { x: t.from.x + steps[move].x, y: t.from.y + steps[move].y };
      return cell(want) === `(${reached[1]},${reached[2]})` ? [] : [`${t.file}:${t.line}: ${move} from ${cell(t.from)} reaches ${cell(want)}, not (${reached[1]},${reached[2]})`];
    }));
    expect(problems).toEqual([]);
  });

  it('start from a head of the position shown next to them, never from a neck', () => {
    const problems = tables.flatMap((t) => {
      const near = nearestPosition(t.file, t.line);
      if (!near) return [`${t.file}:${t.line}: no diagram or example near the table shows the position`];
      const heads = headsOf(near).map(cell);
      return heads.includes(cell(t.from)) ? [] : [`${t.file}:${t.line}: moves are counted from ${cell(t.from)}, but the heads in ${label(near)} are ${heads.join(', ')}`];
    });
    expect(problems).toEqual([]);
  });
});

describe('JSON examples and the diagrams that draw them', () => {
  // A diagram on the same page, of the same size and with the same heads, draws that example's position.
  const pairs = json.flatMap(({ block, value }) => {
    const board = (isObject(value) && isObject(value.board) ? value.board : value) as { width?: number; height?: number; food?: Coord[]; hazards?: Coord[]; snakes?: Snake[] };
    if (!isObject(board) || !Array.isArray(board.snakes) || board.width === undefined || !board.snakes.every((s) => s.body)) return [];
    const heads = board.snakes.map((s) => cell(s.body![0])).sort().join(' ');
    return blocks.filter((d) => d.file === block.file && d.lang === 'board').flatMap((d) => {
      const drawn = parseBoard(d.value).board;
      if (!drawn || drawn.width !== board.width || drawn.height !== board.height || drawn.snakes.map((s) => cell(s.head)).sort().join(' ') !== heads) return [];
      return [{ block, board, diagram: drawn, at: `${d.file}:${d.line}` }];
    });
  });

  it('are found', () => expect(pairs.length).toBeGreaterThanOrEqual(4));

  it('show the same snakes, food and hazards', () => {
    const cells = (list: Coord[] = []) => [...new Set(list.map(cell))].sort().join(' ');
    const problems = pairs.flatMap(({ block, board, diagram, at }) => {
      const out: string[] = [];
      if (cells(board.food) !== cells(diagram.food)) out.push(`food ${cells(board.food)} vs ${cells(diagram.food)}`);
      if (cells(board.hazards) !== cells(diagram.hazards)) out.push(`hazards ${cells(board.hazards)} vs ${cells(diagram.hazards)}`);
      for (const snake of board.snakes!) {
        const drawn = diagram.snakes.find((s) => cell(s.head) === cell(snake.body![0]))!;
        if (cells(snake.body) !== cells([drawn.head, ...drawn.body])) out.push(`${snake.id} covers ${cells(snake.body)}, the diagram ${drawn.letter} ${cells([drawn.head, ...drawn.body])}`);
      }
      return out.map((p) => `${where(block)} and the diagram at ${at}: ${p}`);
    });
    expect(problems).toEqual([]);
  });
});
