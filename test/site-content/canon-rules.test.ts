import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadCanon, root, type CanonEvent } from './canon/schema.ts';
import { loadDocs, loadPosts, toNumber, type Page } from './canon/pages.ts';

// Issue 40, item 3: what posts say about each season's and event's rules (points, qualifiers,
// rounds, games, awards and prizes) is what the canon records, and a post written before an event
// does not know its outcome.

const canon = loadCanon();
const posts = loadPosts();
const pages = [...posts, ...loadDocs()];
const leagues = canon.events.filter((e) => e.kind === 'league');
const at = (p: Page, line: number) => `${p.file}:${line}`;
const NUM = '(\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|twenty)';
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** The events a post belongs to (the canon lists its posts), or none. */
const ownEvents = (p: Page) => canon.events.filter((e) => e.posts.includes(p.name));

/** Seasons a sentence names: "Season 5", "Seasons 3 and 4". */
function seasonsNamed(text: string): CanonEvent[] {
  const out: CanonEvent[] = [];
  for (const m of text.matchAll(/\bSeasons? (\d+)(?:\s*(?:and|to|–|-)\s*(\d+))?/g)) {
    for (let n = Number(m[1]); n <= Number(m[2] ?? m[1]); n++) {
      const e = leagues.find((x) => x.season === n);
      if (e) out.push(e);
    }
  }
  return out;
}

/** The events a sentence speaks of: the seasons it names, else the post's own events. */
const eventsOf = (p: Page, text: string) => (seasonsNamed(text).length ? seasonsNamed(text) : ownEvents(p));

/** Points tables a tie-break rule scores with, besides the event's own points. */
const TIE_BREAK_POINTS: Record<string, number[]> = { 'placement-points': [3, 2, 1, 0], 'wins-then-points': [5, 3, 1, 0] };

describe("posts and pages against each season's rules in the canon", () => {
  it('print the points per place that the season or event used', () => {
    // Tables: "| 1st (last Serpent alive) | 5 |", "| Finishing 2nd | 2 |", "| Each takedown | +1 |".
    const problems: string[] = [];
    let found = 0;
    for (const page of posts) {
      const events = ownEvents(page);
      for (const table of page.tables) {
        const header = table[0].map((h) => h.toLowerCase());
        const pointsCol = header.findIndex((h) => /^points$/.test(h));
        if (pointsCol < 0 || !/finish|place|points for/.test(header[0])) continue;
        const perRound = /round/.test(header[0]);
        for (const row of table.slice(1)) {
          const place = /^(?:finishing )?(\d+)(?:st|nd|rd|th)\b(?! to)/i.exec(row[0]);
          const takedown = /takedown/i.test(row[0]);
          if (!place && !takedown) continue;
          const stated = Number(/\d+/.exec(row[pointsCol])?.[0]);
          found++;
          const fits = events.some((e) => {
            if (takedown) return e.takedownPoint === stated;
            const points = perRound ? e.roundPoints : e.gamePoints;
            return points?.[Number(place![1]) - 1] === stated;
          });
          if (!fits) problems.push(`${page.file}: "${row.join(' | ')}" is not what ${events.map((e) => e.name).join(' or ') || 'any event'} paid`);
        }
      }
    }
    expect(found).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });

  it('give points per place in prose ("5, 3, 1 and 0") as the season scored them or its tie-break counted', () => {
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      for (const s of page.sentences) {
        if (!/\bpoints?\b|\bpaid\b|\bscor/i.test(s.text)) continue;
        for (const m of s.text.matchAll(/(?<!\d,? ?|\d|[Ss]eeds? )\(?(\d+), (\d+),? (?:and )?(\d+)(?:,? (?:and |then )?(\d+))?\)?(?! (?:games|turns|wins|ms|entrants|Serpents|snakes))/g)) {
          const said = m.slice(1).filter((x) => x !== undefined).map(Number);
          const events = eventsOf(page, s.text);
          if (!events.length) continue;
          found++;
          const tables = events.flatMap((e) => [e.gamePoints, e.roundPoints, ...Object.values(e.tieBreak ?? {}).map((r) => TIE_BREAK_POINTS[r])])
            .filter((t): t is number[] => !!t);
          if (!tables.some((t) => said.every((n, i) => t[i] === n))) {
            problems.push(`${at(page, s.line)}: "${m[0]}" is not a points table of ${events.map((e) => e.name).join(' or ')}`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  it('give the number of qualifiers for finals day that the season had', () => {
    // "the top eight Serpents qualify", "The 16 highest totals … qualify", "a sixteen-snake live final",
    // "all sixteen finalists".
    const claims = [
      new RegExp(`\\b(?:top|best) ${NUM}(?= (?:Serpents|snakes|on points|after|at the end|of the ladder|qualify)|$|[,.])`, 'gi'),
      new RegExp(`\\b${NUM}(?: highest totals| best Serpents| snakes with the most| Serpents with the most)\\b`, 'gi'),
      new RegExp(`\\b${NUM}(?:-snake| Serpents?| snakes?) (?:live )?(?:final|finals day|qualify)`, 'gi'),
      new RegExp(`\\b(?:all |the )?${NUM} finalists\\b`, 'gi'),
    ];
    const problems: string[] = [];
    let found = 0;
    for (const page of posts) {
      for (const s of page.sentences) {
        if (!/qualif|\bfinals?\b|finalists/i.test(s.text) || /\b(?:receive|get|gets|wins?) the\b|\bhead\b|\btail\b/.test(s.text)) continue;
        const events = eventsOf(page, s.text).filter((e) => e.qualifiers);
        if (!events.length) continue;
        for (const re of claims) {
          for (const m of s.text.matchAll(re)) {
            const n = toNumber(m[1]);
            // Four or fewer is the final itself ("the four finalists", "a four-snake final"), and a
            // number right after "Season" is the season's ("Season 2 finalists").
            if (n <= 4 || /Seasons? $/.test(s.text.slice(0, m.index!))) continue;
            found++;
            if (!events.some((e) => e.qualifiers === n)) problems.push(`${at(page, s.line)}: "${m[0]}", but ${events.map((e) => `${e.name} had ${e.qualifiers}`).join(', ')}`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(8);
    expect(problems).toEqual([]);
  });

  it('give the ladder games per day or week, and the length of rounds and ladders, that the season had', () => {
    const problems: string[] = [];
    let found = 0;
    const weeks = (a: string, b: string) => Math.round((days(a, b) + 1) / 7);
    for (const page of posts) {
      for (const s of page.sentences) {
        const events = eventsOf(page, s.text).filter((e) => e.kind === 'league');
        if (!events.length) continue;
        for (const m of s.text.matchAll(new RegExp(`\\b${NUM} (?:ladder |league )?games (?:a|per|each|every) (day|week)\\b`, 'gi'))) {
          found++;
          const n = toNumber(m[1]);
          if (!events.some((e) => (m[2] === 'day' ? e.ladderGames?.perDay : e.ladderGames?.perWeek) === n)) problems.push(`${at(page, s.line)}: "${m[0]}"`);
        }
        for (const m of s.text.matchAll(new RegExp(`\\b${NUM} \`royale\` games\\b`, 'gi'))) {
          found++;
          if (!events.some((e) => e.ladderGames?.royale === toNumber(m[1]))) problems.push(`${at(page, s.line)}: "${m[0]}"`);
        }
        for (const m of s.text.matchAll(new RegExp(`\\b${NUM}[- ]week (rounds?|ladder)\\b|\\brounds are ${NUM} weeks\\b`, 'gi'))) {
          found++;
          const n = toNumber(m[1] ?? m[3]);
          const isLadder = m[2] === 'ladder';
          const fits = events.some((e) => (isLadder ? weeks(e.ladderStart!, e.ladderEnd!) : e.rounds && weeks(e.rounds[0].start, e.rounds[0].end)) === n);
          // "instead of four": the length a season moved away from is the previous season's.
          const before = /\binstead of\b|\bfrom\b/.test(s.text.slice(m.index! + m[0].length, m.index! + m[0].length + 20));
          if (!fits && !before) problems.push(`${at(page, s.line)}: "${m[0]}", but ${events.map((e) => e.name).join(' or ')} did not`);
        }
      }
    }
    expect(found).toBeGreaterThan(6);
    expect(problems).toEqual([]);
  });

  it('call a date "halfway" through a season only near the middle of its ladder', () => {
    // "Halfway through the season, on Saturday 13 May" must be near the middle of that season's
    // ladder; a post dated within the ladder that says it has reached halfway is checked on its date.
    const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const problems: string[] = [];
    let found = 0;
    for (const page of posts) {
      for (const s of page.sentences) {
        if (!/\bhalfway\b|\bhalf-way\b|\bmidway\b|\bmid-?season\b/i.test(s.text)) continue;
        const written = new RegExp(`\\b(\\d{1,2}) (${MONTHS.join('|')})\\b|\\b(${MONTHS.join('|')}) (\\d{1,2})\\b`).exec(s.text);
        for (const e of eventsOf(page, s.text).filter((x) => x.ladderStart)) {
          let date: string | undefined;
          if (written) {
            const month = MONTHS.indexOf(written[2] ?? written[3]) + 1;
            date = `${e.ladderStart!.slice(0, 4)}-${String(month).padStart(2, '0')}-${String(written[1] ?? written[4]).padStart(2, '0')}`;
          } else if (page.date >= e.ladderStart! && page.date <= e.ladderEnd!) date = page.date;
          if (!date) continue;
          found++;
          const share = days(e.ladderStart!, date) / days(e.ladderStart!, e.ladderEnd!);
          if (Math.abs(share - 0.5) > 0.1) problems.push(`${at(page, s.line)}: ${date} is ${Math.round(share * 100)} % of the way through ${e.name}'s ladder, not halfway`);
        }
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('never tell the winner of a final, or of a rookie award, before it was decided', () => {
    const problems: string[] = [];
    const WIN = /\b(?:won|wins|winner|champion|title|takes|took|goes to|went to|award(?:ed)? to)\b/i;
    for (const page of posts) {
      for (const s of page.sentences) {
        if (!WIN.test(s.text)) continue;
        for (const e of canon.events.filter((x) => x.final && x.finalsDate! > page.date)) {
          const named = e.season ? new RegExp(`\\bSeason ${e.season}\\b`).test(s.text) : s.text.includes(e.name.replace(/ \d{4}$/, ''));
          if (named && s.text.includes(e.final!.results[0].serpent)) problems.push(`${at(page, s.line)}: names ${e.name}'s champion before ${e.finalsDate}`);
        }
        if (!/\brookie\b/i.test(s.text)) continue;
        for (const e of canon.events.filter((x) => x.rookie && s.text.includes(x.rookie))) {
          if (e.finalsDate! > page.date) problems.push(`${at(page, s.line)}: names ${e.name}'s rookie before ${e.finalsDate}`);
        }
        // Every Serpent named as a rookie winner is one the canon gave the award to.
        for (const name of Object.keys(canon.serpents).filter((n) => s.text.includes(n))) {
          const winners = canon.events.filter((e) => e.rookie === name);
          if (!winners.length && /\brookie (?:award|of the season)\b[^.]*\b(?:goes|went) to\b|\bwinner of [^.]*rookie/i.test(s.text)) {
            problems.push(`${at(page, s.line)}: ${name} never won a rookie award`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('call an award a one-off only once a later season has been announced without it', () => {
    const problems: string[] = [];
    for (const page of posts) {
      for (const s of page.sentences) {
        if (!/\brookie\b/i.test(s.text) || !/\bone-off\b|\bran (?:it )?once\b|\bonly once\b|\bnever again\b/i.test(s.text)) continue;
        // The award meant: a season the sentence names, else the last one given by the post's date.
        const awarded = leagues.filter((e) => e.rookieAward && e.finalsDate! <= page.date);
        const meant = seasonsNamed(s.text).find((e) => e.rookieAward) ?? awarded.at(-1);
        const without = leagues.find((e) => meant && e.season! > meant.season! && !e.rookieAward && e.registration! <= page.date);
        if (!without) problems.push(`${at(page, s.line)}: on ${page.date} no season had yet been announced without the rookie award`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('name prize and commemorative heads and tails by their kind, and only once they are announced', () => {
    const free = parse(readFileSync(path.join(root, 'content/data/customizations.yml'), 'utf8')) as Record<string, { id: string }[]>;
    const kindOf = (id: string) => [
      ...(free.heads.some((h) => h.id === id) ? ['head'] : []), ...(free.tails.some((t) => t.id === id) ? ['tail'] : []),
      ...canon.unlockables.filter((u) => u.id === id).map((u) => u.kind),
    ];
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      for (const s of page.sentences) {
        for (const m of s.text.matchAll(/`([a-z][a-z0-9-]*)` (head|tail)\b/g)) {
          found++;
          const kinds = kindOf(m[1]);
          const u = canon.unlockables.find((x) => x.id === m[1]);
          if (!kinds.length) problems.push(`${at(page, s.line)}: \`${m[1]}\` is neither a free customization nor an unlockable in the canon`);
          else if (!kinds.includes(m[2])) problems.push(`${at(page, s.line)}: \`${m[1]}\` is a ${kinds.join(' and ')}, not a ${m[2]}`);
          if (u && page.kind === 'post' && page.date < u.announced) problems.push(`${at(page, s.line)}: \`${m[1]}\` is announced on ${u.announced}`);
        }
      }
    }
    expect(found).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
