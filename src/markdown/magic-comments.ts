/**
 * Docusaurus's magic comments in code blocks: by default `highlight-next-line`, and
 * `highlight-start` … `highlight-end` around a range, written as a comment of any common style
 * (`//`, `#`, `--`, `;;`, `%`, `/* … *\/`, `{/* … *\/}`, `<!-- … -->`) alone on a line. They are
 * removed from the code and mark the lines they point at: highlighted, like the `{1,3-5}` meta,
 * or, for a site's own comments (`markdown.magicComments`, Docusaurus's `prism.magicComments`),
 * with the class the site gives them (`code-block-error-line`).
 */

/** A kind of magic comment, as Docusaurus's `prism.magicComments` lists them. */
export interface MagicComment {
  /** The class of the lines it marks. */
  className: string;
  /** Marks the next line: `highlight-next-line`. */
  line?: string;
  /** Marks the lines between: `highlight-start` … `highlight-end`. */
  block?: { start: string; end: string };
}

/** Docusaurus's default: highlighting. Its lines get sitegen's `highlighted` class too. */
export const HIGHLIGHT_COMMENT: MagicComment = { className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } };

/** What {@link takeMagicComments} returns. */
export interface MagicComments {
  /** The code without its magic-comment lines. */
  code: string;
  /** Lines of `code` (1-based) to highlight. */
  lines: Set<number>;
  /** Lines of `code` (1-based) a site's own magic comments mark, with their classes. */
  classes: Map<number, string[]>;
  /** Problems, with the 0-based line of the block they concern. */
  problems: { line: number; message: string }[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A magic comment alone on its line, in any comment style; group 1 or 2 is the directive. */
function magicRE(directives: string[]): RegExp {
  const any = directives.map(escape).join('|');
  return new RegExp(`^\\s*(?:(?:\\/\\/|#|--|;;|%)\\s*(${any})|(?:\\{?\\/\\*|<!--)\\s*(${any})\\s*(?:\\*\\/\\}?|-->))\\s*$`);
}

const defaultRE = magicRE([HIGHLIGHT_COMMENT.line!, HIGHLIGHT_COMMENT.block!.start, HIGHLIGHT_COMMENT.block!.end]);

/** Removes the magic comments of `code` (of the kinds in `comments`) and returns the lines they mark. */
export function takeMagicComments(code: string, comments: readonly MagicComment[] = [HIGHLIGHT_COMMENT]): MagicComments {
  const lines = new Set<number>();
  const classes = new Map<number, string[]>();
  const problems: MagicComments['problems'] = [];
  const directives = comments.flatMap((c) => [c.line, c.block?.start, c.block?.end].filter((d): d is string => Boolean(d)));
  if (!directives.some((d) => code.includes(d))) return { code, lines, classes, problems };
  const re = comments.length === 1 && comments[0] === HIGHLIGHT_COMMENT ? defaultRE : magicRE(directives);
  const kept: string[] = [];
  /** The kinds whose next line is marked. */
  let next = new Set<MagicComment>();
  /** The open blocks: their kind and source line (0-based). */
  const open: { kind: MagicComment; at: number }[] = [];
  code.split('\n').forEach((line, at) => {
    const match = re.exec(line);
    const directive = match?.[1] ?? match?.[2];
    const kind = directive === undefined ? undefined : comments.find((c) => c.line === directive || c.block?.start === directive || c.block?.end === directive)!;
    if (kind && directive === kind.line) next.add(kind);
    else if (kind && directive === kind.block?.start) open.push({ kind, at });
    else if (kind && directive === kind.block?.end) {
      const index = open.map((o) => o.kind).lastIndexOf(kind);
      if (index === -1) problems.push({ line: at, message: `Expected a \`${kind.block!.start}\` before this \`${directive}\`` });
      else open.splice(index, 1);
    } else {
      kept.push(line);
      const marking = new Set([...next, ...open.map((o) => o.kind)]);
      for (const k of marking) {
        if (k.className === HIGHLIGHT_COMMENT.className) lines.add(kept.length);
        else classes.set(kept.length, [...classes.get(kept.length) ?? [], k.className]);
      }
      next = new Set();
    }
  });
  for (const { kind, at } of open) problems.push({ line: at, message: `Expected a \`${kind.block!.end}\` after this \`${kind.block!.start}\`; the range runs to the end of the block` });
  return { code: kept.join('\n'), lines, classes, problems };
}
