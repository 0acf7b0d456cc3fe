/**
 * Writes the Markdown of one planned page: front matter, an intro, the planned heading outline
 * filled with paragraphs and blocks, internal links (absolute routes, `#anchors` to planned
 * headings, relative `.md` links, category index pages), the excerpt marker in posts and the
 * cards grid on the docs home.
 */
import { slug } from 'github-slugger';
import { createBlocks } from './blocks.ts';
import { relativeFile, type PlannedPage, type SitePlan } from './plan.ts';
import { createProse, type LinkSource } from './prose.ts';
import type { Random } from './random.ts';

/** Per-heading-level chances of each block kind (docs; posts use half). */
const blockChances = {
  2: { code: 0.45, list: 0.3, table: 0.2, admonition: 0.2, math: 0.35, quote: 0.04 },
  3: { code: 0.25, list: 0.15, table: 0.1, admonition: 0.08, math: 0.2, quote: 0.02 },
  4: { code: 0.1, list: 0.1, table: 0.05, admonition: 0.03, math: 0.1, quote: 0 },
} as const;

/** The full Markdown file of `page`. */
export function renderPageMarkdown(options: { page: PlannedPage; plan: SitePlan; rng: Random }): string {
  const { page, plan, rng } = options;
  const prose = createProse(rng);
  const blocks = createBlocks(rng, prose);
  const link = createLinkSource({ page, plan, rng, samePage: true, text: () => prose.title(1, 4).toLowerCase() });
  // A post's excerpt is also shown on blog list pages, where its own `#anchors` do not exist.
  const introLink = page.kind === 'post' ? createLinkSource({ page, plan, rng, samePage: false, text: () => prose.title(1, 4).toLowerCase() }) : link;
  const inlineMath = page.math ? blocks.inlineMath : undefined;
  const scale = page.kind === 'post' ? 0.5 : 1;
  const out: string[] = [];

  const frontMatter = ['---', `title: ${JSON.stringify(page.title)}`, `description: ${JSON.stringify(page.description)}`, ...page.frontMatter, '---'];
  out.push(prose.paragraph({ link: introLink, inlineMath }));
  if (rng.chance(0.5)) out.push(prose.paragraph({ link: introLink, inlineMath }));
  if (page.kind === 'post') out.push('<!-- truncate -->');
  if (page.role === 'home') out.push(cards({ plan, rng, describe: () => prose.sentence({ plain: true }) }));

  const boardAt = rng.chance(page.kind === 'post' ? 0.08 : 0.05) ? rng.int(0, page.headings.length - 1) : -1;
  page.headings.forEach((heading, index) => {
    out.push(`${'#'.repeat(heading.depth)} ${heading.text}`);
    const paragraphs = heading.depth === 2 ? rng.int(1, 3) : heading.depth === 3 ? rng.int(1, 2) : 1;
    for (let i = 0; i < paragraphs; i++) out.push(prose.paragraph({ link, inlineMath }));
    const chance = blockChances[heading.depth];
    const extra: string[] = [];
    if (rng.chance(chance.code * scale)) extra.push(blocks.code());
    if (rng.chance(chance.list * scale)) extra.push(blocks.list(link));
    if (rng.chance(chance.table * scale)) extra.push(blocks.table(link));
    if (rng.chance(chance.admonition * scale)) extra.push(blocks.admonition(link));
    if (page.math && rng.chance(chance.math)) extra.push(blocks.displayMath());
    if (rng.chance(chance.quote)) extra.push(blocks.quote());
    if (index === boardAt) extra.push(blocks.board());
    // Blocks interleave with a closing paragraph, as writers explain what they showed.
    for (const block of extra) {
      out.push(block);
      if (rng.chance(0.4)) out.push(prose.paragraph({ link, inlineMath, sentences: [1, 3] }));
    }
  });
  return `${frontMatter.join('\n')}\n\n${out.join('\n\n')}\n`;
}

/** Picks link targets: mostly docs near the page, some anchors, posts, index pages, externals. */
function createLinkSource(options: { page: PlannedPage; plan: SitePlan; rng: Random; samePage: boolean; text: () => string }): LinkSource {
  const { page, plan, rng, samePage, text } = options;
  const { indexRoutes } = plan;
  const pickDoc = () => {
    const siblings = page.folder?.docs ?? [];
    return siblings.length > 1 && rng.chance(0.6) ? rng.pick(siblings) : rng.pick(plan.docs);
  };
  const anchored = (target: PlannedPage, href: string) =>
    target.headings.length && rng.chance(0.35) ? `${href}#${rng.pick(target.headings).id}` : href;

  return () => {
    const r = rng.next();
    if (r < 0.6) {
      const target = pickDoc();
      return `[${text()}](${anchored(target, target.route)})`;
    }
    if (r < 0.7 && samePage && page.headings.length) return `[${text()}](#${rng.pick(page.headings).id})`;
    if (r < 0.8) {
      // Relative file links, as Docusaurus writers use them: posts to posts, docs to docs.
      const target = page.kind === 'post' && plan.posts.length ? rng.pick(plan.posts) : pickDoc();
      return `[${text()}](${anchored(target, relativeFile(page.file, target.file))})`;
    }
    if (r < 0.9 && plan.posts.length) {
      const target = rng.pick(plan.posts);
      return `[${text()}](${anchored(target, target.route)})`;
    }
    if (r < 0.96 && indexRoutes.length) return `[${text()}](${rng.pick(indexRoutes)})`;
    return `[${text()}](https://example.com/${slug(text())})`;
  };
}

/** The docs home's cards grid: one card per top-level category. */
function cards(options: { plan: SitePlan; rng: Random; describe: () => string }): string {
  const top = options.plan.folders.filter((f) => f.depth === 1).slice(0, 8);
  const items = top.flatMap((f) => {
    const route = f.indexRoute ?? f.docs[0]?.route;
    return route ? [`- [${f.label}](${route}) — ${options.describe()}`] : [];
  });
  return items.length ? [':::cards', '', ...items, '', ':::'].join('\n') : '';
}
