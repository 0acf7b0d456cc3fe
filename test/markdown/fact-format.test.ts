import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatScalar, isIsoDate, joinList, numberWords, ordinal } from '../../src/markdown/fact-format.ts';

// Issue 40 › A: every number or date of the data can be written as prose needs it.
describe('fact formats', () => {
  it('write days, months and weekdays, and refuse what is no date', () => {
    expect(formatDate('2024-01-08')).toBe('8 January 2024');
    expect(formatDate('2024-01-08', 'dddd, MMMM D, YYYY')).toBe('Monday, January 8, 2024');
    expect(formatDate('2024-02-29', 'ddd D MMM')).toBe('Thu 29 Feb');
    expect(formatDate('2022-10')).toBe('October 2022');
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13')).toBe(false);
    expect(() => formatDate('2022-10', 'D MMMM')).toThrow('the data gives a month, not a day');
    expect(() => formatDate('18 March')).toThrow('Expected a date written YYYY-MM-DD or YYYY-MM');
  });

  it('group thousands, spell numbers, and write ordinals', () => {
    expect([formatNumber(9999), formatNumber(10000), formatNumber(1234567.5), formatNumber(-2500)]).toEqual(['9,999', '10,000', '1,234,567.5', '−2,500']);
    expect([0, 3, 15, 20, 42, 90, 100, 105, 999].map(numberWords)).toEqual([
      'zero', 'three', 'fifteen', 'twenty', 'forty-two', 'ninety', 'one hundred', 'one hundred and five', 'nine hundred and ninety-nine',
    ]);
    expect(() => numberWords(1000)).toThrow('whole numbers from 0 to 999');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map((n) => ordinal(n, false))).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th',
    ]);
    expect([1, 2, 3, 5, 8, 9, 12, 20, 42, 100].map((n) => ordinal(n, true))).toEqual([
      'first', 'second', 'third', 'fifth', 'eighth', 'ninth', 'twelfth', 'twentieth', 'forty-second', 'one hundredth',
    ]);
  });

  it('join lists and combine options', () => {
    expect(joinList(['Python', 'Go', 'Rust'], 'and')).toBe('Python, Go and Rust');
    expect(joinList(['a', 'b'], 'or')).toBe('a or b');
    expect(joinList(['only'], 'and')).toBe('only');
    expect(formatScalar(3, { words: '', capital: '' })).toBe('Three');
    expect(formatScalar('2020-06-15', { month: '' })).toBe('June 2020');
    expect(formatScalar('15', { number: '' })).toBe('15');
    expect(() => formatScalar('many', { number: '' })).toThrow('Expected a number for `number`, found `many`');
  });
});
