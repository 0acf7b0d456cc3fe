/**
 * Docusaurus writes admonition titles after the name (`:::tip Keep it warm`), but
 * remark-directive only accepts a label in brackets. Like Docusaurus' own preprocessor, we rewrite
 * such lines to `:::tip[Keep it warm]` before parsing.
 *
 * The rewrite keeps the line count identical and the title at the same columns (the space after
 * the name becomes `[`), so positions reported later still match the file on disk.
 */

/**
 * Names that get the title rewrite; other containers are left exactly as written. The last three
 * are Docusaurus 3's keywords kept for older sites: `secondary` looks like `note`, `important`
 * like `info` and `success` like `tip`, each with its own name as its default title.
 */
export const admonitionTypes = ['note', 'tip', 'info', 'warning', 'caution', 'danger', 'secondary', 'important', 'success'] as const;

/** One admonition type, e.g. `tip`. */
export type AdmonitionType = (typeof admonitionTypes)[number];

// Prefix (indent and blockquote markers), colons, name, one space, title.
const openerWithTitleRE = new RegExp(
  `^((?:[ \\t]*>)*[ \\t]*:{3,})(${admonitionTypes.join('|')})[ \\t]+([^\\[{\\s].*?)[ \\t]*$`,
);
const fenceRE = /^(?:[ \t]*>)*[ \t]*(`{3,}|~{3,})/;

/**
 * Rewrites `:::type Title` lines to `:::type[Title]`, leaving fenced code untouched.
 *
 * @example
 * preprocessAdmonitionTitles(':::tip Keep it warm\n\nBody\n\n:::')
 * // ':::tip[Keep it warm]\n\nBody\n\n:::'
 */
export function preprocessAdmonitionTitles(source: string): string {
  if (!source.includes(':::')) return source;
  const lines = source.split('\n');
  let fence: string | undefined;

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const fenceMatch = fenceRE.exec(line);
    if (fence) {
      // A closing fence uses the same character, at least as long, and nothing after it.
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) {
        if (line.slice(fenceMatch[0].length).trim() === '') fence = undefined;
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    const opener = openerWithTitleRE.exec(line.replace(/\r$/, ''));
    if (opener) {
      const [, prefix, name, title] = opener;
      // Brackets stay as written: a label may hold balanced ones, e.g. a link in the title.
      lines[index] = `${prefix}${name}[${title}]${line.endsWith('\r') ? '\r' : ''}`;
    }
  }
  return lines.join('\n');
}
