import type { SiteFence } from './site-fence.ts';
import matter from 'gray-matter';
import { readSource } from './read-source.ts';
import { parseYaml, type YamlProblem } from './yaml.ts';
import type { z } from 'zod';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

/** Front matter split from a Markdown file. */
export interface SplitFile {
  data: Record<string, unknown>;
  body: string;
  /** Lines before the body (0 when there is no front matter). */
  lineOffset: number;
  /** 1-based file line of each top-level front-matter key, for messages about its value. */
  keyLines: Map<string, number>;
  /** Dates the calendar does not have, read rolled over (yaml.ts › `impossibleDates`). */
  impossibleDates: YamlProblem[];
}

/** The rule of a front-matter date the calendar does not have (`2017-02-29`). */
export const IMPOSSIBLE_DATE_RULE = 'content/impossible-date';

/** A front-matter syntax error, carried out of gray-matter's engine call. */
class FrontMatterSyntaxError extends Error {
  constructor(readonly problem: YamlProblem) {
    super(problem.message);
  }
}

/**
 * Splits YAML front matter from Markdown: gray-matter finds the block, `parseYaml` (the one YAML
 * parser, see yaml.ts) reads it. A syntax error becomes a diagnostic with the line and column in
 * the file; an unclosed `[`, `{` or quote is reported where it opens.
 */
export function splitFrontMatter(text: string, file: string): SplitFile | { diagnostic: Diagnostic } {
  let keyLines = new Map<string, number>();
  let impossibleDates: YamlProblem[] = [];
  const yaml = (source: string) => {
    const parsed = parseYaml(source);
    if (parsed.problems.length) throw new FrontMatterSyntaxError(parsed.problems[0]);
    keyLines = parsed.keyLines;
    impossibleDates = parsed.impossibleDates;
    return parsed.value ?? {};
  };
  const refuse = (language: string) => () => {
    throw new FrontMatterSyntaxError({ line: 1, column: 4, message: `front matter in ${language} is not read, only YAML` });
  };
  try {
    // Options turn off gray-matter's global cache, which would pin every file in memory. Its
    // `javascript` engine would run the block as code: front matter is data, never executed.
    // `---json` is read as YAML too (JSON is YAML), with the same positions in messages.
    const parsed = matter(text, { engines: { yaml, json: yaml, javascript: refuse('JavaScript'), coffee: refuse('CoffeeScript') } });
    const prefixLength = text.length - parsed.content.length;
    const lineOffset = text.slice(0, prefixLength).split('\n').length - 1;
    return { data: (parsed.data ?? {}) as Record<string, unknown>, body: parsed.content, lineOffset, keyLines, impossibleDates };
  } catch (caught) {
    // A language gray-matter has no engine for (`---toml`) is refused like `---js`.
    const language = /engine "(.+)" is not registered/.exec((caught as Error).message)?.[1];
    const cause = caught instanceof FrontMatterSyntaxError ? caught : new FrontMatterSyntaxError({
      line: 1, column: 4,
      message: language ? `front matter in \`${language}\` is not read, only YAML` : (caught as Error).message.split('\n')[0],
    });
    // The YAML starts with the newline that ends the opening `---`: its 1-based lines are file lines.
    const { line, column, message, opener } = cause.problem;
    return {
      diagnostic: {
        file,
        ...(opener ? { line: opener.line, column: opener.column } : { line, column }),
        severity: 'error', ruleId: 'content/front-matter-syntax',
        message: opener
          ? `Cannot parse front matter: ${opener.what} is never closed (the YAML parser stopped at line ${line}: ${message})`
          : `Cannot parse front matter: ${message}`,
        hint: 'Front matter is YAML between two `---` lines; quote values that contain `:` or start with a special character.',
      },
    };
  }
}

/**
 * Reads a Markdown file and its front matter, checked against `schema`: the text, split, and the
 * typed front matter, or `undefined` with the problem in `diagnostics` (unreadable, empty, bad
 * YAML, a value of the wrong type). What docs and posts share before their own rules apply.
 */
export async function readMarkdownFile<T extends z.ZodType>(options: { abs: string; file: string; schema: T; diagnostics: Diagnostic[]; fence: SiteFence }): Promise<{ split: SplitFile; fm: z.output<T> } | undefined> {
  const { abs, file, schema, diagnostics } = options;
  const read = await readSource(abs, file, options.fence);
  if ('diagnostic' in read) return void diagnostics.push(read.diagnostic);
  if (read.text.trim() === '') {
    diagnostics.push({ file, severity: 'warning', ruleId: 'content/empty-file', message: 'Expected Markdown content, found an empty file; it is skipped', hint: 'Add a front matter `title` and some text, or delete the file.' });
    return undefined;
  }
  const split = splitFrontMatter(read.text, file);
  if ('diagnostic' in split) return void diagnostics.push(split.diagnostic);
  // Read as Docusaurus reads them, and reported: an error unless `onImpossibleDates` says otherwise (load-site.ts).
  for (const { line, column, message } of split.impossibleDates) {
    diagnostics.push({ file, line, column, severity: 'error', ruleId: IMPOSSIBLE_DATE_RULE, message, hint: 'Write the day you mean. `onImpossibleDates: \'warn\'` in the config lets the build go on (a Docusaurus config sets it).' });
  }
  const checked = validateFrontMatter({ schema, split, file });
  if (!checked.value) return void diagnostics.push(...checked.diagnostics);
  return { split, fm: checked.value };
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
    const line = keyLine(split, key);
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

/** 1-based line in the file of a top-level front-matter key; the opening `---` when it has none. */
export function keyLine(split: Pick<SplitFile, 'keyLines'>, key: string): number {
  return split.keyLines.get(key) ?? 1;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
