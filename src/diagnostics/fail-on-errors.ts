import type { Diagnostic } from './diagnostic.ts';
import { formatDiagnostic, sortDiagnostics, summarizeDiagnostics } from './format-diagnostic.ts';
import { SitegenError } from './sitegen-error.ts';
import type { Logger } from './logger.ts';

/**
 * Throws one SitegenError carrying every diagnostic (sorted, de-duplicated) when any of them is
 * an error; `bin/` prints them and exits 1, dev prints them and shows the overlay. The first
 * error with a `cause` (a component that threw) is its cause, which `--verbose` prints.
 */
export function failOnErrors(diagnostics: Diagnostic[]): void {
  if (!diagnostics.some((d) => d.severity === 'error')) return;
  const sorted = sortDiagnostics(diagnostics);
  const cause = sorted.find((d) => d.severity === 'error' && d.cause !== undefined)?.cause;
  throw new SitegenError(`Build failed: ${summarizeDiagnostics(sorted)}`, { diagnostics: sorted, ...(cause === undefined ? {} : { cause }) });
}

/** Prints the warnings of a successful render, then their summary. */
export function reportWarnings(diagnostics: Diagnostic[], logger: Logger): void {
  if (diagnostics.length === 0) return;
  const sorted = sortDiagnostics(diagnostics);
  for (const d of sorted) logger.warn(formatDiagnostic(d));
  logger.warn(summarizeDiagnostics(sorted));
}
