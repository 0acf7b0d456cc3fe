import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import type { MarkdownResult } from '../../src/model.ts';
import { islandKey } from '../../src/mdx/island-key.ts';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import { compileMdxPage, createMdxCompiler, type CompiledMdxPage } from '../../src/mdx/create-mdx-compiler.ts';
import { renderMdxFiles, type RenderedMdx } from '../../src/mdx/render-mdx-files.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The MDX half of the Markdown phase on its own (no build): bundle and render a few compiled MDX
// pages into the results a Markdown file gives, with ids and links read from the HTML.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `mdx-files-${process.pid}`);
const config = resolveConfig({
  title: 'T', tagline: 't', url: 'https://t.example', navbar: { title: 'T', items: [] }, footer: { links: [], copyright: 'c' },
});

const sources = {
  'content/docs/counter.mdx': [
    "import Counter from '@site/src/counter';",
    "import Card from '@site/src/card';",
    '',
    '## Count {#count}',
    '',
    'See [the other page](./other.md) and <Card />.',
    '',
    '<Counter start={2} />',
    '',
  ],
  'content/blog/2024-01-01-post.mdx': ['First part.', '', '{/* truncate */}', '', 'After the marker.', ''],
  'content/docs/unknown.mdx': ['Uses <Missing /> here.', ''],
  'content/docs/broken.mdx': ["import Gone from './gone';", '', '<Gone />', ''],
};
const files: Record<string, string> = {
  'src/counter.jsx': "import { useState } from 'react';\nimport './counter.css';\nexport default function Counter({ start }) { const [n] = useState(start); return <button>count {n}</button>; }\n",
  'src/counter.css': '.counter-mark { color: red; }\n',
  'src/card.jsx': 'export default function Card() { return <a href="/from-jsx" id="card">card</a>; }\n',
  'content/docs/other.md': '# Other\n',
};

let rendered: RenderedMdx;
const result = (file: string): MarkdownResult => rendered.results.get(file)!;

beforeAll(async () => {
  for (const [file, text] of Object.entries({ ...files, ...Object.fromEntries(Object.entries(sources).map(([f, lines]) => [f, `---\nt: 1\n---\n${lines.join('\n')}`])) })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const routeByFile = new Map([['content/docs/other.md', '/other']]);
  const list = Object.entries(sources).map(([file, lines]) => ({ file, route: `/${path.basename(file, '.mdx')}`, body: lines.join('\n'), lineOffset: 3 }));
  // Compiled as the Markdown service compiles them (or its cache gives them).
  const compile = createMdxCompiler({ highlighter: await createCodeHighlighter() });
  const compiled = new Map<string, CompiledMdxPage>();
  for (const s of list) {
    const resolveLink = (url: string) => (url === './other.md' ? routeByFile.get('content/docs/other.md') : undefined);
    compiled.set(s.file, await compileMdxPage(compile, { source: s.body, file: s.file, lineOffset: s.lineOffset, resolveLink, islands: true }));
  }
  rendered = await renderMdxFiles({ root, config, assets: new Map(), routeByFile, sources: list, compiled });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('renderMdxFiles', () => {
  it('renders a page with its components, its stylesheet linked, and its live island marked', () => {
    const { html } = result('content/docs/counter.mdx');
    expect(html).toMatch(/^<link rel="stylesheet" href="\/assets\/css\/mdx\.[0-9a-f]{8}\.css">/);
    expect(html).toContain('<h2 id="count">Count<a class="hash-link" href="#count" aria-label="Direct link to Count">#</a></h2>');
    expect(html).toContain('<a href="/from-jsx" id="card">card</a>');
    expect(html).toContain(`<sitegen-island data-island="${islandKey('content/docs/counter.mdx')}:1"><button>count <!-- -->2</button></sitegen-island>`);
    expect(rendered.islands?.pages.map((p) => [p.file, p.islands])).toEqual([['content/docs/counter.mdx', [{ i: 1, source: '<Counter start={2} />' }]]]);
  });

  it('gives the TOC, the ids of the HTML, and the links: Markdown ones at their lines, others at the element that wrote them', () => {
    const page = result('content/docs/counter.mdx');
    expect(page.toc).toEqual([{ depth: 2, id: 'count', html: 'Count' }]);
    expect(page.anchors).toEqual(['count', 'card']);
    expect(page.links).toEqual([
      { url: '/other', raw: './other.md', line: 9, column: 5, kind: 'link' },
      { url: '/from-jsx', raw: '/from-jsx', line: 1, column: 1, kind: 'link' },
    ]);
    expect(page.description).toBe('See the other page and .');
    expect(page.diagnostics).toEqual([]);
    expect(rendered.inputs).toEqual(expect.arrayContaining([path.join(root, 'src/counter.jsx'), path.join(root, 'src/card.jsx')]));
  });

  it('renders a post\'s excerpt up to the truncate marker', () => {
    const post = result('content/blog/2024-01-01-post.mdx');
    expect(post.html).toContain('<p>First part.</p>');
    expect(post.html).toContain('<p>After the marker.</p>');
    expect(post.excerptHtml).toMatch(/<p>First part\.<\/p>$/);
    expect(post.excerptHtml).not.toContain('After');
  });

  it('says it is an internal error when a page comes uncompiled', async () => {
    const source = { file: 'content/docs/counter.mdx', route: '/counter', body: '', lineOffset: 0 };
    await expect(renderMdxFiles({ root, config, assets: new Map(), routeByFile: new Map(), sources: [source], compiled: new Map() }))
      .rejects.toThrow('Internal error: `content/docs/counter.mdx` was not compiled');
  });

  it('reports a component never imported, and an unresolved import, at the page\'s lines; such pages have no HTML', () => {
    const unknown = result('content/docs/unknown.mdx');
    expect(unknown.html).toBe('');
    expect(unknown.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(['content/docs/unknown.mdx:4:6 mdx/unknown-component']);
    const broken = result('content/docs/broken.mdx');
    expect(broken.html).toBe('');
    expect(broken.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}`)).toEqual(['content/docs/broken.mdx:4:18 import/unresolved']);
    expect(rendered.diagnostics).toEqual([]);
  });
});
