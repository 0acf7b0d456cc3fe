import type { Message } from 'esbuild';
import { SitegenError } from '../diagnostics/sitegen-error.ts';

/**
 * Turns an esbuild failure (a syntax or import error in the theme) into a SitegenError with a
 * diagnostic per message, positioned in the theme file.
 */
export function toThemeError(error: unknown, what: string): unknown {
  const errors = (error as { errors?: Message[] }).errors;
  if (!Array.isArray(errors)) return error;
  return new SitegenError(`Cannot bundle the ${what}`, {
    cause: error,
    diagnostics: errors.map((m) => ({
      file: m.location?.file ?? 'theme',
      line: m.location?.line,
      column: m.location ? m.location.column + 1 : undefined,
      severity: 'error' as const,
      ruleId: 'theme/bundle',
      message: `Cannot bundle the ${what}: ${m.text}`,
    })),
  });
}
