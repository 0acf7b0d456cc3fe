import { describe, expect, it } from 'vitest';
import { recentPromises } from '../../src/util/recent-promises.ts';

describe('recentPromises', () => {
  it('gives the same promise for a key asked for again, without making it again', async () => {
    const recent = recentPromises<number>(2);
    let made = 0;
    const make = () => Promise.resolve(++made);
    const first = recent('a', make);
    expect(recent('a', make)).toBe(first);
    expect(await first).toBe(1);
    expect(made).toBe(1);
  });

  it('keeps only the most recently asked for keys', async () => {
    const recent = recentPromises<string>(2);
    const made: string[] = [];
    const make = (key: string) => () => {
      made.push(key);
      return Promise.resolve(key);
    };
    recent('a', make('a'));
    recent('b', make('b'));
    // Asking for `a` again makes it the most recent: `b` goes when `c` comes.
    recent('a', make('a'));
    recent('c', make('c'));
    recent('a', make('a'));
    recent('b', make('b'));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a promise that rejected, so the next request makes it again', async () => {
    const recent = recentPromises<number>(2);
    let calls = 0;
    const failing = recent('a', () => {
      calls++;
      return Promise.reject(new Error('no'));
    });
    await expect(failing).rejects.toThrow('no');
    const second = recent('a', () => {
      calls++;
      return Promise.resolve(2);
    });
    expect(await second).toBe(2);
    expect(calls).toBe(2);
  });
});
