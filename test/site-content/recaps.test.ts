import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// Issue 15, item 13: the finals of the league and tournament recaps were one template (3-2-1-0
// after six games, decided by "one segment", won by flood fill). Each final now has its own
// shape and story, and its figures must agree with themselves, with the blog's timeline and
// with the other recaps.

const blogDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content/blog');
const read = (file: string) => readFileSync(path.join(blogDir, file), 'utf8');

/** Every post with a four-snake final, and the name the timeline's "Finals at a glance" gives it. */
const RECAPS: Record<string, string> = {
  '2019-07-22-summer-shed-cup-results.md': 'Summer Shed Cup 2019',
  '2020-12-14-coil-league-season-1-recap.md': 'Season 1',
  '2021-05-24-spring-invitational-results.md': 'Spring Invitational 2021',
  '2021-06-14-season-2-recap.md': 'Season 2',
  '2021-12-13-season-3-recap.md': 'Season 3',
  '2022-06-20-season-4-recap.md': 'Season 4',
  '2022-12-19-season-5-recap.md': 'Season 5',
  '2023-05-15-spring-tide-open-results.md': 'Spring Tide Open 2023',
  '2023-06-19-season-6-recap.md': 'Season 6',
  '2023-12-04-season-7-recap-and-season-8.md': 'Season 7',
};

const NUMBERS: Record<string, number> = {
  three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
};

interface Final { games: number; wins: Map<string, number>; table: [string, number][] }

/** The number of games the post says its final had: in the description or the opening. */
function statedGames(text: string): number[] {
  const opening = text.split('<!-- truncate -->')[0];
  const found = [...opening.matchAll(/\b(three|four|five|six|seven|eight|nine)-game\b|\bin (three|four|five|six|seven|eight|nine) games\b|\bwent to an? (third|fourth|fifth|sixth|seventh|eighth|ninth) game\b/g)]
    .map((m) => NUMBERS[m[1] ?? m[2] ?? m[3]]);
  return [...new Set(found)];
}

/**
 * Ranks 1–4 of the final placings table: the Serpent and its game wins in the final (NaN where
 * the table counts something else, such as wins over the whole day).
 */
function placings(text: string): [string, number][] {
  const tables = text.split(/\n\n/).filter((block) => block.trim().startsWith('| Rank') || block.trim().startsWith('| Place'));
  const candidates = tables.flatMap((table) => {
    const rows = table.trim().split('\n').map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
    const finalWinsColumn = rows[0].findIndex((h) => /^final wins$/i.test(h));
    const top = rows.slice(2).filter((r) => /^[1-4]$/.test(r[0]));
    if (top.length !== 4) return [];
    return [top.map((r): [string, number] => {
      if (finalWinsColumn >= 0) return [r[1], Number(r[finalWinsColumn])];
      const cell = r.find((c) => /^(?:(?:Grand final|Final), )?\d wins?\b/.test(c));
      return [r[1], cell ? Number(/(\d) wins?/.exec(cell)![1]) : Number.NaN];
    })];
  });
  // The placings table is the one that counts wins in the final (a ladder table may come first).
  return candidates.find((c) => c.every(([, n]) => !Number.isNaN(n))) ?? candidates.at(-1) ?? [];
}

function final(file: string): Final {
  const text = read(file);
  const table = placings(text);
  const wins = new Map<string, number>(table.map(([name]) => [name, 0]));
  const games = [...text.matchAll(/^\*\*Game (\d+) \(([^)]+)\)\.\*\*/gm)];
  if (games.length) {
    // Game by game: "**Game 3 (Basilisk-9).**" names the winner; the numbers run 1, 2, 3…
    expect(games.map((g) => Number(g[1])), file).toEqual(games.map((_, i) => i + 1));
    for (const g of games) wins.set(g[2], (wins.get(g[2]) ?? 0) + 1);
  } else {
    for (const [name, n] of table) wins.set(name, n);
  }
  const stated = statedGames(text);
  expect(stated, `${file} states how many games its final had, once`).toHaveLength(1);
  return { games: stated[0], wins, table };
}

/** "Finals at a glance" in the timeline: games and wins per final. */
function glance(): Map<string, { games: number; wins: Map<string, number> }> {
  const section = read('_timeline.md').split('## Finals at a glance')[1].split('\n## ')[0];
  const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Final') && !l.startsWith('|---'));
  return new Map(rows.map((l) => {
    const [name, games, wins] = l.split('|').slice(1, -1).map((c) => c.trim());
    return [name, { games: Number(games), wins: new Map(wins.split(', ').map((w) => [w.replace(/ \d+$/, ''), Number(/\d+$/.exec(w)![0])])) }];
  }));
}

describe('league and tournament finals', () => {
  let finals: Record<string, Final> = {};
  beforeAll(() => {
    finals = Object.fromEntries(Object.keys(RECAPS).map((file) => [file, final(file)]));
  });

  it('add up: one winner per game, three wins for the champion, and a table in order of wins', () => {
    for (const [file, f] of Object.entries(finals)) {
      const wins = [...f.wins.values()];
      expect(f.wins.size, `${file}: four finalists`).toBe(4);
      expect(wins.reduce((a, b) => a + b, 0), `${file}: game wins against the games stated`).toBe(f.games);
      expect(Math.max(...wins), file).toBe(3);
      expect(wins.filter((w) => w === 3), `${file}: one champion`).toHaveLength(1);
      const counted = f.table.filter(([, n]) => !Number.isNaN(n));
      expect(counted.map(([name]) => f.wins.get(name)), `${file}: the table against the games`).toEqual(counted.map(([, n]) => n));
      const ordered = f.table.map(([name]) => f.wins.get(name)!);
      expect(ordered, `${file}: ranked by wins`).toEqual([...ordered].sort((a, b) => b - a));
    }
  });

  it('crown the champion the timeline names, with the figures of its "Finals at a glance"', () => {
    const timeline = read('_timeline.md');
    const summary = glance();
    for (const [file, f] of Object.entries(finals)) {
      const row = timeline.split('\n').find((l) => l.startsWith('| 20') && l.includes(file));
      const champion = /(?:champion|winner) ([^(;|]+?) \(/.exec(row ?? '')?.[1];
      expect(champion, `${file}: timeline row`).toBeDefined();
      expect(f.wins.get(champion!), `${file}: ${champion} has three wins`).toBe(3);
      const expected = summary.get(RECAPS[file]);
      expect(expected, `${RECAPS[file]} in "Finals at a glance"`).toBeDefined();
      expect({ games: f.games, wins: Object.fromEntries(f.wins) }, file).toEqual({ games: expected!.games, wins: Object.fromEntries(expected!.wins) });
    }
  });

  it('have different shapes: no two finals more than twice alike', () => {
    const shapes = new Map<string, string[]>();
    for (const [file, f] of Object.entries(finals)) {
      const shape = `${[...f.wins.values()].sort((a, b) => b - a).join('-')} in ${f.games}`;
      shapes.set(shape, [...(shapes.get(shape) ?? []), file]);
    }
    const repeated = [...shapes].filter(([, files]) => files.length > 2);
    expect(repeated).toEqual([]);
    expect(shapes.size).toBeGreaterThanOrEqual(7);
  });

  it('are not all decided by one segment or won by a flood fill', () => {
    const texts = Object.keys(RECAPS).map((file) => [file, read(file)] as const);
    expect(texts.filter(([, t]) => /one segment/i.test(t)).map(([f]) => f).length).toBeLessThanOrEqual(1);
    expect(texts.filter(([, t]) => /flood[- ]?fill|space[- ]count/i.test(t)).map(([f]) => f).length).toBeLessThanOrEqual(3);
  });
});
