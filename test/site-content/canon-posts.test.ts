import { describe, expect, it } from 'vitest';
import { inForce, loadCanon, type TieBreakRule } from './canon/schema.ts';
import { loadDocs, loadPosts, toNumber, type Page } from './canon/pages.ts';

// Issue 27, item A2: every post and page is checked against the canon (content/data/canon.yml).
// Each check covers a class of statement, found by pattern, not a list of known instances.

const canon = loadCanon();
const posts = loadPosts();
const pages = [...posts, ...loadDocs()];

const at = (p: Page, line: number) => `${p.file}:${line}`;
const NUM = '(\\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

/** People on staff on a date, and the founders. */
const sizeOn = (date: string) => inForce(canon.headcount, date)?.size ?? 0;

describe('posts and pages against the canon', () => {
  it('give the team size in force on their date, and the number of founders, wherever they state one', () => {
    // Every way the site states the company's size: "six of us", "a team of nine",
    // "Coilworks is nine people", "the six people you know", "what six people can do",
    // "the other five" (the writer and the rest); "N of us who started" counts the founders.
    const claims: [RegExp, (n: number, date: string) => number][] = [
      [new RegExp(`\\b${NUM} of us (?:who|that) (?:started|founded)`, 'gi'), () => canon.company.founders.length],
      [new RegExp(`\\b(?:all |the )?${NUM} of us\\b(?! who started| that started| who founded)`, 'gi'), (_, d) => sizeOn(d)],
      [new RegExp(`\\bteam (?:of|grows to|is now) ${NUM}\\b`, 'gi'), (_, d) => sizeOn(d)],
      [new RegExp(`\\b(?:Coilworks|we) (?:is|are) ${NUM} people\\b`, 'gi'), (_, d) => sizeOn(d)],
      [new RegExp(`\\b(?:the|what) ${NUM} people (?:you|can)\\b`, 'gi'), (_, d) => sizeOn(d)],
      [new RegExp(`\\bthe other ${NUM} (?:have|aren't|are)\\b`, 'gi'), (_, d) => sizeOn(d) - 1],
    ];
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      for (const s of page.sentences) {
        const seen = new Set<number>();
        for (const [re, expected] of claims) {
          for (const m of s.text.matchAll(re)) {
            if (seen.has(m.index!)) continue;
            seen.add(m.index!);
            found++;
            const n = toNumber(m[1]);
            const want = expected(n, page.date);
            if (n !== want) problems.push(`${at(page, s.line)}: "${m[0]}" but the canon has ${want} on ${page.date}`);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  });

  it('name the founders and the founding year as the canon does', () => {
    // "Mira Okafor and Tobias Lindqvist founded it in 2018", "Tobias and I started it in 2018",
    // "started Coilworks last year" (in a post by a founder).
    const founders = canon.company.founders.map((id) => canon.people.find((p) => p.id === id)!);
    const year = Number(canon.company.founded.slice(0, 4));
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      for (const s of page.sentences) {
        if (!/\b(?:founded|started (?:it|Coilworks|the company))\b/.test(s.text)) continue;
        const names = [...s.text.matchAll(/\b([A-Z][a-z]+)(?: [A-Z][a-z]+)? and (I|[A-Z][a-z]+)(?: [A-Z][a-z]+)?(?=,? (?:who )?(?:founded|started))/g)];
        for (const m of names) {
          found++;
          const named = [m[1], m[2]].filter((n) => n !== 'I');
          if (!named.every((n) => founders.some((f) => f.name.startsWith(`${n} `)))) problems.push(`${at(page, s.line)}: founders "${m[0]}"`);
          if (named.length + (m[2] === 'I' ? 1 : 0) !== founders.length) problems.push(`${at(page, s.line)}: ${founders.length} founders, not "${m[0]}"`);
        }
        const when = /\b(?:founded|started) (?:it |Coilworks |the company )?(?:in (\d{4})|last year)/.exec(s.text);
        if (when) {
          const said = when[1] ? Number(when[1]) : Number(page.date.slice(0, 4)) - 1;
          if (said !== year) problems.push(`${at(page, s.line)}: founded in ${said}, the canon has ${year}`);
        }
      }
    }
    expect(found).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });

  it('give the attendance of the latest in-person event as the canon has it', () => {
    // "about 140 of you came", "seventy people in the room", "met a few hundred of you in person".
    const countRE = /\b(?:about |around |nearly |some )?(\d+|seventy|a few hundred|hundreds|dozens)(?: of you| people)\b/gi;
    const cueRE = /in person|in one room|in the room|came to|attendees|Coilcon|meetup/i;
    const meetups = canon.events.filter((e) => e.kind === 'meetup' && e.attendance);
    const problems: string[] = [];
    let found = 0;
    for (const page of posts) {
      const event = meetups.filter((e) => e.date! <= page.date).at(-1);
      if (!event) continue;
      for (const s of page.sentences) {
        if (!cueRE.test(s.text)) continue;
        for (const m of s.text.matchAll(countRE)) {
          found++;
          const word = m[1].toLowerCase();
          const [low, high] = word === 'seventy' ? [70, 70] : /^\d+$/.test(word) ? [Number(word), Number(word)] : word === 'dozens' ? [24, 99] : [200, 999];
          const want = event.attendance!;
          if (high < want * 0.85 || low > want * 1.15) problems.push(`${at(page, s.line)}: "${m[0]}" but about ${want} came to ${event.name}`);
        }
      }
    }
    expect(found).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });

  it('number the first move as turn 0, never turn 1', () => {
    // The engine's first /move request carries turn 0 (the facts, § 1.2); "the first turn … turn 1" is wrong.
    const problems: string[] = [];
    for (const page of pages) {
      for (const s of page.sentences) {
        if (/\b(?:on|at|in) turn (?:1|one)\b/i.test(s.text) && /\bfirst (?:move|turn)\b|\bmoves? `up`/i.test(s.text)) {
          problems.push(`${at(page, s.line)}: "${s.text.slice(0, 80)}…" calls the first move turn 1`);
        }
      }
      // The sentence before counts too: "…moves `up` on the first turn. That is what happens on turn 1."
      page.sentences.forEach((s, i) => {
        if (i > 0 && /\b(?:on|at|in) turn (?:1|one)\b/i.test(s.text) && !/\bfirst (?:move|turn)\b/i.test(s.text) && /\bfirst (?:move|turn)\b/i.test(page.sentences[i - 1].text)) {
          problems.push(`${at(page, s.line)}: calls the first move turn 1`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('name the CLI repository as the canon does', () => {
    const problems: string[] = [];
    const repoRE = /`([a-z0-9-]+)` repository|repository `([a-z0-9-]+)`|github\.com\/serpent-arena\/([a-z0-9-]+)/g;
    for (const page of pages) {
      for (const m of page.body.matchAll(repoRE)) {
        const name = m[1] ?? m[2] ?? m[3];
        // Starter and docs repositories are other repositories; anything named for the CLI is this one.
        if (!/^serpent(?:$|-)|cli/.test(name)) continue;
        if (name !== canon.cli.repository) problems.push(`${page.file}: \`${name}\` repository, expected \`${canon.cli.repository}\``);
      }
    }
    expect(problems).toEqual([]);
  });

  it('use only CLI versions, flags, game types and maps that were released by their date', () => {
    const released = (date: string) => canon.cli.releases.filter((r) => r.date <= date);
    const allFlags = new Set(canon.cli.releases.flatMap((r) => r.flags));
    const problems: string[] = [];
    for (const page of posts) {
      const now = released(page.date);
      const versions = new Set(now.map((r) => r.version));
      for (const m of page.prose.matchAll(/\b(?:CLI|version|print) (0\.\d+(?:\.\d+)?)\b/g)) {
        if (!versions.has(m[1])) problems.push(`${page.file}: CLI ${m[1]} is not released by ${page.date}`);
      }
      const flags = new Set(now.flatMap((r) => r.flags));
      const gametypes = new Set(now.flatMap((r) => r.gametypes));
      const commands = page.code.flatMap((c) => c.split(/\n(?!\s)/)).filter((c) => /^\s*(?:\$ )?serpent play\b/.test(c));
      for (const command of commands) {
        for (const [, flag] of command.matchAll(/(?:^|\s)(--?[A-Za-z][\w-]*)/g)) {
          if (!allFlags.has(flag)) problems.push(`${page.file}: \`${flag}\` is not a flag of any CLI release`);
          else if (!flags.has(flag)) problems.push(`${page.file}: \`${flag}\` is not in the CLI by ${page.date}`);
        }
        for (const [, g] of command.matchAll(/(?:-g|--gametype) ([a-z_]+)/g)) {
          if (!gametypes.has(g)) problems.push(`${page.file}: \`-g ${g}\` is not in the CLI by ${page.date}`);
        }
        for (const [, map] of command.matchAll(/(?:-m|--map) ([a-z_]+)/g)) {
          const known = canon.maps.find((x) => x.id === map);
          if (!known || known.launched > page.date) problems.push(`${page.file}: map \`${map}\` does not exist on ${page.date}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('mention a mode, map or engine region only once it exists', () => {
    const things = [
      ...canon.modes.map((m) => ({ what: `mode ${m.id}`, launched: m.launched, re: modePattern(m.id, m.name!) })),
      ...canon.maps.filter((m) => !canon.modes.some((x) => x.id === m.id)).map((m) => ({ what: `map ${m.id}`, launched: m.launched, re: new RegExp(`\`${m.id}\``) })),
      { what: 'map snail_mode', launched: canon.maps.find((m) => m.id === 'snail_mode')!.launched, re: /\bSnail Mode\b/ },
      ...canon.regions.map((r) => ({ what: `region ${r.name}`, launched: r.launched, re: new RegExp(`\\b${r.name}\\b`) })),
    ];
    const problems: string[] = [];
    for (const page of posts) {
      const text = `${page.title}\n${page.description}\n${page.body}`;
      for (const t of things) {
        if (page.date < t.launched && t.re.test(text)) problems.push(`${page.file}: mentions ${t.what} before ${t.launched}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('give the hazard damage in force on their date', () => {
    const claims = [
      // The setting's value in JSON or a settings table (a CLI flag may pass any value to experiment).
      /(?<![-\w])`?"?hazardDamagePerTurn"?`?(?:: |\s*\|\s*)(\d+)\b/g,
      /\blose (\d+) extra health\b/g,
      /\b(\d+) (?:extra )?health (?:per turn )?on top of (?:the|its) (?:usual|normal) 1\b/g,
      /\bcosts? (\d+) health per turn on top of\b/g,
    ];
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      const damage = inForce(canon.hazardDamage, page.date)?.damage;
      const text = page.body.replace(/\*\*/g, '');
      for (const re of claims) {
        for (const m of text.matchAll(re)) {
          found++;
          if (Number(m[1]) !== damage) problems.push(`${page.file}: "${m[0]}" but the damage on ${page.date} is ${damage}`);
        }
      }
    }
    expect(found).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  it('name only the tie-break rule that applied to the season or event they speak of', () => {
    const problems: string[] = [];
    const seasons = new Map(canon.events.filter((e) => e.season).map((e) => [e.season!, e]));
    for (const page of pages) {
      const own = canon.events.filter((e) => e.posts.includes(page.name));
      for (const s of page.sentences) {
        const rules = rulesIn(s.text);
        if (rules.length === 0 || !TIE_RE.test(s.text)) continue;
        const named = seasonsIn(s.text);
        let allowed: Set<TieBreakRule>;
        if (named.length) {
          allowed = new Set(named.flatMap((n) => Object.values(seasons.get(n)?.tieBreak ?? {})));
          for (const n of named) {
            const theirs = Object.values(seasons.get(n)?.tieBreak ?? {});
            if (!rules.some((r) => theirs.includes(r))) problems.push(`${at(page, s.line)}: Season ${n} used ${theirs.join(', ') || 'no tie-break'}, not ${rules.join(', ')}`);
          }
        } else if (own.length) {
          allowed = new Set(own.flatMap((e) => Object.values(e.tieBreak ?? {})));
        } else if (/\bleague\b/i.test(s.text)) {
          problems.push(`${at(page, s.line)}: a league tie-break (${rules.join(', ')}) without the seasons it applied to`);
          continue;
        } else continue;
        for (const r of rules) if (!allowed.has(r)) problems.push(`${at(page, s.line)}: ${r} did not apply here`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('pair every Serpent with its author in tables', () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const table of page.tables) {
        for (const row of table) {
          for (let i = 0; i + 1 < row.length; i++) {
            const author = canon.serpents[row[i]];
            if (!author) continue;
            // The next cell names the author when it is a handle in code or a team.
            const cell = row[i + 1];
            if (!/^`[a-z_0-9]+`$|^Team /.test(cell)) continue;
            if (cell.replace(/`/g, '') !== author) problems.push(`${page.file}: ${row[i]} by ${cell}, the canon says ${author}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** A mode's name as prose uses it: the id in code, and its name where it cannot be an ordinary word. */
function modePattern(id: string, name: string): RegExp {
  const named: Record<string, string> = {
    standard: '(?!)', solo: '\\bSolo\\b|\\bsolo (?:mode|game)', royale: '\\b[Rr]oyale\\b', constrictor: '\\b[Cc]onstrictor\\b',
    squad: '\\bSquad\\b', wrapped: '\\b[Ww]rapped (?:mode|game|board)', wrapped_constrictor: `\\b${name}\\b`,
  };
  return new RegExp(`\`${id}\`|${named[id] ?? `\\b${name}\\b`}`);
}

/** Words that make a sentence about ranking level competitors. */
const TIE_RE = /\bties?\b|tie-?break|\blevel\b|\bbroken\b|behind the winner|\bahead of\b|\bdecid|\border(?:ed)?\b|\bfollow\b|\bgo by\b|\bseparate\b|\bthen by\b/i;

/** The tie-break rules a sentence names. */
function rulesIn(text: string): TieBreakRule[] {
  const phrases: [TieBreakRule, RegExp][] = [
    ['turns-survived', /turns[- ](?:each |it |they )?survived/i],
    ['placement-points', /placement points/i],
    ['wins-then-points', /games won, then (?:by )?points/i],
    ['heat-game-wins', /game wins in the semi-?final/i],
    ['firsts-then-seconds', /\b1st places\b|\bfirst places\b/i],
    ['semi-final-wins', /semi-?final wins|wins in the semi-?finals/i],
    ['round-3-place', /place in round 3|round 3 place/i],
    ['ladder-wins', /then by the number of wins/i],
  ];
  return phrases.filter(([, re]) => re.test(text)).map(([rule]) => rule);
}

/** Season numbers a sentence names: "Season 5", "Seasons 3 and 4", "Seasons 3–4". */
function seasonsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\bSeasons? (\d+)(?:\s*(?:and|to|–|-)\s*(\d+))?/g)) {
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    for (let n = a; n <= b; n++) out.push(n);
  }
  return out;
}
