import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectDocs } from '../../src/content/collect-docs.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';
import { loadCanon, root } from './canon/schema.ts';
import { loadPosts } from './canon/pages.ts';

// Issue 40, item 3 (appendix 9): a post that says a docs page it links "now has", "walks you through"
// or "has a new" something is recorded in the canon's `docsClaims`, and the page still has it, since
// a reader follows the link today.

const canon = loadCanon();
const posts = loadPosts();
let docsByRoute: Map<string, string>;

beforeAll(async () => {
  const docs = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root }) });
  docsByRoute = new Map(docs.docs.map((d) => [d.route, readFileSync(path.join(root, d.file), 'utf8')]));
});

/** Words that make a sentence a claim about what a linked docs page contains. */
const CLAIM_RE = new RegExp([
  '\\bnow (?:has|have|includes?|explains?|describes?|documents?|quotes?|lists?|shows?|walks?|marks?|answers?|spells?|covers?|gives?|is typeset)\\b',
  '\\bhas (?:a )?new\\b', '\\bnew (?:step|section|page|answers?|entries)\\b', '\\brewritten\\b', '\\brefreshed\\b',
  '\\bwalks? (?:you )?through\\b', '\\bworked example\\b', '\\bscreenshots?\\b', '\\bhas a section\\b', '\\boverview page\\b',
  '\\bwill (?:describe|explain|list|cover)\\b', '\\bis now (?:typeset|listed|documented|explained)\\b',
].join('|'), 'i');

/** Docs routes linked in a piece of Markdown: `[text](/route#fragment)`, fragments dropped. */
function linkedRoutes(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((\/(?!blog\b|img\b)[a-z0-9/-]*)(?:#[^)]*)?\)/g)].map((m) => m[1]);
}

describe("posts' claims about what the docs contain", () => {
  it('are each recorded in the canon with evidence, and every recorded claim is still made', () => {
    const problems: string[] = [];
    const used = new Set<number>();
    for (const post of posts) {
      // Sentences with their links kept: split the body's prose lines, not the link-free prose.
      const lines = post.body.replace(/```[\s\S]*?```/g, '').split('\n');
      for (const line of lines) {
        for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z*`"“(\[])/)) {
          if (!CLAIM_RE.test(sentence)) continue;
          for (const route of linkedRoutes(sentence)) {
            if (!docsByRoute.has(route)) continue;
            const i = canon.docsClaims.findIndex((c) => c.post === post.name && c.page === route);
            if (i < 0) problems.push(`${post.file}: "${sentence.slice(0, 100)}…" claims what ${route} contains; record it in docsClaims`);
            else used.add(i);
          }
        }
      }
    }
    canon.docsClaims.forEach((c, i) => {
      if (!used.has(i)) problems.push(`docsClaims: ${c.post} no longer says what ${c.page} contains; remove the entry`);
    });
    expect(problems).toEqual([]);
  });

  it('hold for the docs today: each page has its evidence', () => {
    const problems: string[] = [];
    for (const c of canon.docsClaims) {
      const page = docsByRoute.get(c.page);
      if (!page) { problems.push(`${c.post}: ${c.page} is not a docs page`); continue; }
      for (const e of c.evidence) if (!page.includes(e)) problems.push(`${c.post}: ${c.page} does not contain "${e}" (${c.says})`);
    }
    expect(problems).toEqual([]);
  });
});
