import { describe, expect, it } from 'vitest';
import { loadDocs, loadPosts } from './canon/pages.ts';

// Issue 27, items B11, B12 and B23: statements about how the player rating and monthly points are
// computed, where arcade_maze puts its food, and what old URLs do must agree with the rule the docs
// define (/guides/leaderboards: best Serpent per leaderboard), the game facts and a static host.

const pages = [...loadPosts(), ...loadDocs()];

describe('claims about the site and its rules', () => {
  it('describe the player rating as a sum over leaderboards of the best Serpent on each', () => {
    const problems: string[] = [];
    let found = 0;
    for (const page of pages) {
      page.sentences.forEach((s, i) => {
        // A sentence that adds up estimates, in a passage (it and the two before) about the player rating.
        const context = `${page.sentences[i - 2]?.text ?? ''} ${page.sentences[i - 1]?.text ?? ''} ${s.text}`;
        if (!/\b(?:player|global) rating\b/i.test(context)) return;
        if (!/\badd(?:s|ed)?\b[^.]*\bup\b|\bsums?\b|\btotal\b/i.test(s.text)) return;
        if (!/\bestimates?\b|μ|\\mu/.test(s.text)) return;
        found++;
        if (!/\bbest\b/i.test(context)) problems.push(`${page.file}:${s.line}: the player rating sums every Serpent instead of the best one per leaderboard`);
      });
      for (const s of page.sentences) {
        if (/\b(?:every|each) Serpent (?:earns|gets|is paid)\b[^.]*\bpoints\b/i.test(s.text)) {
          found++;
          problems.push(`${page.file}:${s.line}: monthly points are paid per player and leaderboard, to the best-placed Serpent only`);
        }
      }
    }
    expect(found).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('put arcade_maze food one cell above the centre, as the map does', () => {
    // The facts (§ 5): food at (9,11) on the 19×21 board, whose centre is (9,10).
    const problems: string[] = [];
    for (const page of pages) {
      const passages = [...page.sentences.map((s) => s.text), ...page.code];
      for (const text of passages) {
        if (!/arcade_maze|Arcade Maze/.test(text)) continue;
        for (const line of text.split('\n')) {
          const about = /arcade_maze|Arcade Maze/.test(text) && /\bfood\b/i.test(line) && /\bcent(?:re|er)\b/i.test(line);
          if (about && !/\babove the cent(?:re|er)\b|\(9,\s?11\)/i.test(line)) problems.push(`${page.file}: "${line.trim().slice(0, 90)}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('do not promise that links with a trailing slash still work', () => {
    // The build writes `page.html`: a static host serves `/page` and `/page.html`, and `/page/` is a 404.
    const problems: string[] = [];
    for (const page of pages) {
      for (const [i, s] of page.sentences.entries()) {
        // "Pages no longer end in a trailing slash. Old links that do are sent to the clean address."
        if (!/trailing slash/i.test(`${page.sentences[i - 1]?.text ?? ''} ${s.text}`)) continue;
        if (/\b(?:are|is) (?:sent|redirected)\b|\bredirects?\b|\bkeep working\b|\bstill work/i.test(s.text) && !/\bnot\b|\bno page\b|\b404\b/i.test(s.text)) {
          problems.push(`${page.file}:${s.line}: "${s.text.slice(0, 90)}…"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
