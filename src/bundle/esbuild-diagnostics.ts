import path from 'node:path';
import type { Message } from 'esbuild';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { SitegenError } from '../diagnostics/sitegen-error.ts';

/** What is being bundled, for the messages and the rule id of its failures. */
export interface BundleSubject {
  /** In a sentence: "the MDX pages", "the pages of `src/pages`", "the theme". */
  what: string;
  /** The rule id of a failure that is not an unresolved import: `mdx/bundle`, `pages/bundle`, `theme/bundle`. */
  ruleId: string;
  /** The folder file names are made relative to (the site's, or the theme's). */
  root: string;
  /** esbuild's `absWorkingDir`, which its relative names are relative to, when it is not `root`. */
  workingDir?: string;
  /** The file named when esbuild gives no location. */
  fallbackFile: string;
}

/**
 * The one converter of esbuild's failures (a syntax error in a component, say) into diagnostics
 * at their file, line and column, for every bundle of site and theme code. Returns `undefined`
 * for an error that is not an esbuild failure (the caller rethrows it).
 */
export function esbuildDiagnostics(error: unknown, subject: BundleSubject): Diagnostic[] | undefined {
  const messages = (error as { errors?: Message[] } | null)?.errors;
  return Array.isArray(messages) ? messages.map((m) => esbuildDiagnostic(m, subject)) : undefined;
}

/** One esbuild message as a diagnostic (see {@link esbuildDiagnostics}). */
export function esbuildDiagnostic(m: Message, subject: BundleSubject): Diagnostic {
  // A module of a bundle's own namespace (`sitegen-mdx-page:/abs/x.mdx`) is named by its file.
  const named = m.location?.file.replace(/^sitegen-[a-z-]+:/, '');
  const file = named && subject.workingDir && !path.isAbsolute(named) ? path.resolve(subject.workingDir, named) : named;
  return {
    file: file === undefined || file === '' ? subject.fallbackFile : path.isAbsolute(file) ? path.relative(subject.root, file).split(path.sep).join('/') : file,
    line: m.location?.line, column: m.location ? m.location.column + 1 : undefined,
    severity: 'error', ruleId: subject.ruleId, message: `Cannot bundle ${subject.what}: ${m.text}`,
  };
}

/**
 * An esbuild failure as a SitegenError ("Cannot bundle <what>") with a diagnostic per message;
 * any other error as it is.
 */
export function bundleError(error: unknown, subject: BundleSubject): unknown {
  const diagnostics = esbuildDiagnostics(error, subject);
  return diagnostics ? new SitegenError(`Cannot bundle ${subject.what}`, { cause: error, diagnostics }) : error;
}
