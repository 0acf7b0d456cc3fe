import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, formatMs, progressOf, silentLogger, step, withProgress, type Logger } from '../../src/diagnostics/logger.ts';
import type { Progress } from '../../src/diagnostics/progress.ts';

afterEach(() => vi.restoreAllMocks());

/** A logger that keeps its lines, by level. */
function recording(progress?: Logger['progress']) {
  const lines: string[] = [];
  const logger: Logger = {
    info: (m) => lines.push(`info ${m}`),
    detail: (m) => lines.push(`detail ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
    ...(progress ? { progress } : {}),
  };
  return { lines, logger };
}

describe('formatMs', () => {
  it('prints milliseconds below a second and seconds with two decimals above', () => {
    expect(formatMs(12.4)).toBe('12 ms');
    expect(formatMs(999.4)).toBe('999 ms');
    expect(formatMs(1000)).toBe('1.00 s');
    expect(formatMs(1236)).toBe('1.24 s');
  });
});

describe('step', () => {
  it("returns the phase's result and prints ✓ with its name, then the memory in detail", async () => {
    const { lines, logger } = recording();
    expect(await step(logger, 'load config', async () => 42)).toBe(42);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^info {3}✓ load config {12}\d+ ms$/);
    expect(lines[1]).toMatch(/^detail {7}memory after: \d+ MB heap \(this thread\), \d+ MB resident \(all threads\)$/);
  });

  it('prints ✗ and rethrows the failure as it is', async () => {
    const { lines, logger } = recording();
    const failure = new Error('no');
    await expect(step(logger, 'render', () => { throw failure; })).rejects.toBe(failure);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^info {3}✗ render /);
  });
});

describe('progress', () => {
  it("uses the logger's counter for a phase, ticks it per item and ends it even when the phase fails", async () => {
    const calls: string[] = [];
    const counter = (name: string, total: number, unit: string): Progress => {
      calls.push(`start ${name} ${total} ${unit}`);
      return { tick: () => calls.push('tick'), done: () => calls.push('done') };
    };
    const { logger } = recording(counter);
    expect(await withProgress(logger, 'pages', 2, 'pages', async (tick) => { tick(); tick(); return 'ok'; })).toBe('ok');
    await expect(withProgress(logger, 'pages', 1, 'pages', async () => { throw new Error('x'); })).rejects.toThrow('x');
    expect(calls).toEqual(['start pages 2 pages', 'tick', 'tick', 'done', 'start pages 1 pages', 'done']);
  });

  it('shows nothing for a logger without a counter', () => {
    expect(silentLogger.progress).toBeUndefined();
    const progress = progressOf(silentLogger, 'pages', 10, 'pages');
    expect(() => { progress.tick(); progress.done(); }).not.toThrow();
  });
});

describe('createLogger', () => {
  it('prints info and details by level; --quiet keeps warnings and errors and has no progress', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const quiet = createLogger({ quiet: true });
    quiet.info('i'); quiet.detail('d'); quiet.warn('w'); quiet.error('e');
    expect(quiet.progress).toBeUndefined();
    const verbose = createLogger({ verbose: true });
    verbose.info('I'); verbose.detail('D');
    const plain = createLogger();
    plain.info('P'); plain.detail('hidden');
    expect(typeof plain.progress).toBe('function');
    expect(log.mock.calls.map((c) => c[0])).toEqual(['I', 'D', 'P']);
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['w']);
    expect(error.mock.calls.map((c) => c[0])).toEqual(['e']);
  });
});
