/**
 * The values the binding check knows (issue 40 › 2): every number and date held by the data files
 * (`content/data/*.yml`: the game facts and the canon), derived facts (`formula` records) worked
 * out as the site works them out, each with the words that say what it is about ("cues").
 *
 * A date is distinctive on its own. A number is not ("3" is a coordinate, a turn, a count), so a
 * number found in a page counts as a restated fact only beside its cues: words of its key and
 * record (`ruleset-settings.hazardDamagePerTurn.common` → hazard, damage) or its unit right after it
 * (`500 ms`), and, when it belongs to named records (Season 5's ladder, Glasswing's row), where
 * those names are said. Cues come from the data, not from a list of known sentences.
 */
import { createSiteFence } from '../../../src/content/site-fence.ts';
import { listDataSources, loadDataSource } from '../../../src/markdown/content-data.ts';
import { isIsoDate } from '../../../src/markdown/fact-format.ts';
import { resolveData } from '../../../src/markdown/fact-value.ts';

/** One number or date of the data. */
export interface BoundValue {
  /** The data key, as `:fact[…]` takes it (`game.timeout`, `canon.modes.squad.retired`). */
  key: string;
  kind: 'number' | 'date';
  /** A number, or an ISO date (`YYYY-MM-DD` or `YYYY-MM`). */
  value: number | string;
  /** The unit that follows the number in prose (`ms`), when the data gives one. */
  unit?: string;
  /** Normalised words that say what kind of value it is (see `cueWord`). */
  cues: string[];
  /**
   * Whose value it is, when it belongs to a named record (a season, a Serpent in a final): for
   * each such record, the names it goes by. Prose about another season's points is not about it.
   */
  entities: string[][];
}

/**
 * Words of keys that say nothing about what a value is: file names, the names of columns that
 * every record has, and words every page uses. A cue must tell one fact from another.
 */
const NOT_CUES = new Set([
  'game', 'canon', 'value', 'common', 'cli', 'fallback', 'default', 'id', 'from', 'per', 'turn', 'the', 'and',
  'events', 'event', 'ruleset', 'settings', 'setting', 'max', 'min', 'start', 'final', 'results', 'result',
  'league', 'company', 'date', 'data', 'formula', 'size', 'example', 'launched', 'flags', 'releases', 'release',
  'serpent', 'snake', 'players', 'player', 'games', 'map', 'number', 'count', 'total', 'one', 'two', 'three',
  'every', 'wins', 'food', 'nturns', 'run',
]);

/** Long forms of units, as prose writes them. */
export const UNIT_WORDS: Record<string, string[]> = {
  ms: ['ms', 'milliseconds', 'millisecond'],
  KB: ['KB', 'kilobytes'],
  characters: ['characters', 'character'],
  minutes: ['minutes', 'minute'],
  hours: ['hours', 'hour'],
  turns: ['turns', 'turn'],
  health: ['health'],
};

/** A word as cues are compared: lower case, without a plural `s`. */
export function cueWord(word: string): string {
  const w = word.toLowerCase();
  return w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** Splits a key segment or an id into words (`hazardDamagePerTurn` → hazard, damage, per, turn). */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 3)
    .map(cueWord)
    .filter((w) => !NOT_CUES.has(w));
}

/** A list of names the data holds (the official starter languages): naming most of it is restating it. */
export interface BoundSet {
  key: string;
  members: string[];
}

/**
 * Every list of three or more names (capitalised strings, not dates) in `content/data` under
 * `root`, outside named records: a season's semi-finalists are that season's detail, and the same
 * Serpents are named together in every recap.
 */
export function boundSets(root: string): BoundSet[] {
  const out: BoundSet[] = [];
  const visit = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      if (value.length >= 3 && value.every((v) => typeof v === 'string' && !isIsoDate(v) && /^[A-Z]/.test(v))) out.push({ key, members: value as string[] });
      else value.forEach((item, i) => visit(item, `${key}.${isRecord(item) && item.id !== undefined ? String(item.id) : i}`));
    } else if (isRecord(value) && !namesOf(value).length) {
      for (const [field, v] of Object.entries(value)) visit(v, `${key}.${field}`);
    }
  };
  const fence = createSiteFence({ root });
  for (const name of listDataSources(root)) {
    const source = loadDataSource({ fence, name });
    if (source && !('error' in source)) visit(source.value, name);
  }
  return out;
}

/** Every number and date of `content/data` under `root`. */
export function boundValues(root: string): BoundValue[] {
  const out: BoundValue[] = [];
  const fence = createSiteFence({ root });
  const files = { resolveData: (name: string) => loadDataSource({ fence, name }), listData: () => listDataSources(root) };
  for (const name of listDataSources(root)) {
    const source = loadDataSource({ fence, name });
    if (!source || 'error' in source) continue;
    walk(source.value, name, [], [], (key, raw, context, entities) => {
      // A record with a value or a formula is one fact: the site shows it as the record's value.
      const fact = resolveData(key, raw, files);
      const value = fact.value;
      const cues = [...new Set(context.flatMap(words))];
      // Zero is everywhere (turn 0, the origin, "0 to 10") and never the point of a sentence.
      if (typeof value === 'number' && value !== 0) {
        const unit = fact.unit;
        out.push({ key, kind: 'number', value, unit, cues: unit ? [...cues, ...(UNIT_WORDS[unit] ?? [unit]).map(cueWord)] : cues, entities });
      } else if (typeof value === 'string' && isIsoDate(value)) {
        out.push({ key, kind: 'date', value, cues, entities });
      }
    });
  }
  return out;
}

/**
 * Calls `leaf` for every number, date and fact record in `value`, with its key, the words of
 * context (the key's field names and the `id` of each record on the way, not the values) and the
 * names of the named records it sits in.
 */
function walk(
  value: unknown, key: string, context: string[], entities: string[][],
  leaf: (key: string, raw: unknown, context: string[], entities: string[][]) => void,
): void {
  if (Array.isArray(value)) {
    // A list of bare numbers (points by place, places by round) is a table, not one fact each:
    // prose states such values through their records, never one item by its place in a list.
    value.forEach((item, i) => {
      if (!isRecord(item) && !Array.isArray(item) && typeof item === 'number') return;
      const id = isRecord(item) && item.id !== undefined ? String(item.id) : String(i);
      walk(item, `${key}.${id}`, isRecord(item) && item.id !== undefined ? [...context, id] : context, entities, leaf);
    });
    return;
  }
  if (isRecord(value)) {
    if (Object.hasOwn(value, 'formula') || (Object.hasOwn(value, 'value') && !isRecord(value.value))) {
      leaf(key, value, context, entities);
      return;
    }
    const names = namesOf(value);
    const inner = names.length ? [...entities, names] : entities;
    // A number that is part of the record's own name ("Season 5") names it; it states nothing.
    for (const [field, v] of Object.entries(value)) {
      if (typeof v === 'number' && names.some((n) => new RegExp(`\\b${v}\\b`).test(n))) continue;
      walk(v, `${key}.${field}`, [...context, field], inner, leaf);
    }
    return;
  }
  if (typeof value === 'number' || (typeof value === 'string' && isIsoDate(value))) leaf(key, value, context, entities);
}

/** The names a record goes by in prose: its `name`, `label` or `serpent`, with and without a year. */
function namesOf(record: Record<string, unknown>): string[] {
  const names = ['name', 'label', 'serpent'].map((f) => record[f]).filter((n): n is string => typeof n === 'string');
  return [...new Set(names.flatMap((n) => [n, n.replace(/\s+\d{4}$/, '')]))];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
