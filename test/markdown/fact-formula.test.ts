import { describe, expect, it } from 'vitest';
import { evaluateFormula, type FactValue } from '../../src/markdown/fact-formula.ts';

// Issue 40 › A: derived numbers are worked out from the data by a closed language, never by eval.
const data: Record<string, FactValue> = {
  'game.timeout': { kind: 'number', value: 500, unit: 'ms' },
  'game.reply-limit': { kind: 'number', value: 64, unit: 'KB' },
  'game.max-health': { kind: 'number', value: 100 },
  'canon.founded': { kind: 'date', iso: '2018-04-09' },
  'canon.regions': { kind: 'list', items: [{ id: 'a', retired: '2021-09-30' }, { id: 'b' }, { id: 'c' }] },
  'canon.headcount': { kind: 'list', items: [{ from: '2018-04-09', size: 2 }, { from: '2019-04-01', size: 3 }] },
};
const resolve = (key: string): FactValue => {
  if (!data[key]) throw new Error(`no ${key}`);
  return data[key];
};
const run = (source: string) => evaluateFormula(source, resolve);

describe('formulas', () => {
  it('do arithmetic with precedence, brackets, unary minus and units', () => {
    expect(run('(game.timeout - 90) / 2')).toEqual({ kind: 'number', value: 205, unit: 'ms' });
    expect(run('game.timeout - 90 / 2')).toEqual({ kind: 'number', value: 455, unit: 'ms' });
    expect(run('-game.max-health + 1')).toEqual({ kind: 'number', value: -99 });
    expect(run('game.timeout / game.timeout')).toEqual({ kind: 'number', value: 1 });
    expect(run('0.1 + 0.2')).toEqual({ kind: 'number', value: 0.3 });
    expect(run('floor((game.max-health - 1) / 15)')).toEqual({ kind: 'number', value: 6 });
    expect(run('max(game.timeout, 20)')).toEqual({ kind: 'number', value: 500, unit: 'ms' });
  });

  it('count, filter, and work with dates and dated series', () => {
    expect(run('count(canon.regions)')).toEqual({ kind: 'number', value: 3 });
    expect(run('count(canon.regions, "retired=")')).toEqual({ kind: 'number', value: 2 });
    expect(run('years(canon.founded, 2023-12-18)')).toEqual({ kind: 'number', value: 5 });
    expect(run('years(canon.founded, 2023-04-08)')).toEqual({ kind: 'number', value: 4 });
    expect(run('months(2022-10-17, 2023-02-13)')).toEqual({ kind: 'number', value: 3 });
    expect(run('days(2024-02-28, 2024-03-01)')).toEqual({ kind: 'number', value: 2 });
    expect(run('addDays(2024-01-08, -1)')).toEqual({ kind: 'date', iso: '2024-01-07' });
    expect(run('asOf(canon.headcount, 2019-05-01, "size")')).toEqual({ kind: 'number', value: 3 });
  });

  it('refuse what they cannot mean', () => {
    const cases: [string, string][] = [
      ['game.timeout + game.reply-limit', 'Cannot add KB and ms'],
      ['game.timeout * game.timeout', 'Cannot multiply ms by ms'],
      ['game.max-health / game.timeout', 'Cannot divide a number by ms'],
      ['canon.founded + 1', 'Cannot add dates'],
      ['game.max-health / 0', 'Cannot divide by zero'],
      ['count(game.timeout)', 'Expected a list in count(), found the number 500 ms'],
      ['years(2022-10, 2023-01-01)', 'Expected a day (YYYY-MM-DD) in years(), found the month `2022-10`'],
      ['asOf(canon.headcount, 2017-01-01, "size")', 'none has a `from` on or before it'],
      ['addDays(2023-02-30, 1)', 'Expected a real date, found `2023-02-30`'],
      ['floor(1, 2)', 'Expected 1 argument in floor(), found 2'],
      ['flor(1)', 'did you mean `floor()`?'],
      ['process.exit(1)', 'Cannot call `process.exit()`'],
      ['game.timeout; 1', 'Cannot read `; 1`'],
      ['(1 + 2', 'Expected `)` at column 7'],
      ['1 2', 'Expected an operator at column 3'],
    ];
    for (const [source, message] of cases) expect(() => run(source), source).toThrow(message);
  });
});
