import { slug } from 'github-slugger';
import type { PageHeading } from '../model.ts';

/** A leading ATX `# Heading` of a Markdown body, with its span. */
export interface LeadingHeading { text: string; start: number; end: number; lines: number }

/**
 * Blank lines, then MDX statements and comments, which render nothing (one line each: an
 * `import`, a one-line `export`, a `{/* comment *\/}`), then the `# Title` line.
 */
const leadingH1RE =
  /^(?:(?:[ \t]*|import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"\n]+['"];?[ \t]*|export\s+(?:default|const|let|function)\b[^\n]*|\{\s*\/\*.*?\*\/\s*\})\r?\n)*(# +(.+?)[ \t#]*)(\r?\n|$)/;
/** An ATX heading line (`## Rules`), at most 3 spaces in; group 1 its marks, group 2 its text. */
const atxRE = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
/** A thematic break (`---`, `***`, `___`) or a setext underline: the content title must come before. */
const breakRE = /^ {0,3}(?:([-*_])(?:[ \t]*\1){2,}|=+|-+)[ \t]*$/;
const fenceRE = /^ {0,3}(`{3,}|~{3,})/;


/**
 * Takes a leading `# Heading` out of a body, as Docusaurus does: without a front matter
 * `title` its text is the title; with one, the title names the page (`<title>`, sidebar) and
 * the body's heading stays the page's visible `<h1>`, with the id it would have had, so
 * `#that-heading` links keep working. The theme renders the `<h1>`, so the body never has two.
 */
export function takeLeadingHeading(body: string, title: string | undefined): { body: string; title?: string; heading?: PageHeading } {
  const heading = firstHeading(body);
  if (!heading) return { body, title };
  const rest = body.slice(0, heading.start) + '\n'.repeat(heading.lines) + body.slice(heading.end);
  if (title === undefined) return { body: rest, title: heading.text };
  return { body: rest, title, heading: { text: heading.text, id: slug(heading.text) } };
}

/** Finds a `# Title` that is the first content of the body (MDX statements and comments aside). */
export function firstHeading(body: string): LeadingHeading | undefined {
  const match = leadingH1RE.exec(body);
  if (!match) return undefined;
  const [all, line, text, eol] = match;
  return { text: text.trim(), start: all.length - eol.length - line.length, end: all.length, lines: eol ? 1 : 0 };
}

/**
 * The text of a `# Title` that is the body's first heading but not its first content (after an
 * `&nbsp;` paragraph, inside a `<div>`): Docusaurus 3 takes such a heading as the page's content
 * title too, as long as no other heading and no thematic break come before it, and then leaves it
 * where it is and renders no title of its own. Code fences are skipped.
 */
export function contentTitleInBody(body: string): string | undefined {
  let fence: string | undefined;
  for (const line of body.split(/\r?\n/)) {
    const fenceMatch = fenceRE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    if (breakRE.test(line)) return undefined;
    const heading = atxRE.exec(line);
    if (heading) return heading[1].length === 1 && heading[2] ? heading[2].trim() : undefined;
  }
  return undefined;
}
