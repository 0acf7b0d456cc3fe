import { describe, expect, it } from 'vitest';
import { loadCanon } from './canon/schema.ts';
import { loadPosts, type Page } from './canon/pages.ts';

// Issue 27, item A2: dates in posts agree with the calendar and with the canon's events. Every
// "Saturday, June 12" or "Saturday 17 June" must fall on that weekday, and the schedule tables of
// league posts must give the canon's dates for the ladder and the final.

const canon = loadCanon();
const posts = loadPosts();

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const M = MONTHS.join('|');
const W = WEEKDAYS.join('|');

/** A written date: its weekday if given, and the ISO date, its year inferred from the post's date. */
interface Written { text: string; weekday?: string; iso: string }

/** Dates in a text ("Monday, August 24", "Saturday 17 June", "8 January"), years taken from `postDate`. */
function datesIn(text: string, postDate: string): Written[] {
  const [year, month] = postDate.split('-').map(Number);
  const iso = (m: number, d: number) => {
    // A date more than three months before the post is next year's ("8 January" in December).
    const y = m < month - 3 ? year + 1 : year;
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  };
  const out: Written[] = [];
  const re = new RegExp(`\\b(?:(${W}),? )?(?:(${M}) (\\d{1,2})\\b|(\\d{1,2}) (${M})\\b)`, 'g');
  for (const m of text.matchAll(re)) {
    const monthName = m[2] ?? m[5];
    const day = Number(m[3] ?? m[4]);
    out.push({ text: m[0], weekday: m[1], iso: iso(MONTHS.indexOf(monthName) + 1, day) });
  }
  return out;
}

const weekdayOf = (iso: string) => WEEKDAYS[new Date(`${iso}T12:00:00Z`).getUTCDay()];

/** Rows of a post's schedule tables: [what, dates] whichever column order the table uses. */
function scheduleRows(page: Page): { what: string; when: string }[] {
  return page.tables.flatMap((rows) => {
    const header = rows[0].map((h) => h.toLowerCase());
    const dateFirst = header[0] === 'date';
    if (!(dateFirst || header[1] === 'dates')) return [];
    return rows.slice(1).map((r) => (dateFirst ? { what: r[1], when: r[0] } : { what: r[0], when: r[1] }));
  });
}

describe('dates in posts', () => {
  it('fall on the weekday they are given', () => {
    const problems: string[] = [];
    let found = 0;
    for (const page of posts) {
      for (const d of datesIn(`${page.description}\n${page.body}`, page.date)) {
        if (!d.weekday) continue;
        found++;
        if (weekdayOf(d.iso) !== d.weekday) problems.push(`${page.file}: "${d.text}" is a ${weekdayOf(d.iso)} (${d.iso})`);
      }
    }
    expect(found).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("give the canon's dates for a league season's ladder and final in its schedule tables", () => {
    const problems: string[] = [];
    const leagues = canon.events.filter((x) => x.kind === 'league');
    let checked = 0;
    for (const page of posts) {
      // A post can speak of two seasons (a recap that announces the next one): either may match.
      const events = leagues.filter((e) => e.posts.includes(page.name));
      if (!events.length) continue;
      for (const { what, when } of scheduleRows(page)) {
        const dates = datesIn(when, page.date).map((d) => d.iso);
        if (!dates.length) continue;
        // Which canon date a row states, by what it says happens.
        const key =
          /freeze|check-in|day 1/i.test(what) ? undefined
            : /^finals?\b|finals day 2|finals, streamed/i.test(what) ? 'finalsDate'
              : /round 1 begins|ladder week 1 begins|^round 1$|begins with round 1/i.test(what) ? 'ladderStart'
                : /ladder (?:ends|closes)|^round 3$/i.test(what) ? 'ladderEnd'
                  : undefined;
        if (!key) continue;
        checked++;
        const stated = /^round [13]$/i.test(what) && dates.length === 2 ? dates[/^round 1$/i.test(what) ? 0 : 1] : dates.at(-1)!;
        const expected = events.map((e) => e[key]);
        if (!expected.includes(stated)) problems.push(`${page.file}: "${what}" on ${stated}, the canon has ${expected.join(' or ')}`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
  it("give the canon's dates for rounds, registration, the code freeze and the check-in in schedule tables", () => {
    const problems: string[] = [];
    const leagues = canon.events.filter((x) => x.kind === 'league');
    let checked = 0;
    for (const page of posts) {
      const events = leagues.filter((e) => e.posts.includes(page.name));
      if (!events.length) continue;
      for (const { what, when } of scheduleRows(page)) {
        const dates = datesIn(when, page.date).map((d) => d.iso);
        if (!dates.length) continue;
        const both = `${what} ${when}`;
        // Which canon dates a row states, by what it says happens: [canon date of each stated date].
        const round = /^round ([1-9])\b/i.exec(what);
        let expected: ((e: (typeof events)[number]) => (string | undefined)[]) | undefined;
        if (round) {
          const n = Number(round[1]) - 1;
          expected = (e) => (dates.length === 2 ? [e.rounds?.[n]?.start, e.rounds?.[n]?.end] : [e.rounds?.[n]?.start]);
        } else if (/registration/i.test(what) && /clos|last day|until/i.test(both)) {
          expected = (e) => (dates.length === 2 ? [e.registration, e.registrationCloses] : [e.registrationCloses]);
        } else if (/registration/i.test(what) && /open/i.test(both)) expected = (e) => [e.registration];
        else if (/freeze/i.test(what)) expected = (e) => [e.codeFreeze];
        else if (/check-in/i.test(what)) expected = (e) => [e.checkIn];
        else if (/finals day 1/i.test(what)) expected = (e) => [e.finalsStart];
        if (!expected) continue;
        checked++;
        if (!events.some((e) => expected!(e).join() === dates.join())) {
          problems.push(`${page.file}: "${what} | ${when}" gives ${dates.join(' – ')}, the canon has ${events.map((e) => expected!(e).join(' – ')).join(' or ')}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });
});
