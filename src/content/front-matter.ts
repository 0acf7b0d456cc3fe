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
    const reason = err.reason ?? err.message.split('\n')[0];
    // The YAML starts with the newline that ends the opening `---`, so its 0-based line
    // numbers are already offset by that line: +1 makes them 1-based file lines.
    const at = { line: err.mark ? err.mark.line + 1 : 1, column: err.mark ? err.mark.column + 1 : 1 };
    // js-yaml notices an unclosed `[`, `{` or quote only where the YAML ends (the closing
    // `---`) or at the next key: point at the opener instead, and keep the parser's words.
    const opener = unclosedOpener(frontMatterYaml(text));
    const before = opener && (opener.line < at.line || (opener.line === at.line && opener.column < at.column));
    return {
      diagnostic: {
        file,
        ...(before ? { line: opener.line, column: opener.column } : at),
        severity: 'error', ruleId: 'content/front-matter-syntax',
        message: before
          ? `Cannot parse front matter: ${opener.what} is never closed (the YAML parser stopped at line ${at.line}: ${reason})`
          : `Cannot parse front matter: ${reason}`,
        hint: 'Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.',
      },
    };
  }
}

/** The YAML between the opening `---` and the closing one (or the end), from the `---` line on. */
function frontMatterYaml(text: string): string[] {
  const lines = text.split('\n');
  const end = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line));
  return lines.slice(0, end === -1 ? lines.length : end);
}

/**
 * The first flow collection (`[`, `{`) or quoted value still open at the end of `lines` (1-based
 * file positions; line 1 is the opening `---`). A quote or bracket counts only where a value
 * starts (after `key: `, `- `, `[`, `{` or `,`), so `title: It's fine` is no opener; block
 * scalars (`|`, `>`) and comments are skipped. A heuristic for a better position, never a parser.
 */
export function unclosedOpener(lines: string[]): { line: number; column: number; what: string } | undefined {
  const open: { line: number; column: number; char: string }[] = [];
  let quote: { line: number; column: number; char: string } | undefined;
  let blockIndent = -1;
  for (let l = 1; l < lines.length; l++) {
    const line = lines[l];
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (line.trim() === '' || indent > blockIndent) continue;
      blockIndent = -1;
    }
    let valueStart = !quote;
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (quote) {
        if (quote.char === '"' && ch === '\\') c++;
        else if (ch === quote.char && quote.char === "'" && line[c + 1] === "'") c++;
        else if (ch === quote.char) quote = undefined;
        continue;
      }
      if (ch === ' ' || ch === '\t') continue;
      if (ch === '#' && (c === 0 || /\s/.test(line[c - 1]))) break;
      if (valueStart && (ch === '"' || ch === "'")) {
        quote = { line: l + 1, column: c + 1, char: ch };
      } else if (valueStart && (ch === '[' || ch === '{')) {
        open.push({ line: l + 1, column: c + 1, char: ch });
      } else if ((ch === ']' || ch === '}') && open.length) {
        open.pop();
      } else if (valueStart && (ch === '|' || ch === '>') && /^[|>][-+0-9]*\s*(#.*)?$/.test(line.slice(c)) && !open.length) {
        blockIndent = indent;
        break;
      }
      // A value may start after `key: `, `- `, `? `, and inside flow collections after `[`, `{`, `,`.
      valueStart = ((ch === ':' || ch === '-' || ch === '?') && /\s/.test(line[c + 1] ?? ' ')) || ch === '[' || ch === '{' || ch === ',';
    }
  }
  const first = quote && (!open.length || quote.line < open[0].line || (quote.line === open[0].line && quote.column < open[0].column)) ? quote : open[0] ?? quote;
  if (!first) return undefined;
  const what = first.char === '[' ? 'the list `[`' : first.char === '{' ? 'the map `{`' : `the quoted value \`${first.char}\``;
  return { line: first.line, column: first.column, what };
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
