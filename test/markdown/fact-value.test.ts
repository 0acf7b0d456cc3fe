import { describe, expect, it } from 'vitest';
import { DataProblem, lookupKey, type DataFiles } from '../../src/markdown/data-lookup.ts';
import { factItems, factText, resolveFact } from '../../src/markdown/fact-value.ts';

// The values `:fact[…]` shows, straight from data (data-lookup.ts, fact-value.ts), without a render.

const data: Record<string, unknown> = {
  game: {
    timeout: { value: 500, unit: 'ms' },
    'max-health': 100,
    budget: { formula: 'game.timeout - 295', unit: 'ms' },
    loop: { formula: 'game.loop + 1' },
  },
  canon: { regions: [{ name: 'North', location: 'Oslo' }, { name: 'South', location: 'Perth', retired: 'yes' }] },
};
const files: DataFiles = {
  resolveData: (name) => (Object.hasOwn(data, name) ? { name, file: `content/data/${name}.yml`, hash: name, value: data[name] } : undefined),
  listData: () => Object.keys(data),
};
const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return [(error as DataProblem).ruleId, (error as Error).message];
  }
  throw new Error('expected a DataProblem');
};

describe('lookupKey', () => {
  it('reads a key of a data file, and names the closest file or key when there is none', () => {
    expect(lookupKey('game.max-health', files)).toBe(100);
    expect(problem(() => lookupKey('gam.timeout', files))).toEqual(['markdown/data-source', 'Cannot find the data file `gam` for `gam.timeout`; did you mean `game`?']);
    expect(problem(() => lookupKey('game.timeot', files))[0]).toBe('markdown/data-key');
    expect(problem(() => lookupKey('game.timeot', files))[1]).toContain('did you mean `game.timeout`?');
  });
});

describe('resolveFact and factText', () => {
  it('writes a record with its unit, a formula worked out, and a bare number', () => {
    expect(factText(resolveFact('game.timeout', files), {})).toBe('500 ms');
    expect(factText(resolveFact('game.timeout', files), { bare: '' })).toBe('500');
    expect(factText(resolveFact('game.budget', files), {})).toBe('205 ms');
    expect(factText(resolveFact('game.max-health', files), {})).toBe('100');
  });

  it('refuses a formula that depends on itself', () => {
    expect(problem(() => resolveFact('game.loop', files))).toEqual(['markdown/data-formula', 'Cannot work out `game.loop`: its formula depends on itself (game.loop → game.loop)']);
  });

  it('writes a list of records through an item template, filtered by `where`', () => {
    expect(factItems(resolveFact('canon.regions', files), { item: '{name} ({location})', where: 'retired=' })).toEqual(['North (Oslo)']);
    expect(factItems(resolveFact('canon.regions', files), { item: '{name}' })).toEqual(['North', 'South']);
  });
});
