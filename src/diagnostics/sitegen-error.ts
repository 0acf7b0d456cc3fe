import type { Diagnostic } from './diagnostic.ts';

/**
 * A failure caused by the user's input (config, content). Carries the diagnostics to print;
 * `bin/` turns it into exit code 1. Anything else thrown is an internal bug.
 */
export class SitegenError extends Error {
  readonly diagnostics: Diagnostic[];

  constructor(message: string, options: { diagnostics?: Diagnostic[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'SitegenError';
    this.diagnostics = options.diagnostics ?? [];
  }
}
