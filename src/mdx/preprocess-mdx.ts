/**
 * Docusaurus 3's MDX 1 compatibility (`markdown.mdx1Compat`, on by default there), applied to an
 * MDX body before it is parsed, so that the Markdown real sites wrote for MDX 1 still parses:
 *
 * - `## Title {#id}`: `{#id}` is no valid expression in MDX 3; the braces are escaped, and the
 *   heading keeps the text `{#id}` that `rehypeHeadingIds` turns into its id (as for `.md`).
 * - `<!-- comment -->`: HTML comments are a syntax error in MDX 3; they become `{/* … *\/}`
 *   (so `<!-- truncate -->` is the MDX truncate marker).
 *
 * Code fences are left alone. Every replacement keeps the line count and the text before it on
 * its line, so positions of what follows on other lines stay exact.
 */

// Any indent: a fence in a list item is indented as deep as its content (`    ```diff` in a nested item).
const fenceRE = /^[ \t]*(`{3,}|~{3,})/;
/** An ATX heading ending with `{#id}` (before optional closing `#`s). */
const headingIdRE = /^( {0,3}#{1,6}[ \t].*?)\{(#[^\s{}]+)\}([ \t]*#*[ \t]*)$/;

/** The body with Docusaurus's MDX 1 compatibility rewrites applied. */
export function preprocessMdx(body: string): string {
  if (!body.includes('{#') && !body.includes('<!--')) return body;
  const lines = body.split('\n');
  let fence: string | undefined;
  let inComment = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fenceMatch = fenceRE.exec(line);
    if (!inComment && fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (!inComment && fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    const rewritten = rewriteComments(line, inComment);
    inComment = rewritten.inComment;
    lines[i] = rewritten.line.replace(headingIdRE, '$1\\{$2\\}$3');
  }
  return lines.join('\n');
}

/** `<!--` → `{/* ` and `-->` → ` *\/}` (same lengths), tracking a comment open across lines. */
function rewriteComments(line: string, open: boolean): { line: string; inComment: boolean } {
  let out = '';
  let rest = line;
  let inComment = open;
  for (;;) {
    if (inComment) {
      const end = rest.indexOf('-->');
      // `*/` inside the comment would close the JS comment early.
      if (end === -1) return { line: out + rest.replaceAll('*/', '* /'), inComment };
      out += `${rest.slice(0, end).replaceAll('*/', '* /')} */}`;
      rest = rest.slice(end + 3);
      inComment = false;
    } else {
      const start = rest.indexOf('<!--');
      if (start === -1 || isInCode(out + rest, out.length + start)) return { line: out + rest, inComment };
      out += `${rest.slice(0, start)}{/* `;
      rest = rest.slice(start + 4);
      inComment = true;
    }
  }
}

/** Whether `index` of `line` is inside inline code (an odd number of backticks before it). */
function isInCode(line: string, index: number): boolean {
  return (line.slice(0, index).match(/`/g)?.length ?? 0) % 2 === 1;
}
