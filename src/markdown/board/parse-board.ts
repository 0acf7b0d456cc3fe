/**
 * Parses the text of a ```board block (see the content guide) into a board model, or into
 * problems with positions relative to the block: line 0 is the opening fence, line 1 the first
 * line of the block's content; columns are 0-based offsets into that line.
 */
import { traceSnakeBody, type BoardPoint } from './trace-snake-body.ts';

export type { BoardPoint };

/** One snake: its head, its body cells, and which neighbouring cells to join when drawing. */
export interface BoardSnake {
  /** Upper-case letter `A`–`H`. */
  letter: string;
  name?: string;
  head: BoardPoint;
  body: BoardPoint[];
  /** Pairs of adjacent cells that are consecutive along the body, starting at the head. */
  segments: Array<[BoardPoint, BoardPoint]>;
}

/** A parsed, valid board diagram. */
export interface Board {
  title: string;
  description: string;
  caption?: string;
  width: number;
  height: number;
  food: BoardPoint[];
  hazards: Array<BoardPoint & { stack: number }>;
  snakes: BoardSnake[];
}

/** A problem found while parsing, positioned relative to the block. */
export interface BoardProblem {
  message: string;
  line: number;
  column: number;
}

/** Boards wider or taller than this are refused (the game's maps stay far below it). */
export const maxBoardSize = 25;

const headerRE = /^([A-Za-z_-]+):[ \t]*(.*?)[ \t]*$/;
const snakeEntryRE = /^([A-H])\s*=\s*(\S.*)$/;
const cellRE = /^[.*#2-9@A-Ha-h]$/;
const knownHeaders = new Set(['title', 'description', 'snakes', 'caption']);

/**
 * Parses a board block.
 *
 * @returns the board, or `undefined` plus at least one problem.
 */
export function parseBoard(value: string): { board?: Board; problems: BoardProblem[] } {
  const lines = value.replace(/\r/g, '').split('\n');
  const problems: BoardProblem[] = [];
  const problem: Report = (message, line, column = 0) => problems.push({ message, line, column });

  const { headers, next } = parseHeaders(lines, problem);
  const names = parseSnakeNames(headers.get('snakes'), problem);
  const grid = parseGrid(lines, next, problem);
  // Header problems do not hide grid problems, but a grid we could not read cannot be checked further.
  if (!grid) return { problems };
  const { rows, firstRowLine } = grid;
  const height = rows.length;
  const at = (point: BoardPoint) => ({ line: firstRowLine + (height - 1 - point.y), column: point.x * 2 });
  const cells = readCells(rows, at, problem);
  const segments = connectBodies(cells, at, problem);
  for (const [letter, entry] of names) {
    if (!cells.heads.has(letter)) problem(`Cannot find snake \`${letter}\` named in \`snakes:\` on the board`, entry.line, entry.column);
  }
  if (problems.length > 0) return { problems };
  const snakes = [...cells.heads.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, head]) => {
      const body = cells.bodies.get(letter.toLowerCase()) ?? [];
      return { letter, name: names.get(letter)?.name, head, body, segments: segments.get(letter) ?? [] };
    });
  return {
    board: {
      title: headers.get('title')?.value ?? '',
      description: headers.get('description')?.value ?? '',
      caption: headers.get('caption')?.value || undefined,
      width: rows[0].length, height, food: cells.food, hazards: cells.hazards, snakes,
    },
    problems,
  };
}

type Header = { value: string; line: number; column: number };

/** The `key: value` lines up to the first blank line; `next` is the index of the line after them. */
function parseHeaders(lines: string[], problem: Report): { headers: Map<string, Header>; next: number } {
  const headers = new Map<string, Header>();
  let index = 0;
  for (; index < lines.length && lines[index].trim() !== ''; index++) {
    const match = headerRE.exec(lines[index]);
    if (!match) {
      problem(`Expected a \`key: value\` header line or a blank line before the grid, found \`${lines[index]}\``, index + 1);
      continue;
    }
    const key = match[1].toLowerCase();
    if (!knownHeaders.has(key)) {
      problem(`Cannot use board header \`${match[1]}\`; expected \`title\`, \`description\`, \`snakes\` or \`caption\``, index + 1);
      continue;
    }
    headers.set(key, { value: match[2], line: index + 1, column: lines[index].indexOf(match[2]) });
  }
  for (const key of ['title', 'description']) {
    if (!headers.get(key)?.value) problem(`Expected a \`${key}:\` line in the board diagram`, 0);
  }
  return { headers, next: index };
}

/**
 * The grid: the remaining non-blank lines, the top row the highest y. `undefined` when it
 * cannot be read or is the wrong shape (rows of unequal width, too big).
 */
function parseGrid(lines: string[], from: number, problem: Report): { rows: string[][]; firstRowLine: number } | undefined {
  let index = from;
  while (index < lines.length && lines[index].trim() === '') index++;
  let last = lines.length - 1;
  while (last >= index && lines[last].trim() === '') last--;
  const firstRowLine = index + 1;
  const rows: string[][] = [];
  let rowsOk = true;
  for (; index <= last; index++) {
    const cells = parseRow(lines[index], index + 1, problem);
    if (cells) rows.push(cells);
    else rowsOk = false;
  }
  if (rows.length === 0 && rowsOk) problem('Expected grid rows after the blank line in the board diagram', 0);
  if (!rowsOk || rows.length === 0) return undefined;

  let wrongShape = false;
  const shapeProblem: Report = (...args) => {
    wrongShape = true;
    problem(...args);
  };
  const width = rows[0].length;
  rows.forEach((cells, row) => {
    if (cells.length !== width) shapeProblem(`Expected ${width} cells in every row like the first one, found ${cells.length}`, firstRowLine + row);
  });
  if (width > maxBoardSize) shapeProblem(`Expected a board at most ${maxBoardSize} cells wide, found ${width}`, firstRowLine);
  if (rows.length > maxBoardSize) shapeProblem(`Expected a board at most ${maxBoardSize} rows tall, found ${rows.length}`, firstRowLine);
  return wrongShape ? undefined : { rows, firstRowLine };
}

type At = (point: BoardPoint) => { line: number; column: number };
interface Cells { food: BoardPoint[]; hazards: Board['hazards']; heads: Map<string, BoardPoint>; bodies: Map<string, BoardPoint[]> }

/** Food, hazards (with stack counts), one head per letter, and body cells by letter. */
function readCells(rows: string[][], at: At, problem: Report): Cells {
  const height = rows.length;
  const found: Cells = { food: [], hazards: [], heads: new Map(), bodies: new Map() };
  rows.forEach((cells, row) => {
    cells.forEach((cell, x) => {
      const point = { x, y: height - 1 - row };
      if (cell === '*' || cell === '@') found.food.push(point);
      if (cell === '#' || cell === '@') found.hazards.push({ ...point, stack: 1 });
      if (/[2-9]/.test(cell)) found.hazards.push({ ...point, stack: Number(cell) });
      if (/[A-H]/.test(cell)) {
        if (found.heads.has(cell)) {
          const { line, column } = at(point);
          problem(`Expected one head \`${cell}\`, found a second one at (${x},${point.y})`, line, column);
        } else found.heads.set(cell, point);
      }
      if (/[a-h]/.test(cell)) found.bodies.set(cell, [...(found.bodies.get(cell) ?? []), point]);
    });
  });
  return found;
}

/** Each snake's body traced from its head; body cells without a head or off the chain are problems. */
function connectBodies(cells: Cells, at: At, problem: Report): Map<string, Array<[BoardPoint, BoardPoint]>> {
  const segmentsBySnake = new Map<string, Array<[BoardPoint, BoardPoint]>>();
  for (const [letter, body] of cells.bodies) {
    const head = cells.heads.get(letter.toUpperCase());
    if (!head) {
      const { line, column } = at(body[0]);
      problem(`Cannot find the head \`${letter.toUpperCase()}\` of body cell \`${letter}\` at (${body[0].x},${body[0].y})`, line, column);
      continue;
    }
    const segments = traceSnakeBody({ head, body });
    segmentsBySnake.set(letter.toUpperCase(), segments);
    const reached = new Set(segments.map(([, to]) => key(to)));
    const loose = body.find((point) => !reached.has(key(point)));
    if (loose) {
      const { line, column } = at(loose);
      problem(`Expected body cell \`${letter}\` at (${loose.x},${loose.y}) to connect to the head \`${letter.toUpperCase()}\``, line, column);
    }
  }
  return segmentsBySnake;
}

type Report = (message: string, line: number, column?: number) => void;
interface SnakeName {
  name: string;
  line: number;
  column: number;
}

/** Reads `A=You, B=Rival` into letter → name. */
function parseSnakeNames(
  header: { value: string; line: number; column: number } | undefined,
  problem: Report,
): Map<string, SnakeName> {
  const names = new Map<string, SnakeName>();
  if (!header) return names;
  let offset = 0;
  for (const entry of header.value.split(',')) {
    const column = header.column + offset + (entry.length - entry.trimStart().length);
    offset += entry.length + 1;
    if (entry.trim() === '') continue;
    const match = snakeEntryRE.exec(entry.trim());
    if (!match) {
      problem(`Expected \`snakes:\` entries like \`A=You\`, found \`${entry.trim()}\``, header.line, column);
      continue;
    }
    names.set(match[1], { name: match[2].trim(), line: header.line, column });
  }
  return names;
}

/** Splits a grid row into cells, reporting bad separators and unknown characters. */
function parseRow(text: string, line: number, problem: Report): string[] | undefined {
  const row = text.trimEnd();
  const cells: string[] = [];
  let ok = true;
  for (let column = 0; column < row.length; column++) {
    const char = row[column];
    if (column % 2 === 1) {
      if (char !== ' ') {
        problem(`Expected single-character cells separated by single spaces, found \`${row.slice(column - 1, column + 1)}\``, line, column);
        return undefined;
      }
      continue;
    }
    if (!cellRE.test(char)) {
      problem(`Cannot use \`${char}\` as a board cell; expected \`.\`, \`*\`, \`#\`, \`2\`–\`9\`, \`@\`, \`A\`–\`H\` or \`a\`–\`h\``, line, column);
      ok = false;
    }
    cells.push(char);
  }
  return ok ? cells : undefined;
}

const key = (point: BoardPoint) => `${point.x},${point.y}`;
