import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expandFacts } from './facts.ts';
import { root } from './schema.ts';

// Reading posts and pages for the canon checks: each page with the date it speaks as of (a post's
// date; docs pages speak as of today), its prose split into sentences, its tables and its code, and
// every `:fact[…]` written out as the reader sees it (facts.ts).

/** One post or docs page, as the canon checks see it. */
export interface Page {
  /** Path from the repository root, for messages. */
  file: string;
  /** File name of a post (`2021-06-14-season-2-recap.md`), or the docs-relative path. */
  name: string;
  kind: 'post' | 'doc';
  /** The date the text speaks as of: a post's date; for docs, the last day of the canon's record. */
  date: string;
  /** Front matter title and description. */
  title: string;
  description: string;
  /** The body without front matter. */
  body: string;
  /** The body before `<!-- truncate -->` (a post's opening), or the whole body. */
  opening: string;
  /** Prose only: no code blocks, tables, HTML comments; links reduced to their text. */
  prose: string;
  /** Prose sentences, with the 1-based line each starts on. */
  sentences: { text: string; line: number }[];
  /** Every Markdown table as rows of trimmed cells (header first, the separator row dropped). */
  tables: string[][][];
  /** Code: fenced blocks' contents and inline code spans. */
  code: string[];
}

/** Docs pages describe the site as of now: after everything the blog reports. */
export const DOCS_DATE = '2023-12-31';

const frontmatterRE = /^---\n([\s\S]*?)\n---\n/;

function field(frontmatter: string, key: string): string {
  const m = new RegExp(`^${key}:\\s*(.*)$`, 'm').exec(frontmatter);
  return m ? m[1].replace(/^["']|["']$/g, '') : '';
}

/** Splits prose into sentences (at . ! ? followed by a space and a capital, or at a blank line). */
function splitSentences(prose: string): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  prose.split('\n').forEach((lineText, i) => {
    const parts = lineText.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').split(/(?<=[.!?])\s+(?=[A-Z*`"“(])/);
    for (const p of parts) if (p.trim()) out.push({ text: p.trim(), line: i + 1 });
  });
  return out;
}

function readPage(file: string, kind: Page['kind']): Page {
  const raw = expandFacts(readFileSync(path.join(root, file), 'utf8'));
  const fm = frontmatterRE.exec(raw);
  const frontmatter = fm?.[1] ?? '';
  const offset = fm ? fm[0].split('\n').length - 1 : 0;
  const body = fm ? raw.slice(fm[0].length) : raw;
  const name = kind === 'post' ? path.basename(file) : path.relative('content/docs', file);
  const code: string[] = [];
  // Keep line numbers: blank out what is not prose instead of removing it.
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  let prose = body.replace(/```[^\n]*\n([\s\S]*?)```/g, (m, inner: string) => { code.push(inner); return blank(m); });
  prose = prose.replace(/<!--[\s\S]*?-->/g, blank);
  prose = prose.split('\n').map((l) => (l.trim().startsWith('|') || /^:::/.test(l.trim()) ? '' : l)).join('\n');
  for (const m of prose.matchAll(/`([^`\n]+)`/g)) code.push(m[1]);
  prose = prose.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|__/g, '');
  const tables = body.split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((l) => l.trim().startsWith('|')))
    .filter((rows) => rows.length >= 2)
    .map((rows) => rows.filter((r) => !/^\|[\s|:-]+\|$/.test(r.trim())).map((r) => r.trim().split('|').slice(1, -1).map((c) => c.trim())));
  const sentences = splitSentences(prose).map((s) => ({ ...s, line: s.line + offset }));
  return {
    file, name, kind,
    date: kind === 'post' ? name.slice(0, 10) : DOCS_DATE,
    title: field(frontmatter, 'title'), description: field(frontmatter, 'description'),
    body, opening: body.split('<!-- truncate -->')[0], prose, sentences, tables, code,
  };
}

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : d.name.endsWith('.md') ? [path.join(dir, d.name)] : []);
}

/** Every published blog post (files starting with `_` are not published), oldest first. */
export function loadPosts(): Page[] {
  return walk('content/blog').filter((f) => !path.basename(f).startsWith('_')).sort().map((f) => readPage(f, 'post'));
}

/** Every docs page. */
export function loadDocs(): Page[] {
  return walk('content/docs').filter((f) => !path.basename(f).startsWith('_')).sort().map((f) => readPage(f, 'doc'));
}

/** Number words as the posts write them. */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, twenty: 20,
};

/** A number written in digits or words, or NaN. */
export function toNumber(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word.toLowerCase()] ?? Number.NaN;
}
