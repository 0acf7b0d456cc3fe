import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../src/content/yaml.ts';

describe('parseYaml', () => {
  it('reads YAML 1.2 with timestamps and merge keys, and the line of each top-level key', () => {
    const parsed = parseYaml('title: Hello\ndate: 2021-03-08\nbase: &b { a: 1 }\nmerged:\n  <<: *b\n  c: 2\nno: no\n');
    expect(parsed.problems).toEqual([]);
    expect(parsed.value).toEqual({ title: 'Hello', date: new Date('2021-03-08T00:00:00Z'), base: { a: 1 }, merged: { a: 1, c: 2 }, no: 'no' });
    expect([...parsed.keyLines]).toEqual([['title', 1], ['date', 2], ['base', 3], ['merged', 4], ['no', 7]]);
  });

  it('has no value when there is a problem, and reports it positioned without the parser’s position suffix', () => {
    const parsed = parseYaml('title: a\ntitle: b\n');
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0]).toMatchObject({ line: 2, column: 1, message: expect.stringMatching(/unique/) });
    expect(parsed.problems[0].message).not.toMatch(/at line \d+, column \d+/);
  });

  it('points at the opening bracket or quote of a value left unclosed', () => {
    const list = parseYaml('title: x\ntags: [a, b\nauthor: me\n');
    expect(list.problems.find((p) => p.opener)?.opener).toEqual({ line: 2, column: 7, what: 'the list `[`' });
    const quoted = parseYaml('title: "unclosed\nnext: 1\n');
    expect(quoted.problems.find((p) => p.opener)?.opener).toEqual({ line: 1, column: 8, what: 'the quoted value `"`' });
  });

  it('reads a date the calendar does not have rolled over, as js-yaml does, and names it apart from syntax errors', () => {
    const parsed = parseYaml('title: Leap\ndate: 2017-02-29\n');
    expect(parsed.problems).toEqual([]);
    expect((parsed.value as { date: Date }).date.toISOString()).toBe('2017-03-01T00:00:00.000Z');
    expect(parsed.impossibleDates).toEqual([{ line: 2, column: 7, message: '`2017-02-29` is not a day of the calendar: it is read as 2017-03-01, as Docusaurus reads it' }]);
  });

  it('gives no key lines for a text that is not a map', () => {
    expect(parseYaml('- a\n- b\n')).toEqual({ value: ['a', 'b'], problems: [], keyLines: new Map(), impossibleDates: [] });
  });
});
