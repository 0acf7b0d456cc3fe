/**
 * Derived facts: a tiny, closed arithmetic language over data keys, so that a number worked out
 * from other facts ("15 health in total", "205 ms", "six weeks later", the team's size on a date)
 * is computed from them instead of typed. A data file declares one as a record with a `formula`
 * (`{ id: hazard-turn-cost, formula: "ruleset-settings.hazardDamagePerTurn.common + game.health-per-turn" }`),
 * and `:fact[…]` also takes a formula in place of a key.
 *
 * Content is untrusted (issue 37), so nothing here is evaluated as code: a formula is tokenised and
 * parsed by the functions below, and the only things it can do are the four operations, brackets
 * and the functions of `FUNCTIONS`. Values are typed: a number may carry a unit (`ms`), which
 * arithmetic keeps or checks (`ms + KB` is an error), and a date is only ever an argument of a date
 * function, never added to a number by accident.
 *
 * Grammar: `expr = term (("+" | "-") term)*`, `term = unary (("*" | "/") unary)*`,
 * `unary = "-" unary | primary`, `primary = number | date | "string" | key | fn "(" args ")" | "(" expr ")"`.
 * A key may hold hyphens (`game.max-health`), so subtraction needs spaces: `a - b`.
 */
import { didYouMean } from '../util/did-you-mean.ts';
import { isIsoDate, isoDateRE } from './fact-format.ts';

/** What a formula, or a data key it reads, stands for. */
export type FactValue =
  | { kind: 'number'; value: number; unit?: string }
  | { kind: 'date'; iso: string }
  | { kind: 'list'; items: unknown[] }
  | { kind: 'text'; text: string };

/** A formula that cannot be read or worked out; the message says where and why. */
export class FormulaProblem extends Error {}

/** How a formula reads a key: the caller resolves records, nested formulas and cycles. */
export type ResolveKey = (key: string) => FactValue;

type Token = { type: 'number' | 'date' | 'string' | 'key' | 'op'; text: string; at: number };

const tokenRE = /\s*(?:(\d{4}-\d{2}(?:-\d{2})?(?![\w.]))|(\d+(?:\.\d+)?)|("[^"]*")|([A-Za-z_][\w.-]*)|([-+*/(),]))/y;

/** Evaluates `source` (see the grammar above), reading keys through `resolve`. */
export function evaluateFormula(source: string, resolve: ResolveKey): FactValue {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i];
  const fail = (message: string): never => {
    throw new FormulaProblem(message);
  };
  const expect = (text: string) => {
    const t = tokens[i];
    if (t?.text !== text) fail(`Expected \`${text}\` at column ${(t?.at ?? source.length) + 1} of \`${source}\`, found ${t ? `\`${t.text}\`` : 'the end'}`);
    i++;
  };

  const expr = (): FactValue => {
    let left = term();
    while (peek()?.text === '+' || peek()?.text === '-') {
      const op = tokens[i++].text;
      left = arithmetic(op, left, term());
    }
    return left;
  };
  const term = (): FactValue => {
    let left = unary();
    while (peek()?.text === '*' || peek()?.text === '/') {
      const op = tokens[i++].text;
      left = arithmetic(op, left, unary());
    }
    return left;
  };
  const unary = (): FactValue => {
    if (peek()?.text === '-') {
      i++;
      const n = asNumber(unary(), 'minus');
      return { kind: 'number', value: -n.value, unit: n.unit };
    }
    return primary();
  };
  const primary = (): FactValue => {
    const t = tokens[i++];
    if (!t) return fail(`Expected a value at the end of \`${source}\``);
    if (t.type === 'number') return { kind: 'number', value: Number(t.text) };
    if (t.type === 'date') {
      if (!isIsoDate(t.text)) fail(`Expected a real date, found \`${t.text}\``);
      return { kind: 'date', iso: t.text };
    }
    if (t.type === 'string') return { kind: 'text', text: t.text.slice(1, -1) };
    if (t.text === '(') {
      const inner = expr();
      expect(')');
      return inner;
    }
    if (t.type === 'key') {
      if (peek()?.text !== '(') return resolve(t.text);
      i++;
      const args: FactValue[] = [];
      if (peek()?.text !== ')') {
        args.push(expr());
        while (peek()?.text === ',') {
          i++;
          args.push(expr());
        }
      }
      expect(')');
      return call(t.text, args);
    }
    return fail(`Expected a value at column ${t.at + 1} of \`${source}\`, found \`${t.text}\``);
  };

  const result = expr();
  if (i < tokens.length) fail(`Expected an operator at column ${tokens[i].at + 1} of \`${source}\`, found \`${tokens[i].text}\``);
  return result;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  tokenRE.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    tokenRE.lastIndex = at;
    const m = tokenRE.exec(source);
    if (!m) throw new FormulaProblem(`Cannot read \`${source.slice(at).trim()}\` in \`${source}\`: expected a number, a date, a key, a function or one of + - * / ( )`);
    const text = m[0].trim();
    const type = m[1] ? 'date' : m[2] ? 'number' : m[3] ? 'string' : m[4] ? 'key' : 'op';
    tokens.push({ type, text, at: m.index + m[0].length - text.length });
    at = tokenRE.lastIndex;
  }
  return tokens;
}

function arithmetic(op: string, a: FactValue, b: FactValue): FactValue {
  const verb = { '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide' }[op]!;
  if (a.kind === 'date' || b.kind === 'date') {
    throw new FormulaProblem(`Cannot ${verb} dates with \`${op}\`: use days(), weeks(), months(), years() or addDays()`);
  }
  const x = asNumber(a, verb);
  const y = asNumber(b, verb);
  let unit: string | undefined;
  let value: number;
  if (op === '+' || op === '-') {
    if (x.unit && y.unit && x.unit !== y.unit) throw new FormulaProblem(`Cannot ${verb} ${y.unit} and ${x.unit}`);
    unit = x.unit ?? y.unit;
    value = op === '+' ? x.value + y.value : x.value - y.value;
  } else if (op === '*') {
    if (x.unit && y.unit) throw new FormulaProblem(`Cannot multiply ${x.unit} by ${y.unit}`);
    unit = x.unit ?? y.unit;
    value = x.value * y.value;
  } else {
    if (y.value === 0) throw new FormulaProblem('Cannot divide by zero');
    if (y.unit && y.unit !== x.unit) throw new FormulaProblem(`Cannot divide ${x.unit ?? 'a number'} by ${y.unit}`);
    unit = y.unit ? undefined : x.unit;
    value = x.value / y.value;
  }
  return { kind: 'number', value: tidy(value), unit };
}

/** Functions a formula may call: the whole vocabulary beyond arithmetic. */
const FUNCTIONS: Record<string, (args: FactValue[]) => FactValue> = {
  floor: (args) => rounding('floor', args, Math.floor),
  ceil: (args) => rounding('ceil', args, Math.ceil),
  round: (args) => rounding('round', args, Math.round),
  abs: (args) => rounding('abs', args, Math.abs),
  min: (args) => extreme('min', args, Math.min),
  max: (args) => extreme('max', args, Math.max),
  count: (args) => {
    arity('count', args, 1, 2);
    const list = asList(args[0], 'count');
    if (!args[1]) return { kind: 'number', value: list.length };
    const where = asText(args[1], 'count');
    return { kind: 'number', value: list.filter(matchesWhere(where)).length };
  },
  days: (args) => between('days', args, (a, b) => Math.round((b.getTime() - a.getTime()) / 86_400_000)),
  weeks: (args) => between('weeks', args, (a, b) => Math.floor(Math.round((b.getTime() - a.getTime()) / 86_400_000) / 7)),
  months: (args) => between('months', args, wholeMonths),
  years: (args) => between('years', args, (a, b) => Math.floor(wholeMonths(a, b) / 12)),
  addDays: (args) => {
    arity('addDays', args, 2, 2);
    const date = asDate(args[0], 'addDays');
    const n = asNumber(args[1], 'addDays');
    if (!Number.isInteger(n.value)) throw new FormulaProblem(`Expected a whole number of days in addDays(), found ${n.value}`);
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n.value);
    return { kind: 'date', iso: d.toISOString().slice(0, 10) };
  },
  asOf: (args) => {
    // The value of a dated series (items with a `from` date) in force on a date.
    arity('asOf', args, 3, 3);
    const list = asList(args[0], 'asOf');
    const date = asDate(args[1], 'asOf');
    const field = asText(args[2], 'asOf');
    const inForce = list.filter((item) => isObject(item) && typeof item.from === 'string' && item.from <= date).at(-1) as Record<string, unknown> | undefined;
    if (!inForce) throw new FormulaProblem(`Cannot find an item in force on ${date} for asOf(): none has a \`from\` on or before it`);
    if (!Object.hasOwn(inForce, field)) throw new FormulaProblem(`Cannot find the field \`${field}\` in the item in force on ${date}`);
    return dataValue(inForce[field]);
  },
};

function call(name: string, args: FactValue[]): FactValue {
  const fn = FUNCTIONS[name];
  if (!fn) {
    const close = didYouMean(name, Object.keys(FUNCTIONS));
    throw new FormulaProblem(`Cannot call \`${name}()\`${close ? `; did you mean \`${close}()\`?` : ''} (functions: ${Object.keys(FUNCTIONS).join(', ')})`);
  }
  return fn(args);
}

/**
 * A value from a data file as a formula sees it: a number, a date (`YYYY-MM-DD`), a list, or text.
 * Records are the caller's business (their `value`, `unit` and `formula`).
 */
export function dataValue(raw: unknown): FactValue {
  if (typeof raw === 'number') return { kind: 'number', value: raw };
  if (Array.isArray(raw)) return { kind: 'list', items: raw };
  if (typeof raw === 'string' && isIsoDate(raw)) return { kind: 'date', iso: raw };
  return { kind: 'text', text: raw === null || raw === undefined ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw) };
}

function rounding(name: string, args: FactValue[], f: (n: number) => number): FactValue {
  arity(name, args, 1, 1);
  const n = asNumber(args[0], `${name}()`);
  return { kind: 'number', value: f(n.value), unit: n.unit };
}

function extreme(name: string, args: FactValue[], f: (...n: number[]) => number): FactValue {
  arity(name, args, 1, Infinity);
  const numbers = args.map((a) => asNumber(a, `${name}()`));
  const units = new Set(numbers.map((n) => n.unit).filter(Boolean));
  if (units.size > 1) throw new FormulaProblem(`Cannot compare ${[...units].join(' and ')} in ${name}()`);
  return { kind: 'number', value: f(...numbers.map((n) => n.value)), unit: [...units][0] };
}

function between(name: string, args: FactValue[], f: (a: Date, b: Date) => number): FactValue {
  arity(name, args, 2, 2);
  const [a, b] = args.map((arg) => new Date(`${asDate(arg, `${name}()`)}T00:00:00Z`));
  return { kind: 'number', value: f(a, b) };
}

/** Whole calendar months from `a` to `b` (a month counts once its day of the month is reached). */
function wholeMonths(a: Date, b: Date): number {
  const months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  return b.getUTCDate() < a.getUTCDate() ? months - 1 : months;
}

/** `field=value` or `field!=value`, as `::data-table`'s `where`; a missing field is `""`. */
function matchesWhere(where: string): (item: unknown) => boolean {
  const m = /^\s*([\w.-]+)\s*(!?=)\s*(.*?)\s*$/.exec(where);
  if (!m) throw new FormulaProblem(`Expected "field=value" or "field!=value" in count(), found "${where}"`);
  const [, field, op, wanted] = m;
  return (item) => {
    const v = isObject(item) ? item[field] : undefined;
    const text = v === undefined || v === null ? '' : String(v);
    return (text === wanted) === (op === '=');
  };
}

function arity(name: string, args: FactValue[], min: number, max: number): void {
  if (args.length >= min && args.length <= max) return;
  const wanted = min === max ? `${min}` : max === Infinity ? `at least ${min}` : `${min} or ${max}`;
  throw new FormulaProblem(`Expected ${wanted} argument${wanted === '1' ? '' : 's'} in ${name}(), found ${args.length}`);
}

function asNumber(v: FactValue, where: string): { value: number; unit?: string } {
  if (v.kind === 'number') return v;
  if (v.kind === 'text' && /^-?\d+(\.\d+)?$/.test(v.text)) return { value: Number(v.text) };
  throw new FormulaProblem(`Expected a number to ${where}, found ${show(v)}`);
}

function asDate(v: FactValue, where: string): string {
  if (v.kind === 'date' && !isoDateRE.exec(v.iso)?.[3]) throw new FormulaProblem(`Expected a day (YYYY-MM-DD) in ${where}, found the month \`${v.iso}\``);
  if (v.kind === 'date') return v.iso;
  throw new FormulaProblem(`Expected a date in ${where}, found ${show(v)}`);
}

function asList(v: FactValue, where: string): unknown[] {
  if (v.kind === 'list') return v.items;
  throw new FormulaProblem(`Expected a list in ${where}(), found ${show(v)}`);
}

function asText(v: FactValue, where: string): string {
  if (v.kind === 'text') return v.text;
  throw new FormulaProblem(`Expected a quoted "text" in ${where}(), found ${show(v)}`);
}

function show(v: FactValue): string {
  if (v.kind === 'number') return `the number ${v.value}${v.unit ? ` ${v.unit}` : ''}`;
  if (v.kind === 'date') return `the date ${v.iso}`;
  if (v.kind === 'list') return 'a list';
  return `the text "${v.text}"`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Drops binary floating-point noise (`0.1 + 0.2`), keeping ten decimals. */
function tidy(n: number): number {
  return Number.isInteger(n) ? n : Number(n.toFixed(10));
}
