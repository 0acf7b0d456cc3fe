import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import type { DocSource, MarkdownResult } from '../../src/model.ts';
import { planStandalonePages, type RenderedReactPage } from '../../src/routes/plan-react-pages.ts';
import { withMarkdown } from '../../src/routes/planned-page.ts';

// The pages of `src/pages` as planned pages: titles and descriptions as Docusaurus gives them.

const config = resolveConfig({ title: 'Arena', tagline: 'Snakes that code', url: 'https://a.example', navbar: { title: 'Arena', items: [] }, footer: { links: [], copyright: 'c' } });
const react = (extra: Partial<RenderedReactPage> = {}): RenderedReactPage => ({
  file: 'src/pages/index.tsx', route: '/', html: '<div>home</div>', ownMain: false, stylesheets: [], links: [], ...extra,
});
const md: MarkdownResult = { html: '<p>Body.</p>', toc: [{ depth: 2, id: 'a', html: 'A' }], anchors: ['a'], links: [], wordCount: 1, description: 'Body.', diagnostics: [] };
const doc = { file: 'src/pages/about.md', route: '/about', title: 'About', keywords: ['k'], hideTableOfContents: false, body: 'Body.', lineOffset: 0 } as DocSource;

describe('planStandalonePages', () => {
  it('gives a React page without a <Layout title> the site title and tagline, and no TOC', () => {
    expect(planStandalonePages({ config, react: [react()], markdown: [] })).toEqual([{
      source: 'src/pages/index.tsx',
      page: { type: 'page', kind: 'component', route: '/', title: 'Arena', head: { title: 'Arena', description: 'Snakes that code' }, contentHtml: '<div>home</div>', toc: [], hideToc: true },
    }]);
  });

  it('uses what the page gave its <Layout> and <Head>, and keeps its own <main> and stylesheets', () => {
    const titled = planStandalonePages({ config, react: [react({ title: 'Play', description: 'Start a game', ownMain: true, stylesheets: ['/assets/css/p.css'] })], markdown: [] })[0].page;
    expect(titled).toMatchObject({ title: 'Play', head: { title: `Play ${config.titleDelimiter} Arena`, description: 'Start a game' }, ownMain: true, stylesheets: ['/assets/css/p.css'] });
    const headed = planStandalonePages({ config, react: [react({ title: 'Play', headTitle: 'Exactly this' })], markdown: [] })[0].page;
    expect(headed.head.title).toBe('Exactly this');
    expect(headed).not.toHaveProperty('ownMain');
    expect(headed).not.toHaveProperty('stylesheets');
  });

  it('plans Markdown pages with their front matter and rendered body, after the React pages', () => {
    const planned = planStandalonePages({ config, react: [react()], markdown: [withMarkdown(doc, md)] });
    expect(planned.map((p) => p.source)).toEqual(['src/pages/index.tsx', 'src/pages/about.md']);
    expect(planned[1].page).toEqual({
      type: 'page', kind: 'markdown', route: '/about', title: 'About', heading: undefined,
      head: { title: `About ${config.titleDelimiter} Arena`, description: 'Body.', keywords: ['k'] },
      contentHtml: '<p>Body.</p>', toc: md.toc, hideToc: false,
    });
  });
});
