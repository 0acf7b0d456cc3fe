/**
 * Finds literals in a page's text that equal a bound value but were typed by hand (issue 40 › 2).
 *
 * - A **date** is found in any of the forms the site writes dates in ("8 January 2024",
 *   "January 8, 2024", "Monday, 8 January", "8 January" with the year taken from the page's own
 *   date) and is a finding when the data holds that day. A **month** ("October 2022") is a finding
 *   when the data holds a day of that month and the block names what happened then (a cue).
 * - A **number** (digits, "10,000", or a word from "two" to "twenty") is a finding when it equals a
 *   number of the data and either the data's unit follows it ("500 ms") or a cue of that value is
 *   near it: within about ten words, or in a table cell's column header or row label. Digits that belong to something else are not numbers here: coordinates
 *   `(3,8)`, sizes `11×11`, times `10:30`, versions `1.2.3`, decimals, ordinals `3rd`.
 * - A **list of names** the data holds (the official starter languages) is a finding when a block
 *   names three of its members by hand.
 */
import { cueWord, UNIT_WORDS, type BoundSet, type BoundValue } from './bound-values.ts';
import type { TextBlock } from './page-text.ts';

/** One literal that should have been rendered from data. */
export interface Finding {
  /** The literal as written ("14", "31 March 2022"). */
  literal: string;
  /** The keys it equals, best match first. */
  keys: string[];
  /** The block around it, shortened, for the message. */
  excerpt: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const M = MONTHS.join('|');
const W = WEEKDAYS.join('|');
const dateRE = new RegExp(
  `\\b(?:(?:${W}),? )?(?:(\\d{1,2}) (${M})(?:,? (\\d{4}))?|(${M}) (\\d{1,2})(?:st|nd|rd|th)?\\b(?:,? (\\d{4}))?|(${M}) (\\d{4}))\\b`,
  'g',
);
/** How far from a number (in characters, each way) its cue may be: about ten words. */
const WINDOW = 64;
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const numberRE = new RegExp(`(?<![\\w.,:×/#$-])(\\d{1,3}(?:,\\d{3})+|\\d+)(?![\\w×]|[.,:]\\d|\\s*×)|\\b(${NUMBER_WORDS.slice(2).join('|')})\\b`, 'gi');

/**
 * The findings in one block. `date` is the day the page speaks as of (a post's date), which gives
 * a date written without its year its year; `title` is the page's title, where the names of
 * what the page is about may be said instead of in the block.
 */
export function findUnbound(options: { block: TextBlock; values: BoundValue[]; sets?: BoundSet[]; date: string; title: string }): Finding[] {
  const { block, values, sets = [], date, title } = options;
  const named = `${title}\n${block.context}`.toLowerCase();
  const about = (v: BoundValue) => v.entities.every((names) => names.some((n) => named.includes(n.toLowerCase())));
  const findings: Finding[] = [];
  const cues = new Set((block.context.match(/[A-Za-z]+/g) ?? []).map(cueWord));
  const excerpt = shorten(block.context);
  const taken: [number, number][] = [];

  for (const m of block.open.matchAll(dateRE)) {
    taken.push([m.index, m.index + m[0].length]);
    const monthName = m[2] ?? m[4] ?? m[7];
    const month = String(MONTHS.indexOf(monthName) + 1).padStart(2, '0');
    if (m[7]) {
      // "October 2022": a month of the data, in a block that says what happened.
      const prefix = `${m[8]}-${month}`;
      const keys = values.filter((v) => v.kind === 'date' && String(v.value).startsWith(prefix) && v.cues.some((c) => cues.has(c)));
      if (keys.length) findings.push({ literal: m[0], keys: keys.map((k) => k.key), excerpt });
      continue;
    }
    const day = String(Number(m[1] ?? m[5])).padStart(2, '0');
    const written = m[3] ?? m[6];
    const iso = `${written ?? yearOf(Number(month), date)}-${month}-${day}`;
    const keys = values.filter((v) => v.kind === 'date' && v.value === iso);
    if (keys.length) findings.push({ literal: m[0], keys: keys.map((k) => k.key), excerpt });
  }

  for (const m of block.open.matchAll(numberRE)) {
    if (taken.some(([a, b]) => m.index >= a && m.index < b)) continue;
    // Read in the context: a coordinate's `x` may be code, blanked out of `open`.
    const before = block.context.slice(Math.max(0, m.index - 12), m.index);
    // The other side of a size written with spaces, `11 × 11`, and a coordinate's value, `x = 6`, `x 6`.
    if (/×\s*$|\b[xy]\s*(?:=|≤|<|>|≥)?\s*$/.test(before)) continue;
    // A coordinate `(3,8)` or `(3, 8)`, a range of coordinates, a version `v1`.
    if (/\(\s*-?$|\d,\s?$|\bv$/i.test(before) || /^\d+\s?,\s?-?\d+\)/.test(block.open.slice(m.index))) continue;
    const window = `${block.context.slice(0, block.prefix)} ${block.context.slice(Math.max(block.prefix, m.index - WINDOW), m.index + m[0].length + WINDOW)}`;
    const near = new Set((window.match(/[A-Za-z]+/g) ?? []).map(cueWord));
    const n = m[2] ? NUMBER_WORDS.indexOf(m[2].toLowerCase()) : Number(m[1].replace(/,/g, ''));
    const after = block.open.slice(m.index + m[0].length, m.index + m[0].length + 16);
    const keys = values.filter((v) => {
      if (v.kind !== 'number' || v.value !== n) return false;
      const unitAfter = v.unit && (UNIT_WORDS[v.unit] ?? [v.unit]).some((u) => new RegExp(`^\\s?${u}\\b`).test(after));
      return (unitAfter || v.cues.some((c) => near.has(c))) && about(v);
    });
    if (keys.length) findings.push({ literal: m[0], keys: keys.map((k) => k.key), excerpt });
  }

  for (const set of sets) {
    const named = set.members.filter((name) => new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(block.open));
    if (named.length >= 3) findings.push({ literal: named.join(', '), keys: [set.key], excerpt });
  }
  return findings;
}

/** The year of a day-and-month written on a page dated `date`: a month long past is next year's ("8 January" in December). */
function yearOf(month: number, date: string): number {
  const [year, pageMonth] = date.split('-').map(Number);
  return month < pageMonth - 3 ? year + 1 : year;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 137)}…` : flat;
}
