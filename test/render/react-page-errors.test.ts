import { afterEach, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/diagnostics/format-diagnostic.ts';
import { SitegenError } from '../../src/diagnostics/sitegen-error.ts';
import { buildInMemory } from '../helpers/build-helpers.ts';
import { copyFixture, type SiteCopy } from '../helpers/copy-fixture.ts';
import { fixture } from '../helpers/helpers.ts';

// Issue 30 › 4: a React page that cannot be rendered or bundled is reported at its own
// file:line (test/fixtures/react-pages-errors), every such page in one run.

async function buildError(root: string): Promise<SitegenError> {
  const error = await buildInMemory(root).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SitegenError);
  return error as SitegenError;
}

describe('React pages that cannot render', () => {
  it('report a page that throws at its line, with its route, and a module without a component', async () => {
    const error = await buildError(fixture('react-pages-errors'));
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      'src/pages/boom.tsx:4:30  error  Cannot render `/boom`: the gauge reads below the sea floor  pages/render\n'
      + '  hint: The page (or a component it renders) threw on the server, where there is no `window` or `document`: move browser-only code into `useEffect` or `<BrowserOnly>`.',
      'src/pages/no-default.tsx:1:1  error  Expected `src/pages/no-default.tsx` to export a React component as its default export  pages/no-component\n'
      + '  hint: A page module of `src/pages` is a route: export its component (`export default function Page() {…}`), or name the file with a leading `_` to keep it from being a page.',
    ]);
  });
});

describe('React pages that cannot be bundled', () => {
  let site: SiteCopy | undefined;
  afterEach(() => site?.cleanup());

  it('report an import that cannot be resolved at its line, with the closest files', async () => {
    site = copyFixture('react-pages-errors');
    site.remove('src/pages/boom.tsx');
    site.remove('src/pages/no-default.tsx');
    site.write('src/pages/typo.tsx', "import Card from './_card-widgit';\n\nexport default function Typo() {\n  return <Card />;\n}\n");
    const error = await buildError(site.root);
    expect(error.diagnostics.map(formatDiagnostic)).toEqual([
      'src/pages/typo.tsx:1:18  error  Cannot resolve `./_card-widgit`; did you mean `./_card-widget`?  import/unresolved\n'
      + '  hint: `@site/` is the site folder, `./` and `../` the importing file\'s folder, `@theme/…` and `@docusaurus/…` the components sitegen provides.',
    ]);
  });

  it('are reported with the rest of the run\'s errors, not instead of them', async () => {
    site = copyFixture('react-pages-errors');
    site.remove('src/pages/boom.tsx');
    site.remove('src/pages/no-default.tsx');
    site.write('src/pages/typo.tsx', "import Card from './_card-widgit';\n\nexport default function Typo() {\n  return <Card />;\n}\n");
    site.write('content/docs/index.md', '# Docs\n\n![A chart](/img/missing-chart.png)\n');
    const error = await buildError(site.root);
    expect(error.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`).sort()).toEqual([
      'content/docs/index.md:3 links/missing-image',
      'src/pages/typo.tsx:1 import/unresolved',
    ]);
  });

  it('report a package the site has not installed, and a Docusaurus module sitegen does not provide', async () => {
    site = copyFixture('react-pages-errors');
    site.remove('src/pages/boom.tsx');
    site.remove('src/pages/no-default.tsx');
    site.write('src/pages/index.jsx', "import gauge from 'tide-gauge-widgets';\nimport Layuot from '@theme/Layuot';\n\nexport default function Home() {\n  return <Layuot><p className={gauge('a')}>home</p></Layuot>;\n}\n");
    const error = await buildError(site.root);
    const lines = error.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
    expect(lines).toEqual([
      'src/pages/index.jsx:1:19 import/unresolved Cannot resolve `tide-gauge-widgets`',
      'src/pages/index.jsx:2:20 import/unresolved Cannot resolve `@theme/Layuot`: it is not a module sitegen provides; did you mean `@theme/Layout`?',
    ]);
    expect(error.diagnostics[0].hint).toBe('A package is resolved from the site\'s `node_modules`: install it there (`npm install tide-gauge-widgets`). sitegen bundles what site code imports, except React.');
  });
});
