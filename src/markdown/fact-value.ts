/**
 * What `:fact[…]` shows: the value at a key or of a formula, with its unit, written as the
 * directive's options ask (fact-format.ts). Shared by the directive and by code that shows a fact
 * outside Markdown (the announcement bar in `site.config.ts`, through `readFact`).
 *
 * A data record shows its `value` and `unit` (`{ value: 500, unit: ms }` → "500 ms"); a record
 * with a `formula` instead of a `value` shows what the formula works out to (fact-formula.ts),
 * in the record's `unit` if it declares one.
 */
import { isRecord, textOf } from './content-data.ts';
import { DataProblem, lookupKey, type DataFiles } from './data-lookup.ts';
import { checkOptions, formatScalar, FORMAT_OPTIONS, FormatProblem, joinList, type FormatOptions } from './fact-format.ts';
import { dataValue, evaluateFormula, FormulaProblem, type FactValue } from './fact-formula.ts';
import { didYouMean } from '../util/did-you-mean.ts';

/** A fact ready to write: a scalar or a list, and the unit that follows it. */
export interface ResolvedFact {
  value: unknown;
  unit?: string;
}

/** Characters of a plain key; a label with anything else (a space, a bracket) is a formula. */
const keyRE = /^[\w.-]+$/;

/**
 * The fact a `:fact[label]` stands for: the data at a key, or the result of a formula.
 * Problems are `DataProblem`s (`markdown/data-key`, `markdown/data-formula`…).
 */
export function resolveFact(label: string, files: DataFiles): ResolvedFact {
  return keyRE.test(label) ? resolveData(label, lookupKey(label, files), files) : resolveData(label, { formula: label }, files);
}

/**
 * A value read from the data (at `key`, for messages and cycles): a record's `value` and `unit`,
 * or what its `formula` works out to; anything else as it is.
 */
export function resolveData(key: string, raw: unknown, files: DataFiles): ResolvedFact {
  const stack: string[] = [];
  const fromData = (key: string, raw: unknown): ResolvedFact => {
    if (!isRecord(raw)) return { value: raw };
    if (Object.hasOwn(raw, 'formula')) {
      if (stack.includes(key)) {
        throw new DataProblem(`Cannot work out \`${key}\`: its formula depends on itself (${[...stack, key].join(' → ')})`, 'markdown/data-formula');
      }
      stack.push(key);
      try {
        const result = evaluate(String(raw.formula), key);
        const declared = raw.unit === undefined ? undefined : textOf(raw.unit);
        if (result.unit && declared && result.unit !== declared) {
          throw new DataProblem(`Cannot work out \`${key}\`: its formula gives ${result.unit}, but the record says ${declared}`, 'markdown/data-formula');
        }
        return { value: result.value, unit: declared ?? result.unit };
      } finally {
        stack.pop();
      }
    }
    if (Object.hasOwn(raw, 'value')) return { value: raw.value, unit: raw.unit === undefined || raw.unit === null ? undefined : textOf(raw.unit) };
    return { value: raw };
  };
  const evaluate = (formula: string, key?: string): ResolvedFact => {
    let result: FactValue;
    try {
      result = evaluateFormula(formula, (k) => asFactValue(fromData(k, lookupKey(k, files))));
    } catch (error) {
      if (!(error instanceof FormulaProblem)) throw error;
      throw new DataProblem(`Cannot work out ${key ? `\`${key}\` (\`${formula}\`)` : `\`${formula}\``}: ${error.message}`, 'markdown/data-formula',
        'Formulas take keys, numbers, dates (YYYY-MM-DD), + - * / and brackets (spaces around -), and the functions of README › Data.');
    }
    if (result.kind === 'number') return { value: result.value, unit: result.unit };
    if (result.kind === 'date') return { value: result.iso };
    if (result.kind === 'list') return { value: result.items };
    return { value: result.text };
  };
  // A formula written in place of a key has no key of its own: name it by its text.
  return isRecord(raw) && Object.keys(raw).length === 1 && Object.hasOwn(raw, 'formula') && raw.formula === key
    ? evaluate(key)
    : fromData(key, raw);
}

/** A resolved fact as a formula's operand. */
function asFactValue(fact: ResolvedFact): FactValue {
  const value = dataValue(fact.value);
  return value.kind === 'number' && fact.unit ? { ...value, unit: fact.unit } : value;
}

/** A list value, formatted item by item (records through `item`, kept by `where`); `undefined` for a scalar. */
export function factItems(fact: ResolvedFact, options: FormatOptions): string[] | undefined {
  if (!Array.isArray(fact.value)) return undefined;
  const where = options.where ? whereFilter(options.where) : () => true;
  const scalar = { ...options, capital: undefined, item: undefined, where: undefined, and: undefined, or: undefined };
  return fact.value.filter(where).map((item) => {
    if (!isRecord(item)) return formatScalar(item, scalar);
    if (!options.item) throw new FormatProblem('Expected `item="{field} …"` to write a list of records, e.g. `item="{name}"`');
    return options.item.replace(/\{([\w.-]+)(?::(\w+))?\}/g, (_, field: string, format?: string) => {
      if (!Object.hasOwn(item, field)) throw new FormatProblem(`Cannot find the field \`${field}\` of \`item\` in the list's records (fields: ${Object.keys(item).map((k) => `\`${k}\``).join(', ')})`);
      return format ? formatScalar(item[field], { [format]: '' }) : textOf(item[field]);
    });
  });
}

/** `field=value` or `field!=value`; a missing field is `""`. */
function whereFilter(where: string): (item: unknown) => boolean {
  const m = /^\s*([\w.-]+)\s*(!?=)\s*(.*?)\s*$/.exec(where);
  if (!m) throw new FormatProblem(`Expected \`where="field=value"\` or \`field!=value\`, found \`${where}\``);
  const [, field, op, wanted] = m;
  return (item) => {
    const v = isRecord(item) ? item[field] : undefined;
    return (v === undefined || v === null ? '' : String(v)) === wanted === (op === '=');
  };
}

/**
 * The text of a fact: its value written as `options` ask, then its unit (unless `bare`; `unit`
 * gives another word for it); a list is joined (`and` / `or` for "a, b and c").
 */
export function factText(fact: ResolvedFact, options: FormatOptions): string {
  try {
    checkOptions(options, (name) => didYouMean(name, FORMAT_OPTIONS));
    const items = factItems(fact, options);
    if (items) {
      const text = joinList(items, has(options, 'and') ? 'and' : has(options, 'or') ? 'or' : undefined);
      return has(options, 'capital') ? text.charAt(0).toUpperCase() + text.slice(1) : text;
    }
    const value = isRecord(fact.value) ? textOf(fact.value) : formatScalar(fact.value, options);
    const unit = has(options, 'bare') || !fact.unit ? undefined : options.unit || fact.unit;
    return unit ? `${value} ${unit}` : value;
  } catch (error) {
    if (error instanceof FormatProblem) throw new DataProblem(error.message, 'markdown/data-format', `Options: ${FORMAT_OPTIONS.map((o) => `\`${o}\``).join(', ')} (README › Data).`);
    throw error;
  }
}

function has(options: FormatOptions, name: string): boolean {
  return options[name] !== undefined && options[name] !== null;
}
