import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { ISLAND_PROP, recmaIslands, remarkIslands, usesBrowserRE } from '../../src/mdx/remark-islands.ts';

// Issue 30 › 3: an MDX page's island candidates are the JSX elements whose name the page binds
// (imports, own exports); each is recorded with its source and marked in the program, so the
// renderer decides per page which become islands.

async function compile(source: string, findIslands = true) {
  const file = new VFile({ path: 'content/docs/page.mdx', value: source, data: { mdxFindIslands: findIslands } });
  await createProcessor({ format: 'mdx', remarkPlugins: [remarkIslands], recmaPlugins: [recmaIslands] }).process(file);
  return { islands: file.data.mdxIslands, code: String(file.value) };
}

const page = [
  "import Counter from './counter';",
  "import * as Ui from '@site/src/ui';",
  'export const Clock = () => { const [t] = useState(0); return t; };',
  'export const Plain = () => <b>static</b>;',
  '',
  '# Title',
  '',
  '<Counter start={1} />',
  '',
  '<Ui.Card title="x">',
  '  <Counter />',
  '</Ui.Card>',
  '',
  'Inline <Clock /> and <Plain /> and <div>intrinsic</div> and <Unbound />.',
  '',
  '{<Counter />}',
].join('\n');

describe('remarkIslands', () => {
  it('finds the elements whose names the page imports or exports, with their source, module and outer candidate', async () => {
    const { islands } = await compile(page);
    expect(islands?.candidates).toEqual([
      { i: 0, name: 'Counter', source: '<Counter start={1} />', specifier: './counter' },
      { i: 1, name: 'Ui', source: '<Ui.Card title="x">\n  <Counter />\n</Ui.Card>', specifier: '@site/src/ui' },
      { i: 2, name: 'Counter', source: '<Counter />', specifier: './counter', outer: 1 },
      { i: 3, name: 'Clock', source: '<Clock />', specifier: '' },
      { i: 4, name: 'Plain', source: '<Plain />', specifier: '' },
    ]);
  });

  it('keeps the page\'s imports and exports as written, and names the exports that read like they have state', async () => {
    const { islands } = await compile(page);
    expect(islands?.esm).toBe(page.split('\n').slice(0, 4).join('\n'));
    expect(islands?.liveExports).toEqual(['Clock']);
  });

  it('makes each candidate a call of the content component\'s prop, without the mark', async () => {
    const { code } = await compile(page);
    expect(code).not.toContain('data-sitegen-island');
    // Five candidates, each `(props.sitegenIsland || ((i, e) => e))(n, element)`.
    const call = `(props.${ISLAND_PROP} || ((i, e) => e))(`;
    const calls = code.split(call).slice(1).map((after) => Number.parseInt(after, 10));
    expect(calls.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('finds nothing unless the caller asks (partials, excerpts and islands themselves)', async () => {
    const { islands, code } = await compile(page, false);
    expect(islands).toBeUndefined();
    expect(code).not.toContain(ISLAND_PROP);
  });
});

describe('usesBrowserRE', () => {
  it('matches state, effects, BrowserOnly, class components and event handlers, not plain rendering', () => {
    for (const source of ['useState(0)', 'React.useEffect(() => {})', '<BrowserOnly>', 'useIsBrowser()', 'class A extends React.Component {}', '<button onClick={go}>', '{ onChange: f }']) {
      expect(source, source).toMatch(usesBrowserRE);
    }
    for (const source of ['export default () => <b>x</b>', 'const onclick = 1', 'useMemo(() => 1)', 'user.onboarding']) {
      expect(source, source).not.toMatch(usesBrowserRE);
    }
  });
});
