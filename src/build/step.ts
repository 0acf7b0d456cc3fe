/** Prints build progress; `quiet` prints nothing but errors, `verbose` adds details. */
export interface Logger {
  info(message: string): void;
  detail(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger writing to stderr/stdout by level. */
export function createLogger(options: { quiet?: boolean; verbose?: boolean } = {}): Logger {
  return {
    info: (m) => { if (!options.quiet) console.log(m); },
    detail: (m) => { if (options.verbose) console.log(m); },
    warn: (m) => console.warn(m),
    error: (m) => console.error(m),
  };
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
