/** Severity of a diagnostic; `error` fails a build, `warning` is printed only. */
export type Severity = 'error' | 'warning';

/**
 * One problem found in the user's input. Positions are 1-based and refer to the source file
 * (Markdown positions are shifted past the front matter so they match the file on disk).
 */
export interface Diagnostic {
  /** Path relative to the site root, e.g. `content/docs/rules.md`. */
  file: string;
  line?: number;
  column?: number;
  severity: Severity;
  /** Starts with "Cannot …" or "Expected …"; values in backticks. */
  message: string;
  /** Stable rule id such as `links/missing-page`. */
  ruleId: string;
  /** What to do about it, printed on its own line. */
  hint?: string;
  /** The error behind it (a component that threw): not printed; `--verbose` prints its chain and stack. */
  cause?: unknown;
}
