/** A leading ATX `# Heading` of a Markdown body, with its span. */
export interface LeadingHeading { text: string; start: number; end: number; lines: number }

const leadingH1RE = /^(?:[ \t]*\r?\n)*# +(.+?)[ \t#]*(\r?\n|$)/;

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
