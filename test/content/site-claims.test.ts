import { describe, expect, it } from 'vitest';
import { loadDocs, loadPosts } from './canon/pages.ts';

// Issue 27, items B12 and B23: statements about how the player rating and monthly points are
// computed, and about what old URLs do, must agree with the rule the docs define
// (/guides/leaderboards: best Serpent per leaderboard) and with what a static host serves.

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
