import { noProgress, startProgress, type Progress } from './progress.ts';

/** Prints build progress; `quiet` prints nothing but errors, `verbose` adds details. */
export interface Logger {
  info(message: string): void;
  detail(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Counts a long phase's items (see progress.ts); absent where nothing should show. */
  progress?(name: string, total: number, unit: string): Progress;
}

/** A logger writing to stderr/stdout by level; long phases show progress unless `quiet`. */
export function createLogger(options: { quiet?: boolean; verbose?: boolean } = {}): Logger {
  const output = { write: (text: string) => void process.stdout.write(text), isTTY: Boolean(process.stdout.isTTY) };
  return {
    info: (m) => { if (!options.quiet) console.log(m); },
    detail: (m) => { if (options.verbose) console.log(m); },
    warn: (m) => console.warn(m),
    error: (m) => console.error(m),
    ...(options.quiet ? {} : { progress: (name: string, total: number, unit: string) => startProgress({ output, name, total, unit }) }),
  };
}

/** The logger's progress counter for a phase, or one that shows nothing. */
export function progressOf(logger: Logger, name: string, total: number, unit: string): Progress {
  return logger.progress?.(name, total, unit) ?? noProgress;
}

/** A logger that prints nothing (tests, benchmarks). */
export const silentLogger: Logger = { info() {}, detail() {}, warn() {}, error() {} };

/**
 * Runs one named build phase and prints `✓ name  12 ms` (or `✗`), rethrowing failures.
 * Returns the phase's result.
 */
export async function step<T>(logger: Logger, name: string, fn: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    const result = await fn();
    logger.info(`  ✓ ${name.padEnd(22)} ${formatMs(performance.now() - start)}`);
    const memory = process.memoryUsage();
    logger.detail(`      memory after: ${mb(memory.heapUsed)} heap (this thread), ${mb(memory.rss)} resident (all threads)`);
    return result;
  } catch (error) {
    logger.info(`  ✗ ${name.padEnd(22)} ${formatMs(performance.now() - start)}`);
    throw error;
  }
}

/** `12 ms`, `1.24 s` */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Runs `fn` with a progress counter for the phase `name` (`total` items of `unit`), and clears
 * the counter when it ends, so the phase's `✓` line is printed on a clean line.
 */
export async function withProgress<T>(logger: Logger, name: string, total: number, unit: string, fn: (tick: () => void) => Promise<T>): Promise<T> {
  const progress = progressOf(logger, name, total, unit);
  try {
    return await fn(() => progress.tick());
  } finally {
    progress.done();
  }
}
