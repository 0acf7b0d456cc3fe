import matter from 'gray-matter';
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** Front matter split from a Markdown file. */
export interface SplitFile {
  data: Record<string, unknown>;
  body: string;
  /** Lines before the body (0 when there is no front matter). */
  lineOffset: number;
  /** The raw YAML, for locating keys in messages. */
  yaml: string;
}

/**
 * Splits YAML front matter from Markdown. A YAML syntax error becomes a diagnostic with the
 * line and column in the file.
 */
export function splitFrontMatter(text: string, file: string): SplitFile | { diagnostic: Diagnostic } {
  try {
    // Passing options disables gray-matter's global cache, which would pin every file in memory.
    const parsed = matter(text, {});
    const prefixLength = text.length - parsed.content.length;
    const lineOffset = text.slice(0, prefixLength).split('\n').length - 1;
    return { data: parsed.data ?? {}, body: parsed.content, lineOffset, yaml: parsed.matter ?? '' };
  } catch (cause) {
    const err = cause as { reason?: string; message: string; mark?: { line: number; column: number } };
    return {
      diagnostic: {
        file,
        // The YAML starts with the newline that ends the opening `---`, so its 0-based line
        // numbers are already offset by that line: +1 makes them 1-based file lines.
        line: err.mark ? err.mark.line + 1 : 1,
        column: err.mark ? err.mark.column + 1 : 1,
        severity: 'error', ruleId: 'content/front-matter-syntax',
        message: `Cannot parse front matter: ${err.reason ?? err.message.split('\n')[0]}`,
        hint: 'Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.',
      },
    };
  }
}

/**
 * Validates front matter against a zod schema. Each problem becomes a diagnostic at the line of
 * the offending key: `Expected `sidebar_position` to be a number, got `"abc"``.
 */
export function validateFrontMatter<T extends z.ZodType>(
  options: { schema: T; split: SplitFile; file: string },
): { value: z.output<T>; diagnostics: [] } | { value?: undefined; diagnostics: Diagnostic[] } {
  const { schema, split, file } = options;
  const result = schema.safeParse(split.data);
  if (result.success) return { value: result.data, diagnostics: [] };
  const diagnostics = result.error.issues.map((issue): Diagnostic => {
    const key = String(issue.path[0] ?? '');
    const line = keyLine(split.yaml, key);
    const actual = split.data[key];
    let message: string;
    if (issue.code === 'invalid_type') {
      message = `Expected \`${issue.path.join('.')}\` to be ${article(issue.expected)}, got \`${JSON.stringify(actual)}\``;
    } else if (issue.code === 'unrecognized_keys') {
      message = `Expected no key \`${issue.keys.join('`, `')}\``;
    } else {
      message = `Expected a valid \`${issue.path.join('.') || 'front matter'}\`: ${issue.message}`;
    }
    return { file, line, column: 1, severity: 'error', ruleId: 'content/front-matter', message };
  });
  return { diagnostics };
}

/** 1-based line in the file of a top-level YAML key (line 1 is the opening `---`). */
export function keyLine(yaml: string, key: string): number {
  const lines = yaml.replace(/^\n/, '').split('\n');
  const index = key ? lines.findIndex((l) => l.startsWith(`${key}:`)) : -1;
  return index < 0 ? 1 : index + 2;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
