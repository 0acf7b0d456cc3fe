import { slug } from 'github-slugger';
import type { PageHeading } from '../model.ts';

/** A leading ATX `# Heading` of a Markdown body, with its span. */
export interface LeadingHeading { text: string; start: number; end: number; lines: number }

const leadingH1RE = /^(?:[ \t]*\r?\n)*# +(.+?)[ \t#]*(\r?\n|$)/;


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

/** Finds a `# Title` that is the first content of the body. */
export function firstHeading(body: string): LeadingHeading | undefined {
  const match = leadingH1RE.exec(body);
  if (!match) return undefined;
  const start = match[0].indexOf('#');
  return { text: match[1].trim(), start, end: match[0].length, lines: match[2] ? 1 : 0 };
}

/**
 * The first prose paragraph as plain text, for a default description (Docusaurus does the
 * same). Skips headings, admonition markers, code, lists, tables and images.
 */
export function firstParagraph(body: string): string {
  let inFence = false;
  let paragraph: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (/^(```|~~~)/.test(trimmed)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    if (!trimmed) {
      if (paragraph.length) break;
      continue;
    }
    if (paragraph.length === 0 && /^(#|:::|[-*+] |\d+\. |\||!\[|<|\$\$|>|import |export )/.test(trimmed)) continue;
    paragraph.push(trimmed);
  }
  return stripInline(paragraph.join(' '));
}

/** Removes Markdown inline syntax: links keep their text, emphasis and code marks go. */
export function stripInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .trim();
}
