import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { inForce, loadCanon, root } from './canon/schema.ts';

// Issue 27, item A2: the canon of the fictional world is data, validated by a zod schema, and it
// must be true to itself before posts can be checked against it.

const canon = loadCanon();
const blogDir = path.join(root, 'content/blog');

/** Compares dotted versions numerically: 0.10 comes after 0.9. */
function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

const sorted = (values: string[]) => [...values].sort();
const unique = (values: unknown[]) => new Set(values).size === values.length;

describe('the canon (content/data/canon.yml)', () => {
  it('matches its schema', () => {
    expect(() => loadCanon()).not.toThrow();
  });

  it('has the founders among its people, joining on the founding day, and every blog author as a person', () => {
    const { company, people } = canon;
    expect(unique(people.map((p) => p.id))).toBe(true);
    for (const id of company.founders) {
      expect(people.find((p) => p.id === id)?.joined, id).toBe(company.founded);
    }
    expect(people.filter((p) => p.joined === company.founded).map((p) => p.id)).toEqual(company.founders);
    const authors = parse(readFileSync(path.join(blogDir, 'authors.yml'), 'utf8')) as Record<string, { name: string; title: string }>;
    expect(sorted(people.flatMap((p) => (p.author ? [p.author] : [])))).toEqual(sorted(Object.keys(authors)));
    // The blog's bylines give each person's name and role as the canon does.
    for (const p of people.filter((x) => x.author)) {
      expect({ name: authors[p.author!].name, title: authors[p.author!].title }, p.id).toEqual({ name: p.name, title: p.role });
    }
  });

  it('states the team size on every date someone joined or left, equal to the people on the payroll', () => {
    const { people, headcount } = canon;
    const changes = [...new Set(people.flatMap((p) => [p.joined, ...(p.left ? [p.left] : [])]))].sort();
    expect(headcount.map((h) => h.from)).toEqual(changes);
    for (const { from, size } of headcount) {
      const onStaff = people.filter((p) => p.joined <= from && (!p.left || p.left > from));
      expect(size, `size from ${from}`).toBe(onStaff.length);
    }
    // Nobody has left, so the size can only grow.
    if (people.every((p) => !p.left)) {
      expect(headcount.map((h) => h.size)).toEqual([...headcount.map((h) => h.size)].sort((a, b) => a - b));
    }
  });

  it('launches every mode, map and region before it retires, once per id', () => {
    for (const list of [canon.modes, canon.maps, canon.regions]) {
      expect(unique(list.map((m) => m.id))).toBe(true);
      for (const m of list) if (m.retired) expect(m.launched < m.retired, m.id).toBe(true);
    }
    // Nothing launches before the public beta.
    const beta = canon.modes.find((m) => m.id === 'standard')!.launched;
    for (const m of [...canon.modes, ...canon.maps, ...canon.regions]) expect(m.launched >= beta, m.id).toBe(true);
  });

  it('dates a board older than its map id from the launch of the mode it belonged to', () => {
    const older = canon.maps.filter((m) => m.boardFrom);
    expect(older.length).toBeGreaterThan(0);
    for (const m of older) {
      expect(canon.modes.find((x) => x.id === m.id)?.launched, m.id).toBe(m.boardFrom);
      expect(m.boardFrom! < m.launched, m.id).toBe(true);
    }
  });

  it('starts the hazard damage history with Royale, the first mode with hazards, and keeps it in date order', () => {
    const dates = canon.hazardDamage.map((h) => h.from);
    expect(dates).toEqual([...dates].sort());
    expect(unique(dates)).toBe(true);
    expect(dates[0]).toBe(canon.modes.find((m) => m.id === 'royale')!.launched);
  });

  it('releases the CLI in version and date order, each flag and game type once, never before its mode', () => {
    const { releases } = canon.cli;
    for (let i = 1; i < releases.length; i++) {
      expect(compareVersions(releases[i].version, releases[i - 1].version), releases[i].version).toBeGreaterThan(0);
      expect(releases[i].date > releases[i - 1].date, releases[i].version).toBe(true);
    }
    expect(unique(releases.flatMap((r) => r.flags))).toBe(true);
    expect(unique(releases.flatMap((r) => r.gametypes))).toBe(true);
    for (const r of releases) {
      for (const g of r.gametypes) {
        const mode = canon.modes.find((m) => m.id === g);
        expect(mode, `${r.version}: game type ${g}`).toBeDefined();
        expect(mode!.launched <= r.date, `${r.version} plays ${g} before it launched`).toBe(true);
      }
    }
    expect(canon.cli.repository).toMatch(/^[a-z0-9-]+$/);
  });

  it('names Serpents by one author each and only known Serpents in events', () => {
    const handles = Object.values(canon.serpents).filter((a) => !a.includes(' '));
    expect(unique(handles)).toBe(true);
    for (const e of canon.events) {
      const topEight = [...(e.final?.results.map((r) => r.serpent) ?? []), ...(e.semiFinalists ?? [])];
      expect(unique(topEight), `${e.id}: a Serpent places once`).toBe(true);
      for (const name of [...topEight, ...(e.ladder?.map((r) => r.serpent) ?? []), ...(e.rookie ? [e.rookie] : [])]) {
        expect(canon.serpents[name], `${e.id}: ${name}`).toBeDefined();
      }
    }
  });

  it('dates every event in order: registration, ladder, finals, then a recap within a fortnight', () => {
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    for (const e of canon.events) {
      const steps = [e.registration, e.ladderStart, e.ladderEnd, e.finalsDate ?? e.date].filter((d): d is string => !!d);
      expect(steps, e.id).toEqual([...steps].sort());
      for (const post of e.posts) expect(existsSync(path.join(blogDir, post)), `${e.id}: ${post}`).toBe(true);
      if (e.recap) {
        expect(e.posts).toContain(e.recap);
        const recapDate = e.recap.slice(0, 10);
        const held = e.finalsDate ?? e.date!;
        expect(days(held, recapDate), `${e.recap} comes after ${held}`).toBeGreaterThan(0);
        expect(days(held, recapDate), `${e.recap} within two weeks of ${held}`).toBeLessThanOrEqual(14);
      }
      // The first post of a league season announces it before the ladder starts.
      if (e.ladderStart) expect(e.posts[0].slice(0, 10) <= e.ladderStart, e.id).toBe(true);
    }
    const leagues = canon.events.filter((e) => e.kind === 'league');
    expect(leagues.map((e) => e.season)).toEqual(leagues.map((_, i) => i + 1));
    const held = canon.events.map((e) => e.finalsDate ?? e.date!);
    expect(held).toEqual([...held].sort());
  });

  it('has finals that add up: three wins for the champion, wins and draws equal to the games, placings by wins', () => {
    for (const e of canon.events) {
      if (!e.final) continue;
      const { results, games, draws } = e.final;
      const wins = results.map((r) => r.wins);
      expect(wins[0], `${e.id}: the champion is first`).toBe(3);
      expect(wins.slice(1).every((w) => w < 3), e.id).toBe(true);
      expect(wins.reduce((a, b) => a + b, 0) + draws, `${e.id}: games`).toBe(games);
      expect(wins, `${e.id}: ordered by wins`).toEqual([...wins].sort((a, b) => b - a));
      expect(unique(results.map((r) => r.serpent)), e.id).toBe(true);
      // Finalists level on wins need a published rule to order them.
      if (!unique(wins)) expect(e.tieBreak?.final, `${e.id}: tied finalists need a final tie-break`).toBeDefined();
      if (e.final.decidingTurn) expect(e.final.decidedBy.length).toBeGreaterThan(10);
    }
  });

  it('gives no two finals the same score shape', () => {
    const shapes = canon.events.flatMap((e) => (e.final ? [`${e.final.results.map((r) => r.wins).join('-')} in ${e.final.games}`] : []));
    expect(shapes.length).toBeGreaterThan(0);
    expect(shapes.filter((s, i) => shapes.indexOf(s) !== i)).toEqual([]);
  });

  it('scores every season ladder from its round places, ranked by points and then by the round 3 place', () => {
    for (const e of canon.events) {
      if (!e.ladder) continue;
      expect(e.roundPoints, `${e.id}: a ladder needs its points per place`).toBeDefined();
      const pointsFor = (place: number | null) => (place === null ? 0 : e.roundPoints![place - 1] ?? 0);
      for (const row of e.ladder) {
        expect(row.points, `${e.id}: ${row.serpent}`).toBe(row.places.reduce<number>((sum, p) => sum + pointsFor(p), 0));
      }
      const rounds = e.ladder[0].places.length;
      for (let r = 0; r < rounds; r++) {
        const places = e.ladder.map((row) => row.places[r]).filter((p) => p !== null);
        expect(unique(places), `${e.id}: round ${r + 1} places are distinct`).toBe(true);
      }
      for (let i = 1; i < e.ladder.length; i++) {
        const [a, b] = [e.ladder[i - 1], e.ladder[i]];
        expect(a.points >= b.points, `${e.id}: ${a.serpent} above ${b.serpent}`).toBe(true);
        if (a.points === b.points) {
          expect(e.tieBreak?.ladder).toBe('round-3-place');
          expect((a.places[2] ?? 99) < (b.places[2] ?? 99), `${e.id}: tie between ${a.serpent} and ${b.serpent}`).toBe(true);
        }
      }
    }
  });

  it('dates each docs milestone on the day of the post that announced it, in date order', () => {
    const problems = canon.milestones.flatMap((m) => [
      ...(existsSync(path.join(blogDir, m.post)) ? [] : [`${m.id}: no post ${m.post}`]),
      ...(m.post.startsWith(m.date) ? [] : [`${m.id}: dated ${m.date}, its post ${m.post}`]),
    ]);
    expect(problems).toEqual([]);
    expect(canon.milestones.map((m) => m.date)).toEqual(canon.milestones.map((m) => m.date).sort());
  });

  it("gives each league season's rules that fit its calendar: rounds, registration, points, qualifiers, awards", () => {
    const day = (iso: string, n: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    for (const e of canon.events.filter((x) => x.kind === 'league')) {
      expect(e.registrationCloses, `${e.id}: registration closes`).toBeDefined();
      expect(e.registration! <= e.registrationCloses! && e.registrationCloses! < e.ladderEnd!, e.id).toBe(true);
      expect(e.qualifiers, `${e.id}: qualifiers`).toBeDefined();
      expect(!!e.gamePoints !== !!e.roundPoints, `${e.id}: scored per game or per round snapshot`).toBe(true);
      for (const points of [e.gamePoints, e.roundPoints]) {
        if (points) expect(points, `${e.id}: points fall with the place`).toEqual([...points].sort((a, b) => b - a));
      }
      if (e.roundPoints) expect(e.roundPoints.length, `${e.id}: every qualifying place scores`).toBe(e.qualifiers);
      if (e.entrants) expect(e.qualifiers! < e.entrants, e.id).toBe(true);
      if (e.rounds) {
        // Rounds cover the ladder without gaps, and all last the same number of days.
        expect(e.rounds[0].start, e.id).toBe(e.ladderStart);
        expect(e.rounds.at(-1)!.end, e.id).toBe(e.ladderEnd);
        e.rounds.forEach((r, i) => {
          if (i > 0) expect(r.start, `${e.id}: round ${i + 1}`).toBe(day(e.rounds![i - 1].end, 1));
          expect(days(r.start, r.end), `${e.id}: round ${i + 1}`).toBe(days(e.rounds![0].start, e.rounds![0].end));
        });
      }
      if (e.roundPoints) expect(e.rounds, `${e.id}: round snapshots need rounds`).toBeDefined();
      // Late entry at the start of a round runs until the last round begins; otherwise it closes early.
      if (e.lateEntry === 'round-starts') expect(e.registrationCloses, e.id).toBe(day(e.rounds!.at(-1)!.start, -1));
      else expect(days(e.ladderStart!, e.registrationCloses!), e.id).toBeLessThan(14);
      // A freeze or check-in comes after the ladder and just before finals day.
      for (const d of [e.codeFreeze, e.checkIn].filter((x): x is string => !!x)) {
        expect(d > e.ladderEnd! && d < e.finalsDate! && days(d, e.finalsDate!) <= 2, `${e.id}: ${d}`).toBe(true);
      }
      // Finals over several days start after the freeze and before the last day.
      if (e.finalsStart) expect(e.finalsStart > (e.codeFreeze ?? e.ladderEnd!) && e.finalsStart < e.finalsDate!, `${e.id}: ${e.finalsStart}`).toBe(true);
      if (e.rookie) expect(e.rookieAward, `${e.id}: a rookie needs a rookie award`).toBeDefined();
      if (e.rookieAward && e.finalsDate! < canon.events.at(-1)!.registration!) expect(e.rookie, `${e.id}: the award was given`).toBeDefined();
    }
  });

  it('announces each unlockable head and tail once, in a post of its day, under an id the free set does not use', () => {
    const free = parse(readFileSync(path.join(root, 'content/data/customizations.yml'), 'utf8')) as Record<string, { id: string }[]>;
    const ids = canon.unlockables.map((u) => u.id);
    expect(unique(ids)).toBe(true);
    for (const u of canon.unlockables) {
      expect(free[`${u.kind}s`].some((f) => f.id === u.id), u.id).toBe(false);
      const posts = readdirSync(blogDir).filter((f) => f.startsWith(u.announced));
      expect(posts.some((f) => readFileSync(path.join(blogDir, f), 'utf8').includes(`\`${u.id}\``)), `${u.id} in a post of ${u.announced}`).toBe(true);
    }
  });

  it('dates every CLI release with a post on the day of its post, and lists docs claims of posts that exist', () => {
    for (const r of canon.cli.releases) {
      if (r.post) expect(r.post.slice(0, 10), r.version).toBe(r.date);
    }
    for (const c of canon.docsClaims) expect(existsSync(path.join(blogDir, c.post)), c.post).toBe(true);
  });

  it('names the damage in force for any date after Royale launched', () => {
    expect(inForce(canon.hazardDamage, '2019-12-31')).toBeUndefined();
    expect(inForce(canon.hazardDamage, canon.hazardDamage.at(-1)!.from)?.damage).toBe(canon.hazardDamage.at(-1)!.damage);
  });
});
