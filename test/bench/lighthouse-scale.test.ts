import { describe, expect, it } from 'vitest';
import { offScale, scaledSlowdown } from '../../bench/lib/run-lighthouse.ts';

// Issue 29 › 9: Lighthouse's CPU slowdown is scaled to a benchmarkIndex of 1800; an audit whose
// own index calls for a slowdown more than 15% off the one it ran at is audited again.
describe('Lighthouse CPU slowdown', () => {
  it('is 4× at the reference index and scales with the machine', () => {
    expect(scaledSlowdown(1800)).toBe(4);
    expect(scaledSlowdown(900)).toBe(2);
    expect(scaledSlowdown(2250)).toBe(5);
  });

  it('calls a run off scale only beyond 15% of its own index’s slowdown', () => {
    expect(offScale({ benchmarkIndex: 1800, cpuSlowdown: 4 })).toBe(false);
    expect(offScale({ benchmarkIndex: 1800, cpuSlowdown: 4.5 })).toBe(false);
    // Today's bench: run at ×5.15 (scaled from the audit before), its own index 1675 called for ×3.72.
    expect(offScale({ benchmarkIndex: 1675, cpuSlowdown: 5.15 })).toBe(true);
    expect(offScale({ benchmarkIndex: 2252, cpuSlowdown: 3.5 })).toBe(true);
    expect(offScale({ benchmarkIndex: undefined, cpuSlowdown: 4 })).toBe(false);
  });
});
