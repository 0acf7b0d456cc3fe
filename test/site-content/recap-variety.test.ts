import { describe, expect, it } from 'vitest';
import { loadCanon } from './canon/schema.ts';
import { loadPosts } from './canon/pages.ts';

// Issue 27, item C: recaps (and posts in general) must not be one template with the names
// swapped. Three checks cover the class: shared sentences, finals of the same shape, and points
// tables that repeat another post's figures.

const canon = loadCanon();
const posts = loadPosts();

/** Length, in words, of a run that two posts may not share. */
const RUN = 12;

/**
 * A sentence reduced to its template: lower case, no punctuation, every Serpent name, code span
 * and number (in digits or words, ordinals too) replaced by a placeholder, so that "Lantern
 * reached the final from semi-final A…" and "Sidewinder reached the final from semi-final A…"
 * read the same.
 */
function template(sentence: string): string[] {
  let s = sentence;
  for (const name of Object.keys(canon.serpents).sort((a, b) => b.length - a.length)) s = s.split(name).join(' SNAKE ');
  s = s.replace(/`[^`]*`/g, ' CODE ');
  return s.toLowerCase()
    .replace(/\b(?:\d[\d,.]*(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/g, ' n ')
    .replace(/[^a-z ]+/g, ' ')
    .split(/\s+/).filter(Boolean);
}

describe('posts tell their own stories', () => {
  it(`share no run of ${RUN} words with another post, names and numbers aside`, () => {
    const seen = new Map<string, string>();
    const problems = new Set<string>();
    for (const post of posts) {
      const mine = new Set<string>();
      for (const s of post.sentences) {
        const words = template(s.text);
        for (let i = 0; i + RUN <= words.length; i++) {
          const run = words.slice(i, i + RUN).join(' ');
          if (mine.has(run)) continue;
          mine.add(run);
          const other = seen.get(run);
          if (other && other !== post.name) problems.add(`${post.file}:${s.line} repeats ${other}: "${s.text.slice(0, 90)}…"`);
          else seen.set(run, post.name);
        }
      }
    }
    expect([...problems]).toEqual([]);
  });

  it('have finals of different shapes (wins of the four finalists and games played)', () => {
    const shapes = new Map<string, string[]>();
    for (const e of canon.events) {
      if (!e.final) continue;
      const shape = `${e.final.results.map((r) => r.wins).join('-')} in ${e.final.games}`;
      shapes.set(shape, [...(shapes.get(shape) ?? []), e.name]);
    }
    expect([...shapes].filter(([, events]) => events.length > 1)).toEqual([]);
    // The recaps print these shapes (recaps.test.ts checks each against its post).
    expect(shapes.size).toBe(canon.events.filter((e) => e.final).length);
  });

  it('use each stock plot beat in one recap at most', () => {
    // Beats that once turned every final into the same story: two leaders trading heads at equal
    // length, a cut-off against a given wall, and "N of the first M food items".
    const recapNames = new Set(canon.events.flatMap((e) => (e.recap ? [e.recap] : [])));
    const beats: [string, RegExp][] = [
      ['an equal-length head-to-head that eliminates both', /\b(?:equal|same) lengths?\b[^.]*\bboth\b[^.]*\b(?:eliminated|died|out)\b|\b(?:equal|same) lengths?\b[^.]*\beliminat\w* both\b|\bboth\b[^.]*\bat equal length\b/i],
      ['a cut-off against the left wall', /\b(?:cut|pinned|trapped|sealed|boxed)\b[^.]{0,40}\b(?:against|along) the left (?:wall|edge)/i],
      ['a cut-off against the right wall', /\b(?:cut|pinned|trapped|sealed|boxed)\b[^.]{0,40}\b(?:against|along) the right(?:-hand)? (?:wall|edge)/i],
      ['a cut-off against the top wall', /\b(?:cut|pinned|trapped|sealed|boxed|closed)\b[^.]{0,40}\b(?:against|along) the top (?:wall|edge|row)/i],
      ['a cut-off against the bottom wall', /\b(?:cut|pinned|trapped|sealed|boxed)\b[^.]{0,40}\b(?:against|along) the bottom (?:wall|edge|row)/i],
      ['"N of the first M food items"', /\b\w+ of the first \w+ (?:food|pieces)/i],
    ];
    const used = new Map<string, string[]>();
    for (const post of posts.filter((p) => recapNames.has(p.name))) {
      for (const [beat, re] of beats) {
        if (post.sentences.some((s) => re.test(s.text))) used.set(beat, [...(used.get(beat) ?? []), post.name]);
      }
    }
    expect([...used].filter(([, names]) => names.length > 1)).toEqual([]);
  });

  it('never print a run of five scores that another post already printed', () => {
    // Scores are the numbers in a table's points-like columns ("Points", "Finals", "Result"…), in
    // row order. A window of five repeated in another post is a copied table.
    const WINDOW = 5;
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const post of posts) {
      for (const table of post.tables) {
        const header = table[0];
        header.forEach((h, col) => {
          if (!/points|pts|finals|result|record|score|wins/i.test(h)) return;
          const values = table.slice(1).map((r) => /\d+/.exec(r[col] ?? '')?.[0]).filter((v): v is string => !!v);
          for (let i = 0; i + WINDOW <= values.length; i++) {
            const run = values.slice(i, i + WINDOW).join('/');
            if (/^(\d+)(\/\1)*$/.test(run)) continue; // a constant column ("20 games" each) is no table
            const other = seen.get(run);
            if (other && other !== post.name) problems.push(`${post.file}: "${h}" column repeats ${run} from ${other}`);
            else seen.set(run, post.name);
          }
        });
      }
    }
    expect(problems).toEqual([]);
  });
});
