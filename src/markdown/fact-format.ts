/**
 * How a data value reads in prose: the options of `:fact[…]{…}` (and of a `::data-table` column
 * or a `::data-list` field written `field:option`). Every option is a pure function of the value,
 * so a page shows a date, a count or a list exactly as the data holds it, never retyped.
 *
 * - `date` (`{date}` → "8 January 2024", or a pattern: `{date="dddd, MMMM D"}` → "Monday, January 8"),
 *   `month` ("January 2024"); a month-only value (`2024-01`) reads as its month;
 * - `number` (thousands separators: "10,000"), `words` ("three"), `ordinal` ("3rd"; with `words`,
 *   "third"), `capital` (first letter upper case, for the start of a sentence);
 * - `and` / `or` (a list as "a, b and c"), `bare` (a record's value without its unit),
 *   `unit="milliseconds"` (another word for the unit);
 * - for a list of records, `item="{name} ({location})"` (how each reads, `{field:format}` as in
 *   `::data-list`) and `where="field=value"` (`!=`; a missing field is `""`) to keep some.
 *
 * `code` is not formatting but markup, and the directive handles it.
 */

/** Options a directive may set, as remark-directive gives them (a flag's value is `''`). */
export type FormatOptions = Record<string, string | null | undefined>;

/** A problem with an option, reported at the directive. */
export class FormatProblem extends Error {}

/** Every option `:fact` knows, for "did you mean". */
export const FORMAT_OPTIONS = ['code', 'date', 'month', 'number', 'words', 'ordinal', 'capital', 'and', 'or', 'bare', 'unit', 'item', 'where'] as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** `YYYY-MM-DD` or `YYYY-MM`: how the data files write a day or a month. */
export const isoDateRE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
/** Date pattern tokens, longest first; anything else in a pattern must be punctuation or a space. */
const tokenRE = /YYYY|MMMM|MMM|dddd|ddd|D/g;

/** Whether a value is a date as the data files write one. */
export function isIsoDate(value: unknown): value is string {
  const m = typeof value === 'string' ? isoDateRE.exec(value) : null;
  if (!m) return false;
  const month = Number(m[2]);
  const day = m[3] === undefined ? 1 : Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(Number(m[1]), month);
}

/**
 * `iso` (`2024-01-08`) written with `pattern`: `YYYY` year, `MMMM` month, `MMM` its first three
 * letters, `D` day, `dddd` weekday, `ddd` its first three letters. The default is "D MMMM YYYY",
 * or "MMMM YYYY" for a month-only value.
 */
export function formatDate(iso: string, pattern?: string): string {
  if (!isIsoDate(iso)) throw new FormatProblem(`Expected a date written YYYY-MM-DD or YYYY-MM, found \`${iso}\``);
  const [, y, m, d] = isoDateRE.exec(iso)!;
  const monthOnly = d === undefined;
  const chosen = pattern || (monthOnly ? 'MMMM YYYY' : 'D MMMM YYYY');
  const rest = chosen.replace(tokenRE, '');
  if (/[A-Za-z0-9]/.test(rest)) {
    throw new FormatProblem(`Expected a date pattern of YYYY, MMMM, MMM, D, dddd and ddd, found \`${chosen}\``);
  }
  const weekday = () => WEEKDAYS[new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))).getUTCDay()];
  return chosen.replace(tokenRE, (token) => {
    if (monthOnly && (token === 'D' || token.startsWith('ddd'))) {
      throw new FormatProblem(`Cannot write \`${token}\` for \`${iso}\`: the data gives a month, not a day`);
    }
    switch (token) {
      case 'YYYY': return y;
      case 'MMMM': return MONTHS[Number(m) - 1];
      case 'MMM': return MONTHS[Number(m) - 1].slice(0, 3);
      case 'D': return String(Number(d));
      case 'dddd': return weekday();
      default: return weekday().slice(0, 3);
    }
  });
}

/** `1234567` as "1,234,567" (decimals kept as they are). */
export function formatNumber(n: number): string {
  const [whole, fraction] = String(Math.abs(n)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${n < 0 ? '−' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ORDINAL_WORDS: Record<string, string> = {
  one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth',
};

/** A whole number from 0 to 999 in words ("forty-two", "one hundred and five"). */
export function numberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new FormatProblem(`Cannot write ${n} in words: \`words\` takes whole numbers from 0 to 999`);
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
  return `${ONES[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${numberWords(n % 100)}` : ''}`;
}

/** "3rd", or with `words` "third". */
export function ordinal(n: number, words: boolean): string {
  if (!Number.isInteger(n) || n < 0) throw new FormatProblem(`Cannot write ${n} as an ordinal: it takes whole numbers`);
  if (words) {
    const text = numberWords(n);
    const last = /[a-z]+$/.exec(text)![0];
    const nth = ORDINAL_WORDS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
    return text.slice(0, -last.length) + nth;
  }
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** The items of a list as prose: "a, b and c" (`and`), "a, b or c" (`or`), else "a, b, c". */
export function joinList(items: string[], conjunction?: 'and' | 'or'): string {
  if (!conjunction || items.length < 2) return items.join(', ');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** A scalar value (a number, a date, a word) written as `options` ask. */
export function formatScalar(value: unknown, options: FormatOptions): string {
  const has = (name: string) => options[name] !== undefined && options[name] !== null;
  let text: string;
  if (has('date') || has('month')) {
    if (typeof value !== 'string') throw new FormatProblem(`Expected a date (YYYY-MM-DD) for \`date\`, found ${describe(value)}`);
    text = formatDate(value, has('month') ? 'MMMM YYYY' : options.date || undefined);
  } else if (has('number') || has('words') || has('ordinal')) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (Number.isNaN(n)) throw new FormatProblem(`Expected a number for \`${has('number') ? 'number' : has('words') ? 'words' : 'ordinal'}\`, found ${describe(value)}`);
    text = has('ordinal') ? ordinal(n, has('words')) : has('words') ? numberWords(n) : formatNumber(n);
  } else {
    text = value === null || value === undefined ? '' : String(value);
  }
  return has('capital') ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Rejects unknown options with the closest known one (typos would otherwise be ignored). */
export function checkOptions(options: FormatOptions, closest: (name: string) => string | undefined): void {
  for (const name of Object.keys(options)) {
    if ((FORMAT_OPTIONS as readonly string[]).includes(name)) continue;
    const close = closest(name);
    throw new FormatProblem(`Cannot format with \`${name}\`${close ? `; did you mean \`${close}\`?` : ''}`);
  }
  const kinds = ['date', 'month', 'number', 'words'].filter((k) => options[k] !== undefined && options[k] !== null);
  if (kinds.length > 1 && !(kinds.length === 2 && kinds.includes('date') && kinds.includes('month'))) {
    throw new FormatProblem(`Expected one of \`date\`, \`month\`, \`number\`, \`words\`, found ${kinds.map((k) => `\`${k}\``).join(' and ')}`);
  }
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'a record';
  return `\`${String(value)}\``;
}
