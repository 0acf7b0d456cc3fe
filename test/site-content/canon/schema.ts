import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';

// The canon of the fictional world (content/data/canon.yml) as a zod schema. The schema checks the
// shape; canon.test.ts checks that the record is true to itself, and canon-*.test.ts check every
// post and page against it.

/** Repository root, for tests that read content. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');

const tieBreakRule = z.enum([
  'turns-survived', 'placement-points', 'wins-then-points', 'heat-game-wins',
  'firsts-then-seconds', 'semi-final-wins', 'round-3-place', 'ladder-wins',
]);
/** Ids of the tie-break rules, as the canon names them. */
export type TieBreakRule = z.infer<typeof tieBreakRule>;

const person = z.object({
  id: z.string(), name: z.string(), role: z.string(), joined: isoDate,
  left: isoDate.optional(), author: z.string().optional(),
}).strict();

const launched = z.object({
  id: z.string(), name: z.string().optional(), launched: isoDate, retired: isoDate.optional(),
  experimental: z.boolean().optional(),
}).strict();

const final = z.object({
  games: z.number().int().min(3),
  /** Games that ended with no Serpent alive: nobody wins them. */
  draws: z.number().int().min(0).default(0),
  /** The four finalists in final placing order; the first is the champion. */
  results: z.array(z.object({ serpent: z.string(), wins: z.number().int().min(0).max(3) }).strict()).length(4),
  decidingTurn: z.number().int().positive().optional(),
  decidedBy: z.string(),
}).strict();

const ladderRow = z.object({
  serpent: z.string(),
  /** Ladder place at each round's snapshot; null for a round the Serpent did not play. */
  places: z.array(z.number().int().positive().nullable()),
  points: z.number().int().min(0),
}).strict();

const event = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['league', 'tournament', 'meetup']),
  season: z.number().int().positive().optional(),
  label: z.string().optional(),
  posts: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/)).min(1),
  recap: z.string().optional(),
  date: isoDate.optional(),
  registration: isoDate.optional(),
  ladderStart: isoDate.optional(),
  ladderEnd: isoDate.optional(),
  finalsDate: isoDate.optional(),
  /** The first day of finals that span more than one day; `finalsDate` is the last. */
  finalsStart: isoDate.optional(),
  entrants: z.number().int().positive().optional(),
  attendance: z.number().int().positive().optional(),
  gamesPlayed: z.number().int().positive().optional(),
  format: z.string().optional(),
  tieBreak: z.object({ ladder: tieBreakRule.optional(), heats: tieBreakRule.optional(), final: tieBreakRule.optional() }).strict().optional(),
  roundPoints: z.array(z.number().int().positive()).optional(),
  ladder: z.array(ladderRow).optional(),
  rookie: z.string().optional(),
  registrationCloses: isoDate.optional(),
  lateEntry: z.literal('round-starts').optional(),
  rounds: z.array(z.object({ start: isoDate, end: isoDate }).strict()).optional(),
  ladderGames: z.object({ perDay: z.number().int().positive().optional(), perWeek: z.number().int().positive().optional(), royale: z.number().int().positive().optional() }).strict().optional(),
  gamePoints: z.array(z.number().int().min(0)).optional(),
  takedownPoint: z.number().int().positive().optional(),
  qualifiers: z.number().int().positive().optional(),
  codeFreeze: isoDate.optional(),
  checkIn: isoDate.optional(),
  rookieAward: z.object({ name: z.string(), rule: z.string(), prize: z.string() }).strict().optional(),
  prizes: z.object({ champion: z.string(), finalists: z.string().optional(), rounds: z.string().optional(), entrants: z.string().optional() }).strict().optional(),
  /** Places 5 to 8: the semi-finalists who did not reach the final, in placing order. */
  semiFinalists: z.array(z.string()).length(4).optional(),
  final: final.optional(),
}).strict();

const release = z.object({
  version: z.string().regex(/^\d+\.\d+(\.\d+)?$/),
  date: isoDate,
  /** The post that announced the release, dated the release day; none for an unannounced release. */
  post: z.string().regex(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/).optional(),
  gametypes: z.array(z.string()).default([]),
  maps: z.array(z.string()).default([]),
  flags: z.array(z.string().regex(/^--?[A-Za-z]/)).default([]),
  commands: z.array(z.string()).default([]),
  /** Defaults of `serpent play` this release set, by long flag. */
  defaults: z.record(z.string().regex(/^--[A-Za-z]/), z.union([z.number(), z.string()])).default({}),
  note: z.string().optional(),
}).strict();

const unlockable = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/), kind: z.enum(['head', 'tail']), announced: isoDate, for: z.string(),
}).strict();

const docsClaim = z.object({
  post: z.string().regex(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/),
  /** The docs route the post links, without a fragment. */
  page: z.string().regex(/^\/[a-z0-9/-]*$/),
  says: z.string(),
  /** Text the page's Markdown must contain today, each string as written. */
  evidence: z.array(z.string()).min(1),
}).strict();

/** The canon's schema: the only source of its TypeScript type. */
export const canonSchema = z.object({
  company: z.object({
    name: z.string(), city: z.string(), founded: isoDate, founders: z.array(z.string()).min(1), office: z.string(),
  }).strict(),
  people: z.array(person).min(1),
  headcount: z.array(z.object({ from: isoDate, size: z.number().int().positive() }).strict()).min(1),
  fullTimeFrom: isoDate,
  funding: z.array(z.object({ date: isoDate, round: z.string(), amount: z.string(), lead: z.string() }).strict()),
  sponsors: z.array(z.object({ name: z.string(), from: isoDate, until: isoDate.optional() }).strict()),
  modes: z.array(launched).min(1),
  /** `boardFrom`: the board existed before its map id, inside the mode of the same id. */
  maps: z.array(launched.extend({ boardFrom: isoDate.optional() })).min(1),
  hazardDamage: z.array(z.object({ from: isoDate, damage: z.number().int().positive() }).strict()).min(1),
  regions: z.array(launched.extend({ location: z.string(), cloud: z.string().optional() })).min(1),
  // Platform releases that docs pages and posts date.
  milestones: z.array(z.object({ id: z.string(), date: isoDate, post: z.string().regex(/^\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/), what: z.string() }).strict()).min(1),
  cli: z.object({ organisation: z.string(), repository: z.string(), releases: z.array(release).min(1) }).strict(),
  unlockables: z.array(unlockable),
  serpents: z.record(z.string(), z.string()),
  events: z.array(event).min(1),
  docsClaims: z.array(docsClaim),
}).strict();

/** The canon, validated. */
export type Canon = z.infer<typeof canonSchema>;
/** One season or event of the canon. */
export type CanonEvent = Canon['events'][number];

/** Reads and validates content/data/canon.yml; throws with every problem's path if it is invalid. */
export function loadCanon(file = path.join(root, 'content/data/canon.yml')): Canon {
  const result = canonSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${path.relative(root, file)} › ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Expected a valid canon:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** The value of a dated series (`{ from, … }[]`, sorted) in force on `date`, or undefined before it starts. */
export function inForce<T extends { from: string }>(series: T[], date: string): T | undefined {
  return series.filter((s) => s.from <= date).at(-1);
}
