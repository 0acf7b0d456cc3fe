import { describe, expect, it } from 'vitest';
import { loadDocs, loadPosts, type Page } from './canon/pages.ts';

// Issue 27, item B17: a board diagram's written description (what a screen reader hears) must say
// what its grid shows. The check covers the claims descriptions make: the board's size, where a
// snake's head is, where food is, and which edge a snake runs along.

interface Board { file: string; title: string; description: string; grid: string[][]; width: number; height: number }

/** Every ```board block of a page, with its header fields and its grid (rows top to bottom). */
function boards(page: Page): Board[] {
  return [...page.body.matchAll(/```board\n([\s\S]*?)```/g)].map((m) => {
    const [head, ...rest] = m[1].split(/\n\s*\n/);
    const field = (key: string) => new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(head)?.[1] ?? '';
    const grid = rest.join('\n').split('\n').filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
    return { file: page.file, title: field('title'), description: field('description'), grid, width: grid[0]?.length ?? 0, height: grid.length };
  });
}

/** The grid cell at game coordinates (origin bottom-left). */
const cell = (b: Board, x: number, y: number) => b.grid[b.height - 1 - y]?.[x];

/** Cells of snake `letter` (head upper case, body lower case). */
function cellsOf(b: Board, letter: string): [number, number][] {
  const out: [number, number][] = [];
  b.grid.forEach((row, r) => row.forEach((c, x) => { if (c.toUpperCase() === letter) out.push([x, b.height - 1 - r]); }));
  return out;
}

/** The description split into clauses, each about one snake ("Snake A", "(A)", "Sidewinder B") or none. */
function clauses(text: string): { letter?: string; text: string }[] {
  const re = /\b(?:[A-Z][a-z-]+|snake|serpent) ([A-H])\b|\(([A-H])\)/g;
  const marks = [...text.matchAll(re)].map((m) => ({ at: m.index!, letter: m[1] ?? m[2] }));
  if (!marks.length) return [{ text }];
  return [{ text: text.slice(0, marks[0].at) }, ...marks.map((m, i) => ({ letter: m.letter, text: text.slice(m.at, marks[i + 1]?.at ?? text.length) }))];
}

describe('board diagrams', () => {
  const all = [...loadPosts(), ...loadDocs()].flatMap(boards);

  it('are found', () => {
    expect(all.length).toBeGreaterThan(10);
  });

  it('have descriptions that say what the grid shows', () => {
    const problems: string[] = [];
    for (const b of all) {
      const where = `${b.file} (${b.title})`;
      const size = /\b(\d+) (?:by|×) (\d+) board\b/.exec(b.description);
      if (size && (Number(size[1]) !== b.width || Number(size[2]) !== b.height)) {
        problems.push(`${where}: described as ${size[1]} by ${size[2]}, the grid is ${b.width} by ${b.height}`);
      }
      for (const { letter, text } of clauses(b.description)) {
        for (const m of text.matchAll(/\bfood (?:sits |is |remains |lies )?(?:at|on) ((?:\(\d+,\d+\)(?:,? (?:and )?)?)+)/gi)) {
          for (const [, x, y] of m[1].matchAll(/\((\d+),(\d+)\)/g)) {
            if (!['*', '@'].includes(cell(b, Number(x), Number(y)) ?? '')) problems.push(`${where}: food at (${x},${y}), the grid has "${cell(b, Number(x), Number(y))}"`);
          }
        }
        if (!letter) continue;
        const head = /\bhead (?:is )?at \((\d+),(\d+)\)/.exec(text);
        if (head && cell(b, Number(head[1]), Number(head[2])) !== letter) {
          problems.push(`${where}: ${letter}'s head at (${head[1]},${head[2]}), the grid has "${cell(b, Number(head[1]), Number(head[2]))}"`);
        }
        const cells = cellsOf(b, letter);
        const edges: [RegExp, (c: [number, number]) => boolean, string][] = [
          [/along the bottom (?:row|edge|wall)/, ([, y]) => y === 0, 'bottom'],
          [/along the top (?:row|edge|wall)/, ([, y]) => y === b.height - 1, 'top'],
          [/along the left (?:column|edge|wall)/, ([x]) => x === 0, 'left'],
          [/along the right (?:column|edge|wall)/, ([x]) => x === b.width - 1, 'right'],
        ];
        for (const [re, onEdge, name] of edges) {
          if (re.test(text) && !cells.some(onEdge)) problems.push(`${where}: ${letter} runs along the ${name} edge, but none of its cells is there`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
