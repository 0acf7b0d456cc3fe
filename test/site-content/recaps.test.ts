import { describe, expect, it } from 'vitest';
import { loadCanon, type CanonEvent } from './canon/schema.ts';
import { loadPosts, toNumber, type Page } from './canon/pages.ts';

// Issue 15, item 13 and issue 27, items A2 and C: every recap of a final tells the canon's result
// (content/data/canon.yml): its champion, the finalists and their wins, the number of games, the
// ladder table of the season, and the day it was played.

const canon = loadCanon();
const posts = new Map(loadPosts().map((p) => [p.name, p]));
const recaps = canon.events.filter((e): e is CanonEvent & { recap: string; final: NonNullable<CanonEvent['final']> } => !!e.recap && !!e.final);

const ORDINAL: Record<string, number> = { third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9 };

/** How many games the recap's description and opening say the final had (each distinct figure once). */
function statedGames(page: Page): number[] {
  const text = `${page.description}\n${page.opening}`;
  const found = [...text.matchAll(/\b(three|four|five|six|seven|eight|nine)-game\b|\bin (three|four|five|six|seven|eight|nine) games\b|\bwent to an? (third|fourth|fifth|sixth|seventh|eighth|ninth) game\b/g)]
    .map((m) => (m[3] ? ORDINAL[m[3]] : toNumber(m[1] ?? m[2])));
  return [...new Set(found)];
}

/** Ranks 1–4 of the recap's placings table: each finalist and its wins in the final. */
function placings(page: Page): [string, number][] {
  const candidates = page.tables.flatMap((rows) => {
    const header = rows[0];
    const winsColumn = header.findIndex((h) => /^final wins$/i.test(h));
    const nameColumn = header.findIndex((h) => /^(serpent|snake)$/i.test(h));
    const top = rows.slice(1).filter((r) => /^[1-4]$/.test(r[0]));
    if (top.length !== 4 || nameColumn < 0) return [];
    return [top.map((r): [string, number] => {
      if (winsColumn >= 0) return [r[nameColumn], Number(r[winsColumn])];
      const cell = r.find((c) => /\b\d wins?\b/.test(c));
      return [r[nameColumn], cell ? Number(/(\d) wins?\b/.exec(cell)![1]) : Number.NaN];
    })];
  });
  return candidates.find((c) => c.every(([, n]) => !Number.isNaN(n))) ?? [];
}

/** "**Game 3 (Basilisk-9).**" lines, when the recap tells the final game by game. */
function gameByGame(page: Page): string[] {
  return [...page.body.matchAll(/^\*\*Game (\d+) \(([^)]+)\)\.\*\*/gm)].map((m, i) => {
    expect(Number(m[1]), `${page.file}: games numbered in order`).toBe(i + 1);
    return m[2];
  });
}

describe('recaps of finals', () => {
  it('exist for every final in the canon', () => {
    expect(recaps.length).toBeGreaterThanOrEqual(10);
    for (const e of recaps) expect(posts.has(e.recap), e.recap).toBe(true);
  });

  it('crown the canon champion in the title, the description and the opening', () => {
    for (const e of recaps) {
      const page = posts.get(e.recap)!;
      const champion = e.final.results[0].serpent;
      const author = canon.serpents[champion];
      expect(page.title, `${page.file}: title`).toContain(champion);
      expect(page.description.includes(champion) || page.description.includes(author), `${page.file}: description`).toBe(true);
      expect(page.opening, `${page.file}: opening`).toContain(champion);
      expect(page.opening.includes(author) || page.body.includes(`\`${author}\``), `${page.file}: the champion's author`).toBe(true);
    }
  });

  it('state the number of final games once, as the canon has it', () => {
    for (const e of recaps) {
      const page = posts.get(e.recap)!;
      expect(statedGames(page), `${page.file}: games stated in the description and opening`).toEqual([e.final.games]);
    }
  });

  it('rank the four finalists by the canon, with its wins, and tell the games to match', () => {
    for (const e of recaps) {
      const page = posts.get(e.recap)!;
      const expected = e.final.results.map((r): [string, number] => [r.serpent, r.wins]);
      expect(placings(page), `${page.file}: placings table`).toEqual(expected);
      const winners = gameByGame(page);
      if (winners.length) {
        expect(winners.length, `${page.file}: one line per game`).toBe(e.final.games - e.final.draws);
        const counted = Object.fromEntries(e.final.results.map((r) => [r.serpent, winners.filter((w) => w === r.serpent).length]));
        expect(counted, page.file).toEqual(Object.fromEntries(expected));
        expect(winners.at(-1), `${page.file}: the champion wins the last game`).toBe(expected[0][0]);
      }
    }
  });

  it("give a finalist's wins in prose as the canon has them", () => {
    // "took two games off the champion", "won two games of the final": the Serpent is the one named
    // in that sentence or the one before, and its final wins must be the number stated.
    const claimRE = /\b(?:took|won) (one|two|three|\d) (?:games?|wins?) (?:off the champion|of the final|in the final)/gi;
    const problems: string[] = [];
    for (const e of recaps) {
      const page = posts.get(e.recap)!;
      page.sentences.forEach((s, i) => {
        for (const m of s.text.matchAll(claimRE)) {
          const context = `${page.sentences[i - 1]?.text ?? ''} ${s.text}`;
          const named = e.final.results.filter((r) => context.includes(r.serpent));
          const candidates = named.length ? named : e.final.results;
          if (!candidates.some((r) => r.wins === toNumber(m[1]))) {
            problems.push(`${page.file}:${s.line}: "${m[0]}", but ${candidates.map((r) => `${r.serpent} won ${r.wins}`).join(', ')}`);
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('place the semi-finalists 5 to 8 as the canon does, where the recap ranks them', () => {
    for (const e of recaps.filter((r) => r.semiFinalists)) {
      const page = posts.get(e.recap)!;
      for (const rows of page.tables) {
        const name = rows[0].findIndex((h) => /^(serpent|snake)$/i.test(h));
        const ranked = rows.slice(1).filter((r) => /^T?[5-8]$/.test(r[0]));
        // Only the placings table: its first four rows are the final's four (a ladder table is not).
        const top = rows.slice(1).filter((r) => /^[1-4]$/.test(r[0])).map((r) => r[name]);
        if (name < 0 || ranked.length !== 4 || top.join() !== e.final.results.map((r) => r.serpent).join()) continue;
        expect(ranked.map((r) => r[name]), `${page.file}: places 5 to 8`).toEqual(e.semiFinalists);
      }
    }
  });

  it('count how many of one event\'s top eight play the next final as the canon has it', () => {
    // "Seven of today's top eight will be there" in a tournament recap, about the league final that follows.
    const finals = canon.events.filter((e) => e.final && e.semiFinalists);
    const topEight = (e: CanonEvent) => new Set([...e.final!.results.map((r) => r.serpent), ...e.semiFinalists!]);
    const problems: string[] = [];
    let found = 0;
    for (const e of finals) {
      const next = finals.find((x) => (x.finalsDate ?? '') > (e.finalsDate ?? ''));
      for (const name of e.posts) {
        for (const s of posts.get(name)!.sentences) {
          for (const m of s.text.matchAll(/\b(\w+) of (?:today's|the day's|this season's|our) top eight (?:will|are|were|made|reached)\b/gi)) {
            found++;
            const n = toNumber(m[1]);
            const overlap = next ? [...topEight(e)].filter((x) => topEight(next).has(x)).length : Number.NaN;
            if (n !== overlap) problems.push(`${name}:${s.line}: "${m[0]}", but ${overlap} of them play ${next?.name}`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('print the season ladder the canon has: places per round and points', () => {
    for (const e of recaps.filter((r) => r.ladder)) {
      const page = posts.get(e.recap)!;
      const table = page.tables.find((rows) => rows[0].includes('Round 1') && rows[0].includes('Points'));
      expect(table, `${page.file}: a ladder table`).toBeDefined();
      const header = table![0];
      const name = header.findIndex((h) => /^(serpent|snake)$/i.test(h));
      const rounds = header.flatMap((h, i) => (/^Round \d$/.test(h) ? [i] : []));
      const points = header.indexOf('Points');
      const rows = table!.slice(1).map((r) => ({
        serpent: r[name],
        places: rounds.map((i) => (/^\d+/.test(r[i]) ? Number(/^\d+/.exec(r[i])![0]) : null)),
        points: Number(r[points]),
      }));
      expect(rows, page.file).toEqual(e.ladder);
    }
  });

  it('put the finals on the day the canon has, when they name the weekday', () => {
    const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    for (const e of recaps) {
      const page = posts.get(e.recap)!;
      const held = e.finalsDate!;
      const days = (Date.parse(page.date) - Date.parse(held)) / 86_400_000;
      const weekday = weekdays[new Date(`${held}T12:00:00Z`).getUTCDay()];
      for (const m of page.opening.matchAll(/\b(?:on|last) (Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)\b/g)) {
        expect(m[1], `${page.file}: the final was on ${held}`).toBe(weekday);
        expect(days, `${page.file}: "${m[0]}" must be within the last week`).toBeLessThan(7);
      }
    }
  });
});
