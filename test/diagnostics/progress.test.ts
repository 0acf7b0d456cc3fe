import { describe, expect, it } from 'vitest';
import { startProgress } from '../../src/diagnostics/progress.ts';

// Issue 17 › 6: long phases show signs of life; short ones and quiet runs show nothing.

function fake(isTTY: boolean) {
  let t = 0;
  const written: string[] = [];
  return { output: { isTTY, now: () => t, write: (s: string) => written.push(s) }, written, advance: (ms: number) => { t += ms; } };
}

describe('progress of a long phase', () => {
  it('shows nothing for a phase that ends within a second', () => {
    for (const tty of [true, false]) {
      const f = fake(tty);
      const p = startProgress({ output: f.output, name: 'render markdown', total: 100, unit: 'files' });
      for (let i = 0; i < 100; i++) { f.advance(9); p.tick(); }
      p.done();
      expect(f.written).toEqual([]);
    }
  });

  it('on a terminal, redraws one line in place with count, rate and time left, then clears it', () => {
    const f = fake(true);
    const p = startProgress({ output: f.output, name: 'render markdown', total: 1000, unit: 'files' });
    for (let i = 0; i < 400; i++) { f.advance(5); p.tick(); }
    // 400 ticks over 2 s: drawn from 1 s on, at most every 100 ms.
    expect(f.written.length).toBeGreaterThanOrEqual(9);
    expect(f.written.length).toBeLessThanOrEqual(11);
    expect(f.written.every((w) => w.startsWith('\r\x1b[2K') && !w.includes('\n'))).toBe(true);
    expect(f.written.at(-1)).toBe('\r\x1b[2K  … render markdown        400/1000 files (200/s, ~3 s left)');
    p.done();
    expect(f.written.at(-1)).toBe('\r\x1b[2K');
  });

  it('in a log, writes a whole line every five seconds, never a control character', () => {
    const f = fake(false);
    const p = startProgress({ output: f.output, name: 'render 10692 pages', total: 10_692, unit: 'pages' });
    for (let i = 0; i < 5000; i++) { f.advance(3); p.tick(); } // 15 s: lines at 5 s and 10 s
    p.done();
    expect(f.written).toEqual([
      '  … render 10692 pages     1667/10692 pages (333/s, ~27 s left)\n',
      '  … render 10692 pages     3334/10692 pages (333/s, ~22 s left)\n',
    ]);
  });

  it('gives no time left until a twentieth of the work is done (the first items carry the start-up)', () => {
    let t = 0;
    const written: string[] = [];
    const progress = startProgress({ output: { isTTY: true, write: (x) => written.push(x), now: () => t }, name: 'render markdown', total: 171, unit: 'files' });
    t = 5000;
    progress.tick();
    expect(written.at(-1)).toBe('\r\x1b[2K  … render markdown        1/171 files (0.2/s)');
    t = 6000;
    progress.tick(9);
    expect(written.at(-1)).toBe('\r\x1b[2K  … render markdown        10/171 files (1.7/s, ~1 min 37 s left)');
  });
});
