import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import type { DocSource, MarkdownResult } from '../../src/model.ts';
import { buildSidebar } from '../../src/routes/build-sidebar.ts';
import { createPlanMemo, planPages, type Rendered } from '../../src/routes/plan-pages.ts';

// Dev re-plans after every edit; the memo hands back the very same page objects for docs
// whose inputs are the very same objects, and plans anew whatever any input of it changed.
const config = resolveConfig({ title: 'T', url: 'https://t.example' });

function doc(name: string, title = name): Rendered<DocSource> {
  const md = { html: `<p>${name}</p>`, toc: [], anchors: [], links: [], wordCount: 1 } as unknown as MarkdownResult;
  return { file: `content/docs/${name}.md`, dir: [], id: name, route: `/${name}`, title, sidebarLabel: title, description: '', keywords: [], hideTableOfContents: false, draft: false, body: name, lineOffset: 0, md } as unknown as Rendered<DocSource>;
}

/** Plans `docs`; pass the previous plan's `sidebars` to keep the very same sidebars (as dev's cache does). */
function plan(docs: Rendered<DocSource>[], memo: ReturnType<typeof createPlanMemo>, sidebars = { main: buildSidebar({ docs, categories: [], routeBasePath: '/', root: [] }) }) {
  const pages = planPages({ config, docs, categories: [], posts: [], sidebars, memo }).pages;
  return { sidebars, page: (route: string) => pages.find((p) => p.page.route === route)! };
}

describe('planning pages with a memo (dev)', () => {
  it('returns the same page object for a doc whose source, Markdown and sidebars are unchanged', () => {
    const memo = createPlanMemo();
    const docs = [doc('a'), doc('b'), doc('c')];
    const first = plan(docs, memo);
    const again = plan(docs.map((d) => ({ ...d })), memo, first.sidebars);
    expect(again.page('/b')).toBe(first.page('/b'));
  });

  it('plans a doc again when one of its own fields changed, and only that doc', () => {
    const memo = createPlanMemo();
    const docs = [doc('a'), doc('b'), doc('c')];
    const first = plan(docs, memo);
    const edited = [docs[0], { ...docs[1], title: 'B, renamed' }, docs[2]];
    const again = plan(edited, memo, first.sidebars);
    expect(again.page('/b')).not.toBe(first.page('/b'));
    expect(again.page('/b').page.title).toBe('B, renamed');
    expect(again.page('/a')).toBe(first.page('/a'));
  });

  it('plans every doc again when the sidebars change (previous/next, breadcrumbs)', () => {
    const memo = createPlanMemo();
    const docs = [doc('a'), doc('b'), doc('c')];
    const first = plan(docs, memo);
    const more = [...docs, doc('d')];
    const again = plan(more, memo);
    const c = again.page('/c').page as { next?: { href?: string } };
    expect(c.next?.href).toBe('/d');
    expect(again.page('/a')).not.toBe(first.page('/a'));
  });

  it('plans a doc again when its Markdown was rendered again', () => {
    const memo = createPlanMemo();
    const docs = [doc('a'), doc('b')];
    const first = plan(docs, memo);
    const rerendered = [docs[0], { ...docs[1], md: { ...docs[1].md, html: '<p>new</p>' } }];
    const again = plan(rerendered, memo, first.sidebars);
    expect((again.page('/b').page as { contentHtml?: string }).contentHtml).toBe('<p>new</p>');
  });
});
