import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REACT_MODULES_EXPORT } from '../../src/client/react-vendor.ts';
import { createCodeHighlighter } from '../../src/markdown/create-code-highlighter.ts';
import { bundleIslands, islandBuildOptions, type IslandAssets, type IslandPage } from '../../src/mdx/bundle-islands.ts';
import { createMdxCompiler } from '../../src/mdx/create-mdx-compiler.ts';
import { loadMdxModules } from '../../src/mdx/load-mdx-modules.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The browser's half of MDX islands: one script per page, holding each island compiled again
// from its source after the page's imports, reading React from the site's React file.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `islands-${process.pid}`);
const site = { siteConfig: { title: 'T', tagline: '', url: 'https://t.example', baseUrl: '/', customFields: {} }, i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] }, route: '/counter', docs: [] };
const page = (key: string, islands: IslandPage['islands']): IslandPage => ({
  key, file: 'content/docs/counter.mdx', lineOffset: 0, site, islands,
  esm: "import Counter from '@site/src/counter';\nimport Static from '@site/src/static';",
});

let assets: IslandAssets;
beforeAll(async () => {
  mkdirSync(path.join(root, 'src'), { recursive: true });
  // Imports resolve from the page's folder, as in a site.
  mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  writeFileSync(path.join(root, 'content/docs/counter.mdx'), 'The page.\n');
  writeFileSync(path.join(root, 'src/counter.jsx'), "import { useState } from 'react';\nexport default function Counter({ start }) { const [n] = useState(start); return 'counter-mark ' + n; }\n");
  writeFileSync(path.join(root, 'src/static.jsx'), "export default function Static() { return 'static-mark'; }\n");
  const compile = createMdxCompiler({ highlighter: await createCodeHighlighter() });
  assets = await bundleIslands({
    root, compile, modules: await loadMdxModules(), reactFile: 'react.abc123.js', minify: false,
    resolvers: () => ({}), loadPartial: () => Promise.resolve({ diagnostics: [] }),
    pages: [page('k1', [{ i: 2, source: '<Counter start={3} />' }]), page('k2', [{ i: 0, source: '<Counter start={1} />' }, { i: 4, source: '<Counter start={2} />' }])],
  });
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const script = (key: string) => {
  const file = assets.files.find((f) => `/${f.path}` === assets.scripts[key]);
  return file ? new TextDecoder().decode(file.contents) : '';
};

describe('bundleIslands', () => {
  it('makes one script per page key under assets/js, plus shared chunks', () => {
    expect(assets.diagnostics).toEqual([]);
    expect(Object.keys(assets.scripts).sort()).toEqual(['k1', 'k2']);
    expect(assets.scripts.k1).toMatch(/^\/assets\/js\/islands-k1\.[A-Z0-9]+\.js$/);
    expect(assets.files.every((f) => /^assets\/js\/[\w.-]+\.js$/.test(f.path))).toBe(true);
    // The component both pages use is in a chunk they share, not in each script.
    const chunks = assets.files.filter((f) => f.path.includes('islands-chunk'));
    expect(chunks.some((f) => new TextDecoder().decode(f.contents).includes('counter-mark'))).toBe(true);
  });

  it('registers each page\'s islands by number with its key and site, and reads React from the site\'s React file', () => {
    expect(script('k1')).toMatch(/startIslands\(\{\s*key: "k1", site: \{[^]*"route": "\/counter"[^]*islands: \{ 2: /);
    expect(script('k2')).toMatch(/islands: \{ 0: \w+, 4: \w+ \}/);
    const all = assets.files.map((f) => new TextDecoder().decode(f.contents)).join('\n');
    expect(all).toContain('"./react.abc123.js"');
    expect(all).toContain(REACT_MODULES_EXPORT);
    // Only what the islands use: the page's other import is not shipped.
    expect(all).not.toContain('static-mark');
  });

  it('makes nothing for a site without islands', async () => {
    const none = await bundleIslands({ root, compile: () => { throw new Error('not called'); }, modules: {}, reactFile: 'r.js', resolvers: () => ({}), loadPartial: () => Promise.resolve({ diagnostics: [] }), pages: [] });
    expect(none).toEqual({ files: [], scripts: {}, diagnostics: [] });
  });
});

describe('islandBuildOptions', () => {
  it('has one browser entry per key, split into chunks, minified but for identifiers', () => {
    const options = islandBuildOptions({ root, entryNs: 'ns', keys: ['a', 'b'] });
    expect(options.entryPoints).toEqual({ 'islands-a': 'ns:a', 'islands-b': 'ns:b' });
    expect(options).toMatchObject({ splitting: true, format: 'esm', platform: 'browser', minifyWhitespace: true, minifySyntax: true });
    expect(options.minifyIdentifiers).toBeUndefined();
  });
});
