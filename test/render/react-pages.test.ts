import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config/load-config.ts';
import type { ReactPageSource } from '../../src/content/collect-pages.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { bundleReactPages, type ReactPagesBundle } from '../../src/render/bundle-react-pages.ts';
import { renderReactPages } from '../../src/render/render-react-pages.ts';
import type { RenderedReactPage } from '../../src/routes/plan-react-pages.ts';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.ts';
import { repoRoot } from '../helpers/copy-fixture.ts';

// The React pages of `src/pages` bundled and rendered on their own (no build): what each page
// gives the planner, and what goes wrong as diagnostics at the page's own lines.

const root = path.join(repoRoot, 'node_modules/.cache/sitegen-tests', `react-pages-${process.pid}`);
const config = resolveConfig({ title: 'T', tagline: 't', url: 'https://t.example', navbar: { title: 'T', items: [] }, footer: { links: [], copyright: 'c' } });
const files: Record<string, string> = {
  'src/pages/index.tsx': [
    "import Layout from '@theme/Layout';",
    "import styles from './index.module.css';",
    'export default function Home() {',
    '  return <Layout title="Home" description="The arena"><main className={styles.hero}><a href="/docs/rules">Rules</a></main></Layout>;',
    '}',
  ].join('\n'),
  'src/pages/index.module.css': '.hero { color: red; }\n',
  'src/pages/counter.tsx': "import { useState } from 'react';\nexport default function Counter() { const [n] = useState(1); return <p>count {n}</p>; }\n",
  'src/pages/none.tsx': 'export const notAPage = 1;\n',
  'src/pages/throws.tsx': "export default function Throws() {\n  throw new Error('no window here');\n}\n",
  'src/pages/broken.tsx': "import Card from './Crad';\nimport Missing from '@theme/Layot';\nimport pkg from 'no-such-package/sub';\n// Used: TypeScript drops imports it sees no value of.\nexport default () => [Card, Missing, pkg];\n",
  'src/pages/Card.tsx': 'export default () => null;\n',
};
const pages = (...names: string[]): ReactPageSource[] => names.map((n) => ({ file: `src/pages/${n}.tsx`, route: n === 'index' ? '/' : `/${n}` }));

let bundle: ReactPagesBundle;
let rendered: RenderedReactPage[];
let diagnostics: Diagnostic[];
beforeAll(async () => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const list = pages('index', 'counter', 'none', 'throws');
  bundle = await bundleReactPages({ siteRoot: root, pages: list });
  ({ rendered, diagnostics } = await renderReactPages({ config, siteRoot: root, pages: list, bundle, stylesheets: ['/assets/css/pages.css'] }));
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('bundleReactPages', () => {
  it('bundles the pages with their CSS modules, and names those that need the browser', () => {
    expect(bundle.file).toMatch(/\.mjs$/);
    expect(bundle.css).toMatch(/\.\w+_hero \{\s*color: red;/);
    expect(bundle.interactive).toEqual(['src/pages/counter.tsx']);
  });

  it('fails with one diagnostic per import it cannot resolve, at its line, with the closest files or what to install', async () => {
    const error = await bundleReactPages({ siteRoot: root, pages: pages('broken') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      'src/pages/broken.tsx:1:18 import/unresolved Cannot resolve `./Crad`; did you mean `./Card`?',
      'src/pages/broken.tsx:2:21 import/unresolved Cannot resolve `@theme/Layot`: it is not a module sitegen provides; did you mean `@theme/Layout`?',
      'src/pages/broken.tsx:3:17 import/unresolved Cannot resolve `no-such-package/sub`',
    ]);
    expect((error as SitegenError).diagnostics[2].hint).toBe('A package is resolved from the site\'s `node_modules`: install it there (`npm install no-such-package`). sitegen bundles what site code imports, except React.');
  });
});

describe('renderReactPages', () => {
  it('renders each page with what it gave <Layout>, its links at their place in its source, and its own <main>', () => {
    const home = rendered.find((p) => p.route === '/')!;
    expect(home).toMatchObject({ file: 'src/pages/index.tsx', title: 'Home', description: 'The arena', ownMain: true, stylesheets: ['/assets/css/pages.css'] });
    expect(home.html).toMatch(/^<main class="\w+_hero"><a href="\/docs\/rules">Rules<\/a><\/main>$/);
    expect(home.links).toEqual([{ url: '/docs/rules', raw: '/docs/rules', line: 4, column: 93, kind: 'link' }]);
  });

  it('renders a page that needs the browser as one island', () => {
    const counter = rendered.find((p) => p.route === '/counter')!;
    expect(counter.html).toMatch(/^<sitegen-island data-island="[0-9a-f]{10}:0"><p>count <!-- -->1<\/p><\/sitegen-island>$/);
    expect(counter.ownMain).toBe(false);
  });

  it('reports a module without a component and a page that throws, and renders the others', () => {
    expect(rendered.map((p) => p.route)).toEqual(['/', '/counter']);
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`)).toEqual([
      'src/pages/none.tsx:1:1 pages/no-component Expected `src/pages/none.tsx` to export a React component as its default export',
      'src/pages/throws.tsx:2:9 pages/render Cannot render `/throws`: no window here',
    ]);
  });
});
