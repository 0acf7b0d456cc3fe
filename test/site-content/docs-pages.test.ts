import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectDocs, type DocsContent } from '../../src/content/collect-docs.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let docs: DocsContent;

beforeAll(async () => {
  docs = await collectDocs({ root, docsDir: 'content/docs', routeBasePath: '/', includeDrafts: false, fence: createSiteFence({ root: root }) });
});

function proseWords(body: string): number {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n').filter((l) => !l.trim().startsWith('|')).join('\n')
    .split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}

describe('the docs', () => {
  it('reads every page without a diagnostic', () => {
    expect(docs.diagnostics).toEqual([]);
  });

  it('gives every page a title and a one-sentence description in its front matter', () => {
    for (const doc of docs.docs) {
      const raw = readFileSync(path.join(root, doc.file), 'utf8');
      expect(raw, doc.file).toMatch(/^title: .+$/m);
      expect(raw, doc.file).toMatch(/^description: .+$/m);
    }
  });

  // A section's overview (its folder's index page) is a map of the section, not an article.
  const isOverview = (d: (typeof docs.docs)[number]) => d.route !== '/' && /(^|\/)index\.md$/.test(d.file);

  it('has at least 300 words of prose on every page but the sections\' overviews', () => {
    const short = docs.docs.filter((d) => !isOverview(d)).map((d) => [d.route, proseWords(d.body)] as const).filter(([, n]) => n < 300);
    expect(short).toEqual([]);
  });

  it('gives every section an overview that links to each of its pages and says what it is for (issue 40 › 4)', () => {
    const sections = ['/api/objects', '/guides', '/policies', '/maps'];
    const problems: string[] = [];
    for (const route of sections) {
      const overview = docs.docs.find((d) => d.route === route);
      if (!overview || !isOverview(overview)) {
        problems.push(`${route}: no overview page`);
        continue;
      }
      for (const child of docs.docs.filter((d) => d !== overview && d.route.startsWith(`${route}/`))) {
        // A link in a table row or list item that also says something about the page.
        const line = overview.body.split('\n').find((l) => l.includes(`](${child.route})`));
        if (!line) problems.push(`${route}: no link to ${child.route}`);
        else if (line.replace(/\[[^\]]*\]\([^)]*\)/g, '').replace(/[|:*,.\s-]/g, '').length < 20) problems.push(`${route}: the link to ${child.route} does not say what the page is for`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no placeholder words or other product names anywhere in content', () => {
    const files = readdirSync(path.join(root, 'content'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(md|json|yml)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
    const bad = files.filter((f) => /lorem ipsum|\bTODO\b|\bTBD\b|\bFIXME\b|battlesnake/i.test(readFileSync(f, 'utf8')));
    expect(bad).toEqual([]);
  });

  it('names the game Serpent Arena consistently', () => {
    const home = docs.docs.find((d) => d.route === '/')!;
    expect(home.body).toContain('Serpent Arena');
  });
});
