import os from 'node:os';

/** The 1-minute load average a timed browser measurement waits for, on this 2-core machine: the last measurement's Chromium, mostly. */
export const QUIET_LOAD = 1.5;
/** The longest it waits; a machine busy with other work is then measured as it is, and says so. */
const QUIET_WAIT_MS = 120_000;

/**
 * Waits until the load average is at most QUIET_LOAD, or QUIET_WAIT_MS; returns the seconds
 * waited. Another process's turn on the CPU in the middle of a page's work is counted as the
 * page's: in Lighthouse, whose Lantern replays the trace's tasks at their recorded lengths (one
 * /quickstart audit here: TBT 125 ms at load 4.3, 23 ms at 2.8 a minute later), and in a first
 * tap, whose input waits behind it (the same build's medians at CPU ×4: 40–72 ms at load
 * 0.7–1.2, 88–136 ms beside a process spinning on one core). The benchmarkIndex corrects for
 * the machine's speed, not for its other work.
 */
export async function waitForQuiet(): Promise<number> {
  const start = performance.now();
  while (os.loadavg()[0] > QUIET_LOAD && performance.now() - start < QUIET_WAIT_MS) await new Promise((resolve) => setTimeout(resolve, 2_000));
  return Math.round((performance.now() - start) / 1000);
}

/** The 1-minute load average now, to two decimals. */
export const loadAverage = (): number => Math.round(os.loadavg()[0] * 100) / 100;
