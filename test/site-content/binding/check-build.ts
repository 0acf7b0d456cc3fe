/**
 * The binding check over a built site: every docs page and every post, read as a reader sees it
 * (the HTML the build wrote, not the Markdown), and the announcement bar.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { boundSets, boundValues, type BoundValue } from './bound-values.ts';
import { findUnbound, type Finding } from './find-unbound.ts';
import { blocksOf, hasClass, pageBlocks } from './page-text.ts';

/** A finding on one page (`/rules`, `/blog/2021/01/25/constrictor-mode`, or `announcement bar`). */
export interface PageFinding extends Finding {
  page: string;
}

const postRouteRE = /^\/blog\/(\d{4})\/(\d{2})\/(\d{2})\/[^/]+$/;

/** Every finding in the build at `out`, for the site at `root`. */
export function checkBuild(options: { root: string; out: string; values?: BoundValue[] }): { findings: PageFinding[]; pages: number } {
  const { root, out } = options;
  const values = options.values ?? boundValues(root);
  const sets = boundSets(root);
  const findings: PageFinding[] = [];
  const routes = htmlRoutes(out);
  // Docs speak as of the site's "now": the day of the latest post.
  const latest = routes.map((r) => postRouteRE.exec(r)).filter((m) => m !== null).map((m) => `${m[1]}-${m[2]}-${m[3]}`).sort().at(-1) ?? '2000-01-01';
  let pages = 0;
  for (const route of routes) {
    const html = readFileSync(path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8');
    const post = postRouteRE.exec(route);
    const isDoc = html.includes('<article class="doc-article"');
    if (!post && !isDoc) continue;
    pages++;
    const blocks = pageBlocks(html, (el) => el.tagName === 'article');
    const date = post ? `${post[1]}-${post[2]}-${post[3]}` : latest;
    const title = blocks.find((b) => b.heading === 1)?.context ?? '';
    for (const block of blocks) {
      for (const f of findUnbound({ block, values, sets, date, title })) findings.push({ page: route, ...f });
    }
  }
  const home = readFileSync(path.join(out, 'index.html'), 'utf8');
  for (const block of announcementBlocks(home)) {
    for (const f of findUnbound({ block, values, sets, date: latest, title: '' })) findings.push({ page: 'announcement bar', ...f });
  }
  return { findings, pages };
}

function announcementBlocks(html: string) {
  const tree = fromHtml(html);
  let bar: Element | undefined;
  const visit = (node: { children?: unknown[] }) => {
    for (const child of (node.children ?? []) as Element[]) {
      if (bar) return;
      if (child.type === 'element' && hasClass(child, 'announcement-content')) bar = child;
      else if (child.type === 'element') visit(child);
    }
  };
  visit(tree);
  if (!bar) return [];
  // The bar is one line of text: wrap it as a paragraph.
  return blocksOf({ type: 'root', children: [{ type: 'element', tagName: 'p', properties: {}, children: bar.children }] });
}

/** Routes of the build's HTML pages (`/`, `/rules`, `/blog/…`). */
function htmlRoutes(out: string): string[] {
  return readdirSync(out, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map((f) => {
      const route = `/${f.split(path.sep).join('/').replace(/\.html$/, '')}`;
      return route === '/index' ? '/' : route;
    })
    .sort();
}
