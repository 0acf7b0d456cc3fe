import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDataSources, loadDataSource } from '../../src/markdown/content-data.ts';
import { formatDiagnostics, renderFor } from './render-for.ts';
import { createSiteFence } from '../../src/content/site-fence.ts';

// Issue 27 › A1: facts kept once in content/data/, shown by `::data-table`, `::data-list`, `:fact[…]`.
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'data-directives-'));
  mkdirSync(path.join(root, 'content/data'), { recursive: true });
  writeFileSync(path.join(root, 'content/data/game.yml'), 'timeout: 500\nmap: standard\nsizes: [7, 11, 19]\nnote: "See [the rules](/rules) at 10:30"\nnested: "within :fact[game.timeout] ms"\n');
  writeFileSync(path.join(root, 'content/data/broken.yml'), 'a: [1, 2\n');
  writeFileSync(path.join(root, 'content/data/loop.yml'), 'a: "see :fact[loop.b]"\nb: "and :fact[loop.a]"\n');
  writeFileSync(path.join(root, 'content/data/facts.yml'), '- id: deadline\n  value: 500\n  unit: ms\n  meaning: The usual deadline.\n- id: health\n  value: 100\n');
  writeFileSync(path.join(root, 'content/data/settings.yml'), [
    '- id: foodSpawnChance', '  default: 15', '  meaning: Chance of **one** extra food', '  modes: [standard, royale]',
    '- id: royale.shrinkEveryNTurns', '  default: 25', '  meaning: Turns between shrinks', '  modes: [royale]', '',
  ].join('\n'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const render = (source: string) => renderFor(source, {
  file: 'content/docs/page.md',
  lineOffset: 4,
  resolveData: (name) => loadDataSource({ fence: createSiteFence({ root }), name }),
  listData: () => listDataSources(root),
});

describe('data directives', () => {
  it('renders a fact inline, as code, and a list of values joined', async () => {
    const { html, diagnostics } = await render('Wait :fact[game.timeout] ms on :fact[game.map]{code}; sizes :fact[game.sizes].\n');
    expect(diagnostics).toEqual([]);
    expect(html).toBe('<p>Wait 500 ms on <code>standard</code>; sizes 7, 11, 19.</p>');
  });

  it('renders data text as Markdown, with facts inside it and other colons kept as written', async () => {
    const { html, links } = await render(':fact[game.note]; :fact[game.nested]\n');
    expect(html).toBe('<p>See <a href="/rules">the rules</a> at 10:30; within 500 ms</p>');
    // The link is checked at the directive's place in the Markdown file.
    expect(links.map((l) => [l.url, l.line])).toEqual([['/rules', 5]]);
  });

  it('renders a table with chosen columns, code columns and a filter, and a list from a template', async () => {
    const table = await render('::data-table{source="settings" columns="id:code,default,meaning" headers="Setting,Default,Meaning" where="modes=royale"}\n');
    expect(table.diagnostics).toEqual([]);
    expect(table.html).toBe([
      '<table tabindex="0" data-rows="">', '<thead>', '<tr>', '<th>Setting</th>', '<th>Default</th>', '<th>Meaning</th>', '</tr>', '</thead>', '<tbody>',
      '<tr>', '<td data-label="Setting"><code>foodSpawnChance</code></td>', '<td data-label="Default">15</td>', '<td data-label="Meaning">Chance of <strong>one</strong> extra food</td>', '</tr>',
      '<tr>', '<td data-label="Setting"><code>royale.shrinkEveryNTurns</code></td>', '<td data-label="Default">25</td>', '<td data-label="Meaning" data-last="">Turns between shrinks</td>', '</tr>',
      '</tbody>', '</table>',
    ].join('\n'));
    const royaleOnly = await render('::data-table{source="settings" columns="id" where="modes!=standard"}\n');
    expect(royaleOnly.html).not.toContain('foodSpawnChance');
    const list = await render('::data-list{source="settings" item="`{id}` ({default}): {meaning}" where="default=15"}\n');
    expect(list.html).toBe('<ul>\n<li><code>foodSpawnChance</code> (15): Chance of <strong>one</strong> extra food</li>\n</ul>');
  });

  it('shows a fact kept as a record by its value and unit', async () => {
    const { html } = await render('Answer within :fact[facts.deadline]; start at :fact[facts.health] health.\n');
    expect(html).toBe('<p>Answer within 500 ms; start at 100 health.</p>');
  });

  it('looks up a list item by an id holding dots', async () => {
    const { html } = await render('Default :fact[settings.royale.shrinkEveryNTurns.default].\n');
    expect(html).toBe('<p>Default 25.</p>');
  });

  it('fails at the directive with file:line:col, rule id and the closest key', async () => {
    const result = await render('Intro.\n\nWait :fact[game.timout] ms.\n\n::data-table{source="settings" columns="id,defualt"}\n\n:fact[gmae.timeout]\n');
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:7:6  error  Cannot find `game.timout` in `content/data/game.yml`: `game` has no `timout`; did you mean `game.timeout`?  markdown/data-key',
      'content/docs/page.md:9:1  error  Cannot find the field `defualt` in the items of `settings`; did you mean `default`?  markdown/data-key',
      'content/docs/page.md:11:1  error  Cannot find the data file `gmae` for `gmae.timeout`; did you mean `game`?  markdown/data-source',
    ]);
    expect(result.diagnostics[0].hint).toContain('`timeout`');
    const broken = await render(':fact[broken.a]\n');
    expect(formatDiagnostics(broken)[0]).toMatch(/^content\/docs\/page\.md:5:1  error  Cannot read `content\/data\/broken\.yml`: .+  markdown\/data-source$/);
    const loop = await render(':fact[loop.a]\n');
    expect(loop.diagnostics.map((d) => d.ruleId)).toEqual(['markdown/data-directive']);
    // A filter that keeps nothing is a mistake too (a misspelt value would empty the table).
    const empty = await render('::data-list{source="settings" item="{id}" where="modes=royal"}\n');
    expect(formatDiagnostics(empty)).toEqual(['content/docs/page.md:5:1  error  Expected some items of `settings` where `modes=royal`; none matched  markdown/data-directive']);
  });
});
