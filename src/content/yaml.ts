import { isCollection, isMap, isScalar, LineCounter, parseDocument, visit } from 'yaml';

/**
 * YAML as sitegen reads it everywhere (front matter, `authors.yml`): the `yaml` package, YAML 1.2
 * core schema plus timestamps (`date: 2021-03-08` is a date, as in js-yaml and Docusaurus) and
 * merge keys. One parser, so a value means the same in every file.
 */
export interface ParsedYaml {
  /** The data, when there is no problem. */
  value?: unknown;
  problems: YamlProblem[];
  /** 1-based line (of the text given) of each top-level key, when the text is a map. */
  keyLines: Map<string, number>;
  /**
   * Timestamps the calendar does not have (`2017-02-29`): `value` holds them rolled over to a
   * later day (`2017-03-01`), as js-yaml, and so Docusaurus, reads them. Not syntax errors: the
   * caller says how much they matter (`onImpossibleDates`).
   */
  impossibleDates: YamlProblem[];
}

/** A syntax error, positioned (1-based, in the text given). */
export interface YamlProblem {
  line: number;
  column: number;
  /** The parser's words, without its position suffix. */
  message: string;
  /**
   * Where the flow collection (`[`, `{`) or quoted value that ran to the error opens: the parser
   * notices the missing `]` only where the YAML ends, the opener is where the author must look.
   */
  opener?: { line: number; column: number; what: string };
}

const CLOSERS: Record<string, string> = { '[': ']', '{': '}', '"': '"', "'": "'" };

export function parseYaml(text: string): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, customTags: ['timestamp'], merge: true, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const keys = new Map<string, number>();
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (isScalar(pair.key) && pair.key.range && !keys.has(String(pair.key.value))) keys.set(String(pair.key.value), at(pair.key.range[0]).line);
    }
  }
  const problems = doc.errors.map((error): YamlProblem => {
    const message = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const opener = unclosedBefore(doc, text, error.pos[0], message);
    return {
      ...at(error.pos[0]),
      message,
      ...(opener ? { opener: { ...at(opener.offset), what: opener.what } } : {}),
    };
  });
  // A timestamp the calendar does not have (`2024-02-30`) rolls over to another day.
  const impossibleDates: YamlProblem[] = [];
  visit(doc, {
    Scalar(_, node) {
      if (!(node.value instanceof Date) || !node.range || typeof node.source !== 'string') return;
      const day = impossibleDate(node.source);
      if (day) impossibleDates.push({ ...at(node.range[0]), message: `\`${day}\` is not a day of the calendar: it is read as ${node.value.toISOString().slice(0, 10)}, as Docusaurus reads it` });
    },
  });
  return { value: problems.length ? undefined : doc.toJS(), problems, keyLines: keys, impossibleDates };
}

/**
 * The outermost flow collection or quoted scalar that runs up to the error at `offset`, when the
 * parser's `message` is about its missing closing character (`…end with a ]`, `Missing closing "quote`).
 */
function unclosedBefore(doc: ReturnType<typeof parseDocument>, text: string, offset: number, message: string): { offset: number; what: string } | undefined {
  let found: { offset: number; what: string } | undefined;
  visit(doc, (_key, node) => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    if (!range || range[1] !== offset || (found && found.offset <= range[0])) return;
    const open = text[range[0]];
    const candidate = (isCollection(node) && node.flow) || (isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE'));
    if (!candidate || !(open in CLOSERS) || !message.includes(CLOSERS[open])) return;
    found = { offset: range[0], what: open === '[' ? 'the list `[`' : open === '{' ? 'the map `{`' : `the quoted value \`${open}\`` };
  });
  return found;
}

/**
 * The `YYYY-MM-DD` a date text starts with, when no calendar has that day (`2024-02-30`,
 * `2023-13-01`), else `undefined`. `Date` would silently roll it over to the next month.
 */
export function impossibleDate(text: string): string | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(text.trim());
  if (!match) return undefined;
  const [day, y, m, d] = [match[0], Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? undefined : day;
}
