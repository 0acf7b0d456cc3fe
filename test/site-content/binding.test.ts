/**
 * Issue 40 › 2, bind by construction: every number or date the facts (`content/data/*.yml`) or the
 * canon hold is rendered from data wherever a page or post shows it. The check reads the built
 * site as a reader does (binding/check-build.ts) and fails on a literal equal to a bound value that
 * no directive rendered. What a directive renders carries a mark the reader does not see
 * (`<span data-fact>`, `data-facts` on tables and lists), which is how the check tells them apart.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { repoRoot } from '../helpers/helpers.ts';
import { boundSets, boundValues } from './binding/bound-values.ts';
import { checkBuild, type PageFinding } from './binding/check-build.ts';
import { findUnbound } from './binding/find-unbound.ts';
import { blocksOf, pageBlocks } from './binding/page-text.ts';

/**
 * Literals that equal a bound value and are right as they are. Each needs a reason a reviewer
 * would accept: a number that means something else, or history a page states as history. An
 * exception that no longer occurs fails the check (below), so one whose value the data changes
 * is caught: the title then no longer equals the data, and must be rewritten by hand.
 */
const exceptions: { page: string; literal: string; why: string }[] = [
  {
    page: '/guides/useful-algorithms',
    literal: '3',
    why: 'the length of the minimax example\'s snake and the size of the flood-fill example\'s pocket, drawn in the boards beside them; neither is the start length',
  },
  {
    page: '/starter-projects',
    literal: 'Python, Go, Rust, TypeScript, JavaScript',
    why: 'when each official starter arrived, one language at a time (dates from the canon); the list itself is rendered from data above it',
  },
  // A post's title is front matter: plain text (also the page's <title>, the feeds' and the blog
  // list's), where no directive runs. Each title below states what its own body renders from data.
  ...([
    ['/blog/2020/08/24/coil-league-season-1', 'September 14', 'the ladder start, canon.events.league-s1.ladderStart'],
    ['/blog/2022/01/17/squad-mode-retirement', 'March 31', 'the retirement date, canon.modes.squad.retired'],
    ['/blog/2022/07/11/hazard-damage-now-14', '15', 'the old damage, canon.hazardDamage.0.damage'],
    ['/blog/2022/07/11/hazard-damage-now-14', '14', 'the new damage, canon.hazardDamage.1.damage'],
    ['/blog/2022/09/12/season-5', '19 September', 'the ladder start, canon.events.league-s5.ladderStart'],
    ['/blog/2023/03/06/season-6', '13 March', 'the ladder start, canon.events.league-s6.ladderStart'],
    ['/blog/2023/05/15/spring-tide-open-results', '32', 'the bracket size, canon.events.spring-tide-2023.entrants'],
    ['/blog/2023/09/11/season-7', '18 September', 'the ladder start, canon.events.league-s7.ladderStart'],
  ] as const).map(([page, literal, what]) => ({
    page, literal, why: `the post's title (front matter, where no directive runs) names ${what}, which the post's body renders from data`,
  })),
];

let out: string;
let findings: PageFinding[];
let pages: number;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'sitegen-binding-'));
  await buildSite({ root: repoRoot, outDir: out, logger: silentLogger });
  ({ findings, pages } = checkBuild({ root: repoRoot, out }));
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const show = (f: PageFinding) => `${f.page}: "${f.literal}" equals ${f.keys.slice(0, 3).join(', ')} but is typed, not rendered from data (${f.excerpt})`;
const excepted = (f: PageFinding) => exceptions.some((e) => e.page === f.page && e.literal === f.literal);

describe('facts in the rendered site', () => {
  it('are read from every docs page and post', () => {
    expect(pages).toBeGreaterThan(85);
  });

  it('are rendered from data on every docs page, in the announcement bar and in every post', () => {
    expect(findings.filter((f) => !excepted(f)).map(show)).toEqual([]);
  });

  it('list only exceptions that still occur', () => {
    const stale = exceptions.filter((e) => !findings.some((f) => f.page === e.page && f.literal === e.literal));
    expect(stale.map((e) => `exception ${e.page} "${e.literal}" no longer occurs`)).toEqual([]);
  });
});

describe('dates the site shows (issue 40 › 5)', () => {
  // The site's world is "now" just after its latest post; nothing it shows may come later.
  const htmlFiles = () => (readdirSync(out, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
  const latestPost = () => htmlFiles().map((f) => /^blog\/(\d{4})\/(\d{2})\/(\d{2})\//.exec(f.split(path.sep).join('/'))).filter((m) => m !== null)
    .map((m) => `${m[1]}-${m[2]}-${m[3]}`).sort().at(-1)!;

  it('never date a page after the latest post, nor before a past event it reports', () => {
    const now = latestPost();
    expect(now >= '2023-12-01').toBe(true);
    const problems: string[] = [];
    let dated = 0;
    for (const file of htmlFiles()) {
      const html = readFileSync(path.join(out, file), 'utf8');
      const updated = /<p class="last-updated">[\s\S]*?<time dateTime="([^"]+)"/.exec(html)?.[1]?.slice(0, 10);
      if (!updated) continue;
      dated++;
      if (updated > now) problems.push(`${file}: last updated ${updated}, after the latest post (${now})`);
      // The newest past date the page shows from data: the page cannot be older than its news.
      const shown = [...html.matchAll(/<span data-fact="([^"]+)">/g)].map((m) => m[1]);
      const keys = new Map(boundValues(repoRoot).filter((v) => v.kind === 'date').map((v) => [v.key, String(v.value)]));
      const newest = shown.map((k) => keys.get(k)).filter((d): d is string => d !== undefined && d <= now).sort().at(-1);
      if (newest && updated < newest) problems.push(`${file}: last updated ${updated}, before ${newest}, a date it reports`);
    }
    expect(dated).toBeGreaterThan(30);
    expect(problems).toEqual([]);
  });

  it('end the copyright and the sitemap in the year of the latest post, and announce the season the blog announces', () => {
    const now = latestPost();
    const home = readFileSync(path.join(out, 'index.html'), 'utf8');
    expect(home).toMatch(new RegExp(`Copyright © \\d{4}–${now.slice(0, 4)} Coilworks`));
    const lastmods = [...readFileSync(path.join(out, 'sitemap.xml'), 'utf8').matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    expect(lastmods.length).toBeGreaterThan(30);
    expect(lastmods.filter((d) => d > now)).toEqual([]);
    // The bar's season is the one whose registration the latest post opened, starting after it.
    const bar = /<div class="announcement-content">([\s\S]*?)<\/div>/.exec(home)![1];
    const key = /data-fact="(canon\.events\.[^."]+)\.ladderStart"/.exec(bar)?.[1];
    expect(key).toBeDefined();
    const dates = new Map(boundValues(repoRoot).map((v) => [v.key, String(v.value)]));
    expect(dates.get(`${key}.registration`)! <= now && dates.get(`${key}.ladderStart`)! > now).toBe(true);
  });
});

describe('example requests in the docs', () => {
  it('carry the usual settings and timeout, which their prose shows from data', () => {
    // Prose about an example request binds its numbers to the data's usual values (example-move,
    // webhooks); the JSON itself is code, so check here that it says the same.
    const values = new Map(boundValues(repoRoot).map((v) => [v.key, v.value]));
    const problems: string[] = [];
    for (const file of ['api/example-move', 'api/webhooks', 'api/objects/game', 'api/objects/ruleset', 'api/objects/ruleset-settings', 'quickstart']) {
      const html = readFileSync(path.join(out, `${file}.html`), 'utf8');
      for (const [, code] of html.matchAll(/<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>/g)) {
        const text = code.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"');
        for (const [field, key] of [
          ['foodSpawnChance', 'ruleset-settings.foodSpawnChance.common'], ['minimumFood', 'ruleset-settings.minimumFood.common'],
          ['hazardDamagePerTurn', 'ruleset-settings.hazardDamagePerTurn.common'], ['shrinkEveryNTurns', 'ruleset-settings.royale.shrinkEveryNTurns.common'],
          ['timeout', 'game.timeout'],
        ] as const) {
          for (const m of text.matchAll(new RegExp(`"${field}":\\s*(\\d+)`, 'g'))) {
            if (Number(m[1]) !== values.get(key)) problems.push(`/${file}: "${field}": ${m[1]}, the data's usual value is ${values.get(key)} (${key})`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the binding check', () => {
  const values = boundValues(repoRoot);
  const sets = boundSets(repoRoot);
  const check = (html: string, date = '2023-12-18') => blocksOf(fromHtml(html, { fragment: true }))
    .flatMap((block) => findUnbound({ block, values, sets, date, title: '' }))
    .map((f) => f.literal);

  it("catches the issue's examples, typed by hand", () => {
    expect(check('<p>With the current value of 14, a turn in a hazard costs 15 health in total.</p>')).toEqual(['14', '15']);
    expect(check('<p>Eating resets your health to 100.</p>')).toEqual(['100']);
    expect(check('<p>Squad mode was retired on 31 March 2022.</p>')).toEqual(['31 March 2022']);
    expect(check('<p>The map field arrived with Maps v2 on 17 October 2022.</p>')).toEqual(['17 October 2022']);
    expect(check('<p>The field arrived with API version 1 on 15 June 2020; the legacy API was retired on 25 January 2021.</p>')).toEqual(['15 June 2020', '25 January 2021']);
    expect(check('<p>The engine runs in three regions since 16 August 2021.</p>')).toEqual(['16 August 2021']);
    expect(check('<p>Official starters exist for Python, Go, Rust, TypeScript and JavaScript.</p>')).toEqual(['Python, Go, Rust, TypeScript, JavaScript']);
    expect(check('<table><thead><tr><th>Question</th><th>Answer</th></tr></thead><tbody><tr><td>Entrants</td><td>4 to 32 Serpents; 16 is the sweet spot</td></tr></tbody></table>'))
      .toEqual(['4', '32', '16']);
    expect(check('<p>Say the round trip takes 90 ms: your code then has 410 ms, and should think for about 205 ms.</p>')).toEqual(['90', '410', '205']);
    expect(check('<p>Season 8 starts on Monday 8 January.</p>')).toEqual(['Monday 8 January']);
  });

  it('accepts the same facts rendered from data, and numbers that mean something else', () => {
    expect(check('<p>With the current value of <span data-fact="x">14</span>, a turn costs <span data-fact="y">15</span> health; Squad retired on <span data-fact="z">31 March 2022</span>.</p>')).toEqual([]);
    expect(check('<p>At turn 14 your head at (3,14) is 14 cells from the wall of an 11 × 11 board; the heads meet at x = 6.</p>')).toEqual([]);
    expect(check('<pre><code>"hazardDamagePerTurn": 14</code></pre><p>Copy <code>--timeout 500</code> as it is.</p>')).toEqual([]);
  });

  it('fails on a literal planted in a built page', () => {
    const html = readFileSync(path.join(out, 'rules.html'), 'utf8');
    const article = (h: string) => pageBlocks(h, (el) => el.tagName === 'article');
    const planted = html.replace('</article>', '<p>A head on a hazard loses 14 more health.</p></article>');
    const literals = (h: string) => article(h).flatMap((block) => findUnbound({ block, values, sets, date: '2023-12-18', title: '' })).map((f) => f.literal);
    expect(literals(html)).toEqual([]);
    expect(literals(planted)).toEqual(['14']);
  });
});
