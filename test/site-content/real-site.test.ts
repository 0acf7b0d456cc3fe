import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/build/build-site.ts';
import { silentLogger } from '../../src/diagnostics/logger.ts';
import { inlineData, repoRoot } from '../helpers/helpers.ts';
import { extractLinks } from '../../src/links/extract-links.ts';
import { referenceLinks } from '../links/reference-links.ts';

// The route table of shared/seed-spec.md §2, with {product} = serpent.
const seedRoutes = [
  '/', '/getting-started', '/quickstart', '/rules', '/faq', '/starter-projects',
  '/api', '/api/introduction', '/api/example-move', '/api/webhooks', '/api/objects/serpent', '/api/objects/board',
  '/api/objects/game', '/api/objects/ruleset', '/api/objects/ruleset-settings',
  '/guides/competitive-play', '/guides/customizations', '/guides/engine-regions', '/guides/hosting-suggestions',
  '/guides/leaderboards', '/guides/tournaments', '/guides/useful-algorithms',
  '/maps', '/maps/standard', '/maps/royale', '/maps/constrictor', '/maps/snail-mode',
  '/policies/mission', '/policies/conduct', '/policies/diversity', '/policies/privacy', '/policies/terms',
  '/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4', '/blog/page/5', '/blog/archive', '/search',
];

let out: string;
let result: BuildResult;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'sitegen-real-'));
  result = await buildSite({ root: repoRoot, outDir: out, logger: silentLogger });
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function file(route: string): string {
  return path.join(out, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
}

function allHtml(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the real site', () => {
  it('gives the link check, on every page, the links and ids a full HTML parser finds', () => {
    const pages = allHtml(out);
    expect(pages.length).toBeGreaterThan(80);
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      expect(extractLinks(html), page).toEqual(referenceLinks(html));
    }
  });

  it('builds without errors or warnings', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line}  ${d.message}`)).toEqual([]);
  });

  it('has every route of the seed table as a file, plus 404.html', () => {
    const missing = seedRoutes.filter((r) => !existsSync(file(r)));
    expect(missing).toEqual([]);
    expect(existsSync(path.join(out, '404.html'))).toBe(true);
    expect(existsSync(path.join(out, 'blog/page/6.html'))).toBe(false);
  });

  it('has about 50 posts at /blog/{yyyy}/{mm}/{dd}/{slug}, dated 2019-03 to 2023-12, 10 per list page', () => {
    const posts = result.routes.filter((r) => /^\/blog\/\d{4}\/\d{2}\/\d{2}\/[a-z0-9-]+$/.test(r.route)).map((r) => r.route).sort();
    expect(posts.length).toBeGreaterThanOrEqual(48);
    expect(posts.length).toBeLessThanOrEqual(52);
    expect(posts[0] >= '/blog/2019/03').toBe(true);
    expect(posts[posts.length - 1] < '/blog/2024').toBe(true);
    for (const page of ['blog', 'blog/page/2', 'blog/page/4']) {
      expect(inlineData(readFileSync(path.join(out, `${page}.html`), 'utf8')).page.posts).toHaveLength(10);
    }
  });

  it('gives every page lang/dir, title, description, canonical, OpenGraph and Twitter tags', () => {
    const problems: string[] = [];
    for (const f of allHtml(out)) {
      const html = readFileSync(f, 'utf8');
      const name = path.relative(out, f);
      const need = [
        '<html lang="en" dir="ltr"', '<title>', '<meta name="description" content="', '<meta property="og:title"',
        '<meta property="og:description"', '<meta property="og:image"', '<meta name="twitter:card"',
        '<link rel="alternate" type="application/rss+xml"', '<link rel="alternate" type="application/atom+xml"',
      ];
      if (name !== '404.html') need.push('<link rel="canonical" href="https://serpentarena.dev');
      for (const n of need) if (!html.includes(n)) problems.push(`${name}: missing ${n}`);
      if (/<meta name="description" content="">/.test(html)) problems.push(`${name}: empty description`);
    }
    expect(problems).toEqual([]);
  });

  it('points og:image at a social card that exists', () => {
    const image = readFileSync(file('/rules'), 'utf8').match(/<meta property="og:image" content="https:\/\/serpentarena\.dev([^"]+)">/)![1];
    expect(existsSync(path.join(out, image))).toBe(true);
  });

  it('titles pages `Page | Serpent Arena`, the home page with the tagline', () => {
    expect(readFileSync(file('/quickstart'), 'utf8')).toContain('<title>Quickstart | Serpent Arena</title>');
    expect(readFileSync(file('/'), 'utf8')).toMatch(/<title>Serpent Arena \| [^<]+<\/title>/);
  });

  it('writes sitemap, robots, feeds with the 20 most recent posts and the static-host headers', () => {
    const posts = result.routes.filter((r) => r.route.match(/^\/blog\/\d{4}\//)).length;
    expect(posts).toBeGreaterThan(20);
    expect(readFileSync(path.join(out, 'blog/rss.xml'), 'utf8').match(/<item>/g)).toHaveLength(20);
    expect(readFileSync(path.join(out, 'blog/atom.xml'), 'utf8').match(/<entry>/g)).toHaveLength(20);
    expect(readFileSync(path.join(out, 'robots.txt'), 'utf8')).toContain('Allow: /');
    // Docs carry their last update (`docs.showLastUpdateTime`): a commit's date or, uncommitted, the file's.
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toMatch(/<loc>https:\/\/serpentarena.dev\/rules<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect(readFileSync(file('/rules'), 'utf8')).toMatch(/<p class="last-updated">Last updated<!-- --> on <time dateTime="[^"]+">\w+ \d+, \d{4}<\/time><\/p>/);
    expect(readFileSync(path.join(out, '_headers'), 'utf8')).toContain('Content-Security-Policy:');
  });
});
