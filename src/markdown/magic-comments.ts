/**
 * Docusaurus's magic comments in code blocks: `highlight-next-line`, and `highlight-start` …
 * `highlight-end` around a range, written as a comment of any common style (`//`, `#`, `--`,
 * `;;`, `%`, `/* … *\/`, `{/* … *\/}`, `<!-- … -->`) alone on a line. They are removed from the
 * code and mark the lines they point at, like the `{1,3-5}` meta does.
 */

/** A magic comment alone on its line, in any comment style; group 1 or 2 is the directive. */
const magicRE = /^\s*(?:(?:\/\/|#|--|;;|%)\s*(highlight-(?:next-line|start|end))|(?:\{?\/\*|<!--)\s*(highlight-(?:next-line|start|end))\s*(?:\*\/\}?|-->))\s*$/;

/** What {@link takeMagicComments} returns. */
export interface MagicComments {
  /** The code without its magic-comment lines. */
  code: string;
  /** Lines of `code` (1-based) to highlight. */
  lines: Set<number>;
  /** Problems, with the 0-based line of the block they concern. */
  problems: { line: number; message: string }[];
}

/** Removes the magic comments of `code` and returns the lines they highlight. */
export function takeMagicComments(code: string): MagicComments {
  const lines = new Set<number>();
  const problems: MagicComments['problems'] = [];
  if (!code.includes('highlight-')) return { code, lines, problems };
  const kept: string[] = [];
  let next = false;
  /** Source lines (0-based) of the open `highlight-start`s. */
  const open: number[] = [];
  code.split('\n').forEach((line, at) => {
    const match = magicRE.exec(line);
    const directive = match?.[1] ?? match?.[2];
    if (directive === 'highlight-next-line') next = true;
    else if (directive === 'highlight-start') open.push(at);
    else if (directive === 'highlight-end') {
      if (open.pop() === undefined) problems.push({ line: at, message: 'Expected a `highlight-start` before this `highlight-end`' });
    } else {
      kept.push(line);
      if (next || open.length > 0) lines.add(kept.length);
      next = false;
    }
  });
  for (const at of open) problems.push({ line: at, message: 'Expected a `highlight-end` after this `highlight-start`; the range runs to the end of the block' });
  return { code: kept.join('\n'), lines, problems };
}
