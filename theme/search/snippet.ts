import { matchesTerm, tokenize, type QueryTerm } from '../../src/search/tokenize.ts';
import type { SnippetPart } from './types.ts';

const wordRE = /\S+/g;
/** Words shown before the first match of the window, for context. */
const LEAD = 4;

/**
 * About `words` words of `text` around its best match (the window with the most distinct query
 * terms, then the most matches), as plain-text parts with the matched words marked. Text with
 * no match gives its opening words.
 */
export function createSnippet(options: { text: string; terms: QueryTerm[]; words?: number }): SnippetPart[] {
  const { text, terms } = options;
  const size = options.words ?? 25;
  const words = [...text.matchAll(wordRE)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  if (words.length === 0) return [];
  const marks = tokenize(text)
    .map((token) => ({ ...token, which: terms.findIndex((q) => matchesTerm(token.term, q)) }))
    .filter((token) => token.which >= 0);

  // Candidate windows start a few words before each match; the first best one wins.
  let from = 0;
  let bestScore = -1;
  let w = 0;
  for (const mark of marks) {
    while (w < words.length - 1 && words[w].end <= mark.start) w++;
    const start = Math.max(0, w - LEAD);
    const end = words[Math.min(words.length, start + size) - 1].end;
    const inside = marks.filter((m) => m.start >= words[start].start && m.end <= end);
    const score = new Set(inside.map((m) => m.which)).size * 100 + inside.length;
    if (score > bestScore) [bestScore, from] = [score, start];
  }
  const to = Math.min(words.length, from + size);
  const start = words[from].start;
  const end = words[to - 1].end;

  const parts: SnippetPart[] = [];
  const push = (value: string, mark: boolean) => {
    if (!value) return;
    const last = parts[parts.length - 1];
    if (last && last.mark === mark) last.text += value;
    else parts.push({ text: value, mark });
  };
  push(from > 0 ? '… ' : '', false);
  let at = start;
  for (const mark of marks) {
    if (mark.start < start || mark.end > end) continue;
    push(text.slice(at, mark.start), false);
    push(text.slice(mark.start, mark.end), true);
    at = mark.end;
  }
  push(text.slice(at, end), false);
  push(to < words.length ? ' …' : '', false);
  return parts;
}
