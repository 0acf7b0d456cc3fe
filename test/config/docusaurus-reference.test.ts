import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { fixture, repoRoot } from '../helpers/helpers.ts';

// Issue 39 › 3: the routes and heading ids sitegen gives a Docusaurus site are the ones Docusaurus
// gives it. test/fixtures/docusaurus-reference is a small Docusaurus 3 site with one of each route
// and heading pattern; Docusaurus built it once, outside the repository, and what it made is
// committed as docusaurus-reference.expected.json (test/tools/docusaurus-reference.mjs writes it;
// rerun that script after changing the fixture).

interface Reference {
  docusaurus: string;
  routes: string[];
  /** Routes by page kind, as the script told them apart (`docs-doc`, `blog-post`, `blog-tag`…). */
  kinds: Record<string, string[]>;
  /** For doc, blog-post and Markdown page routes: the ids of h2–h6 in the page body, in order. */
  headingIds: Record<string, string[]>;
}

const reference = JSON.parse(
  readFileSync(path.join(repoRoot, 'test/fixtures/docusaurus-reference.expected.json'), 'utf8'),
) as Reference;

/**
 * Docusaurus page kinds sitegen does not build, each with where that is said. Every other kind of
 * the reference is expected route for route; a kind that is in neither list fails the first test,
 * so a new kind of page in a later Docusaurus is looked at rather than skipped.
 */
const kindsNotBuilt: Record<string, string> = {};
const kindsBuilt = [
  'docs-doc', 'docs-generated-index',
  'blog-post', 'blog-list', 'blog-archive', 'blog-tags-list', 'blog-tag', 'blog-authors-list', 'blog-author',
  'page-markdown', 'page-react',
];

describe(`routes and heading ids as Docusaurus ${reference.docusaurus} makes them`, () => {
  /** Each page sitegen built, by route. */
  const pages = new Map<string, string>();
  let diagnostics: Diagnostic[] = [];
  let sitemap = '';

  beforeAll(async () => {
    const { out, result } = await buildInMemory(fixture('docusaurus-reference'));
    diagnostics = result.diagnostics;
    sitemap = out.text('sitemap.xml') ?? '';
    for (const file of out.files.keys()) {
      if (file.endsWith('.html') && file !== '404.html') pages.set(routeOf(file), out.text(file)!);
    }
  });

  it('knows every kind of page in the reference', () => {
    const unknown = Object.keys(reference.kinds).filter((kind) => !kindsBuilt.includes(kind) && !(kind in kindsNotBuilt));
    expect(unknown).toEqual([]);
  });

  it('builds the fixture without errors', () => {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.file}:${d.line}:${d.column}  ${d.message}  ${d.ruleId}`)).toEqual([]);
  });

  it('builds every route Docusaurus builds, of the kinds sitegen builds', () => {
    const expected = kindsBuilt.flatMap((kind) => reference.kinds[kind] ?? []);
    expect(expected.filter((route) => !pages.has(route)), 'Docusaurus routes that sitegen did not build').toEqual([]);
  });

  it('builds no docs page Docusaurus does not (the docs\' `exclude` globs leave drafts/ out)', () => {
    const docs = [...reference.kinds['docs-doc'], ...reference.kinds['docs-generated-index']];
    expect([...pages.keys()].filter((route) => /^\/(docs|community)(\/|$)/.test(route) && !docs.includes(route))).toEqual([]);
  });

  it('lists the authors with a page (authors.yml `page: true`), and each one\'s posts', () => {
    expect(pages.get('/blog/authors')).toContain('<h1 class="page-title">Authors</h1><ul class="tag-list"><li><a href="/blog/authors/wren">Wren Halloway<!-- --> (<!-- -->2<!-- -->)</a></li></ul>');
    expect(pages.get('/blog/authors/wren')).toContain('<title>Posts by ');
  });

  // Issue 39 › 4: versions.json lists 1.0, so 1.0 is at /docs and the docs folder at /docs/next.
  it('shows each version\'s badge, the banner of the unreleased docs with the latest version\'s page, and its own sidebar', () => {
    const next = pages.get('/docs/next/intro')!;
    expect(next).toMatch(/<aside class="version-banner" aria-label="Version"><p>These docs are for <!-- -->Mole Street Tunnellers<!-- --> <strong>Next<\/strong>, which is not released yet\.<!-- --> The latest version is <a href="\/docs\/intro">1\.0<\/a>\.<\/p><\/aside>/);
    expect(next).toContain('<span class="version-badge">Version: <!-- -->Next</span>');
    const last = pages.get('/docs/intro')!;
    expect(last).not.toContain('version-banner');
    expect(last).toContain('<span class="version-badge">Version: <!-- -->1.0</span>');
    // Each version's sidebar is its own: the page only 1.0 has is in 1.0's.
    expect(last).toContain('href="/docs/retired-tools"');
    expect(next).not.toContain('retired-tools');
  });

  it('leads a navbar `doc` item to the doc\'s route, its slug\'s, in the last version', () => {
    expect(pages.get('/blog')).toMatch(/<a class="navbar-link" href="\/docs\/wick-care"[^>]*>Wicks<\/a>/);
  });

  // Issue 39 › 4: a second docs instance (`community`, plugin-content-docs with an id) with its own
  // released version 2024 at /community and its folder at /community/next.
  it('builds a second docs instance with its own sidebar, versions, banner and navbar items', () => {
    const next = pages.get('/community/next/intro')!;
    // Its banner names its own latest version, and leads to the same doc there.
    expect(next).toMatch(/<aside class="version-banner" aria-label="Version"><p>[^]*?<strong>Next<\/strong>, which is not released yet\.<!-- --> The latest version is <a href="\/community\/intro">2024<\/a>\.<\/p><\/aside>/);
    const last = pages.get('/community/intro')!;
    expect(last).not.toContain('version-banner');
    expect(last).toContain('<span class="version-badge">Version: <!-- -->2024</span>');
    // Its sidebar lists its own docs, not the handbook's; the handbook's lists none of its.
    const sidebar = (route: string) => /<aside id="docs-sidebar"[^]*?<\/aside>/.exec(pages.get(route)!)?.[0] ?? '';
    expect(sidebar('/community/next/intro')).toContain('href="/community/next/roles/foreman"');
    expect(sidebar('/community/next/intro')).not.toContain('href="/docs/');
    expect(sidebar('/docs/next/intro')).toContain('href="/docs/next/first-shift"');
    expect(sidebar('/docs/next/intro')).not.toContain('/community/');
    // The navbar's version menu is the handbook's: a crew-room page is in none of its versions.
    expect(/<details class="version-menu">([\s\S]*?)<\/details>/.exec(last)?.[1]).toContain('<summary aria-label="Docs version: 1.0">1.0</summary>');
    expect(last).not.toContain('aria-current="true" data-version');
    // `docSidebar` and `doc` items of the instance (docsPluginId) lead into its last version.
    expect(pages.get('/blog')).toMatch(/<a class="navbar-link" href="\/community\/intro"[^>]*>Crew<\/a>/);
    expect(pages.get('/blog')).toMatch(/<a class="navbar-link" href="\/community\/meetings"[^>]*>Meetings<\/a>/);
  });

  it('shows the navbar\'s `dropdown` as a menu of its links and its `html` item as written, in the navbar and the phone menu', () => {
    const html = pages.get('/about')!;
    const menu = '<details class="navbar-dropdown"><summary>Guild</summary><ul><li><a class="navbar-link" href="/about" aria-current="page">About the guild</a></li><li><a class="navbar-link" href="/blog/guild-charter">Charter</a></li><li><a class="navbar-link" href="https://mole-street.example.org" rel="noopener noreferrer">Mole Street</a></li></ul></details>';
    expect(html).toContain(menu);
    expect(html).toContain('<li class="navbar-html"><span class="shift-bell">Shift bell at six</span></li>');
    expect(html).toContain('<details class="navbar-dropdown mobile-navbar-dropdown"><summary>Guild</summary>');
    // The menu's styles come with the versions' (the page links that stylesheet).
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/css\/versions\.[A-Z0-9]+\.css" data-theme-css>/);
  });

  // Issue 39 › 5: `i18n` with `fr` beside `en`: /fr/… built from i18n/fr/'s translations, the originals elsewhere.
  it('builds the French locale under /fr with its translations, its language, hreflang links and a locale menu', () => {
    const fr = pages.get('/fr/docs/next/lanterns')!;
    expect(fr).toMatch(/^<!doctype html>\n<html lang="fr" dir="ltr"/);
    expect(fr).toContain('<h1 class="page-title">Lanternes</h1>');
    // A link of the translation is under the locale's base URL.
    expect(fr).toContain('href="/fr/docs/next/wick-care"');
    // An untranslated doc is the original, in the French site.
    expect(pages.get('/fr/docs/next/first-shift')).toContain('A first shift lasts four hours');
    expect(pages.get('/fr/blog/first-breakthrough') ?? pages.get('/fr/blog/2024/03/01/first-breakthrough')).toContain('La première percée');
    // The navbar's labels from docusaurus-theme-classic/navbar.json; the others as they are.
    expect(fr).toMatch(/<a class="navbar-link" href="\/fr\/docs\/intro"[^>]*>Manuel<\/a>/);
    expect(pages.get('/docs/next/lanterns')).toMatch(/<a class="navbar-link" href="\/docs\/intro"[^>]*>Handbook<\/a>/);
    // Each locale's page, and the default one as x-default.
    for (const html of [fr, pages.get('/docs/next/lanterns')!]) {
      expect(html).toContain('<link rel="alternate" href="https://tunnellers.example.org/docs/next/lanterns" hreflang="en">');
      expect(html).toContain('<link rel="alternate" href="https://tunnellers.example.org/docs/next/lanterns" hreflang="x-default">');
      expect(html).toContain('<link rel="alternate" href="https://tunnellers.example.org/fr/docs/next/lanterns" hreflang="fr">');
    }
    expect(fr).toContain('<meta property="og:locale:alternate" content="en">');
    // current.json: the sidebar's category label, and its generated page's title and description, as Docusaurus shows them.
    const sidebar = (route: string) => /<aside id="docs-sidebar"[^]*?<\/aside>/.exec(pages.get(route)!)?.[0] ?? '';
    expect(sidebar('/fr/docs/next/surveys/soil')).toContain('Relevés');
    expect(pages.get('/fr/docs/next/surveys/soil')).toContain('<span class="version-badge">Version: <!-- -->Prochaine</span>');
    expect(sidebar('/docs/next/surveys/soil')).not.toContain('Relevés');
    expect(pages.get('/fr/docs/next/category/surveys')).toContain('<h1 class="page-title">Relevés</h1>');
    expect(pages.get('/fr/docs/next/category/surveys')).toContain('Ce que les géomètres ont trouvé sous le quartier du marché.');
    // code.json: `<Translate id>`, `<Translate>` keyed by its text, and `translate({ id })`; the default locale keeps the originals.
    const home = pages.get('/fr')!;
    expect(home).toContain('Des tunnels étroits et soignés sous le vieux quartier du marché.');
    expect(home).toMatch(/title="Commencez par le manuel"[^>]*>Lire le manuel<\/a>/);
    expect(pages.get('/')).toMatch(/title="Start with the handbook"[^>]*>Read the handbook<\/a>/);
    expect(pages.get('/docs/next/lanterns')).toContain('<meta property="og:locale:alternate" content="fr">');
    expect(fr).toContain('<summary aria-label="Language: Français">Français</summary><ul><li><a class="navbar-link" href="/docs/next/lanterns" hrefLang="en" lang="en">English</a></li><li><a class="navbar-link" href="/fr/docs/next/lanterns" hrefLang="fr" lang="fr" aria-current="true">Français</a></li></ul>');
  });

  it('keeps a version with noIndex out of search engines and the sitemap, as Docusaurus does', () => {
    expect(pages.get('/docs/intro')).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(pages.get('/docs/next/intro')).not.toContain('name="robots"');
    expect(sitemap).toContain('<loc>https://tunnellers.example.org/docs/next/intro</loc>');
    expect(sitemap).not.toContain('<loc>https://tunnellers.example.org/docs/intro</loc>');
  });

  it('puts a version menu in the navbar: this doc in each version, else the version\'s first page', () => {
    const menu = (route: string) => /<details class="version-menu">([\s\S]*?)<\/details>/.exec(pages.get(route)!)?.[1];
    expect(menu('/docs/intro')).toBe('<summary aria-label="Docs version: 1.0">1.0</summary><ul><li><a href="/docs/next/intro" data-version="current">Next</a></li><li><a href="/docs/intro" aria-current="true" data-version="1.0">1.0</a></li></ul>');
    // Only 1.0 has this doc: Next leads to its first page (Docusaurus's link too), 1.0 to the page itself.
    expect(menu('/docs/retired-tools')).toContain('<a href="/docs/next/first-shift" data-version="current">Next</a></li><li><a href="/docs/retired-tools" aria-current="true" data-version="1.0">1.0</a>');
    // Outside the docs the menu names the latest version.
    expect(menu('/blog')).toContain('<summary aria-label="Docs version: 1.0">1.0</summary>');
  });

  it.each(Object.keys(reference.headingIds))('gives %s the heading ids Docusaurus gives it', (route) => {
    const html = pages.get(route);
    expect(html, `sitegen built no page at ${route}`).toBeDefined();
    expect(headingIds(html!, route)).toEqual(reference.headingIds[route]);
  });
});

/** `index.html` → `/`, `docs/intro.html` → `/docs/intro`, `docs/intro/index.html` → `/docs/intro`. */
function routeOf(file: string): string {
  const route = `/${file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/**
 * The ids of the h2–h6 headings in a page's Markdown body, in document order. Docs, posts and
 * Markdown pages all hold that body in theme/docs/raw-html.tsx's element (`.markdown`,
 * `data-raw="content"`); the page title (h1) and the table of contents are outside it.
 */
function headingIds(html: string, route: string): string[] {
  const body = find(fromHtml(html), (el) => classesOf(el).includes('markdown') && el.properties.dataRaw === 'content');
  if (!body) throw new Error(`Cannot find the Markdown body of ${route}`);
  const ids: string[] = [];
  walk(body, (el) => {
    if (/^h[2-6]$/.test(el.tagName) && el.properties.id !== undefined) ids.push(String(el.properties.id));
  });
  return ids;
}

function classesOf(el: Element): string[] {
  const value = el.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function find(node: Root | Element, test: (el: Element) => boolean): Element | undefined {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return child;
    const found = find(child, test);
    if (found) return found;
  }
  return undefined;
}

function walk(node: Root | Element, visit: (el: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    walk(child, visit);
  }
}
