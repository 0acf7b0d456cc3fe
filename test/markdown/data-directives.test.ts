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
  writeFileSync(path.join(root, 'content/data/world.yml'), [
    'founded: 2018-04-09', 'beta: 2019-03', 'rating: 10000', 'regions: [US-West, US-East, Europe]',
    'headcount:', '  - { from: 2018-04-09, size: 2 }', '  - { from: 2019-10-14, size: 6 }',
    'people:', '  - { id: mira, joined: 2018-04-09 }', '  - { id: priya, joined: 2019-04-01, left: 2021-01-01 }',
    'derived:', '  - id: cost', '    formula: facts.deadline - 90', '  - id: loop', '    formula: world.derived.loop + 1',
    '  - id: wrong-unit', '    formula: facts.deadline * 2', '    unit: KB', '',
  ].join('\n'));
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
    expect(html).toBe('<p>Wait <span data-fact="game.timeout">500</span> ms on <span data-fact="game.map"><code>standard</code></span>; sizes <span data-fact="game.sizes">7, 11, 19</span>.</p>');
  });

  it('renders data text as Markdown, with facts inside it and other colons kept as written', async () => {
    const { html, links } = await render(':fact[game.note]; :fact[game.nested]\n');
    expect(html).toBe('<p><span data-fact="game.note">See <a href="/rules">the rules</a> at 10:30</span>; <span data-fact="game.nested">within <span data-fact="game.timeout">500</span> ms</span></p>');
    // The link is checked at the directive's place in the Markdown file.
    expect(links.map((l) => [l.url, l.line])).toEqual([['/rules', 5]]);
  });

  it('renders a table with chosen columns, code columns and a filter, and a list from a template', async () => {
    const table = await render('::data-table{source="settings" columns="id:code,default,meaning" headers="Setting,Default,Meaning" where="modes=royale"}\n');
    expect(table.diagnostics).toEqual([]);
    expect(table.html).toBe([
      '<table data-facts="settings" tabindex="0" data-cards="" data-rows="">', '<thead>', '<tr>', '<th>Setting</th>', '<th>Default</th>', '<th>Meaning</th>', '</tr>', '</thead>', '<tbody>',
      '<tr>', '<td data-label="Setting"><code>foodSpawnChance</code></td>', '<td data-label="Default">15</td>', '<td data-label="Meaning">Chance of <strong>one</strong> extra food</td>', '</tr>',
      '<tr>', '<td data-label="Setting"><code>royale.shrinkEveryNTurns</code></td>', '<td data-label="Default">25</td>', '<td data-label="Meaning" data-last="">Turns between shrinks</td>', '</tr>',
      '</tbody>', '</table>',
    ].join('\n'));
    const royaleOnly = await render('::data-table{source="settings" columns="id" where="modes!=standard"}\n');
    expect(royaleOnly.html).not.toContain('foodSpawnChance');
    const list = await render('::data-list{source="settings" item="`{id}` ({default}): {meaning}" where="default=15"}\n');
    expect(list.html).toBe('<ul data-facts="settings">\n<li><code>foodSpawnChance</code> (15): Chance of <strong>one</strong> extra food</li>\n</ul>');
  });

  it('shows a fact kept as a record by its value and unit', async () => {
    const { html } = await render('Answer within :fact[facts.deadline]; start at :fact[facts.health] health.\n');
    expect(html).toBe('<p>Answer within <span data-fact="facts.deadline">500 ms</span>; start at <span data-fact="facts.health">100</span> health.</p>');
  });

  it('looks up a list item by an id holding dots', async () => {
    const { html } = await render('Default :fact[settings.royale.shrinkEveryNTurns.default].\n');
    expect(html).toBe('<p>Default <span data-fact="settings.royale.shrinkEveryNTurns.default">25</span>.</p>');
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

describe('formats and formulas', () => {
  const html = async (source: string) => {
    const result = await render(source);
    expect(formatDiagnostics(result)).toEqual([]);
    // The marks are tested above; here only the words a reader sees.
    return result.html.replace(/<span data-fact="[^"]*">|<\/span>/g, '');
  };

  it('writes dates, months, weekdays, numbers, words, ordinals and lists as asked', async () => {
    expect(await html([
      ':fact[world.founded]{date}, :fact[world.founded]{date="dddd, MMMM D"}, :fact[world.founded]{month}, :fact[world.beta]{date};',
      ':fact[world.rating]{number}, :fact[facts.health]{words capital}, :fact[world.headcount.1.size]{ordinal words}, :fact[world.headcount.1.size]{ordinal};',
      ':fact[world.regions]{and}, :fact[facts.deadline]{bare}, :fact[facts.deadline]{unit="milliseconds"}.',
    ].join('\n') + '\n')).toBe([
      '<p>9 April 2018, Monday, April 9, April 2018, March 2019;',
      '10,000, One hundred, sixth, 6th;',
      'US-West, US-East and Europe, 500, 500 milliseconds.</p>',
    ].join('\n'));
  });

  it('works out formulas declared in the data and written in place of a key, with units', async () => {
    expect(await html(':fact[world.derived.cost], :fact[(facts.deadline - 90) / 2], :fact[count(world.regions)]{words}, :fact[count(world.people, "left=")].\n'))
      .toBe('<p>410 ms, 205 ms, three, 1.</p>');
    expect(await html(':fact[asOf(world.headcount, 2019-12-01, "size")], :fact[years(world.founded, 2023-12-18)], :fact[weeks(2021-08-16, 2021-09-30)], :fact[addDays(world.founded, -1)]{date}.\n'))
      .toBe('<p>6, 5, 6, 8 April 2018.</p>');
  });

  it('writes a list of records through an item template, keeping some with where', async () => {
    expect(await html(':fact[world.people]{item="{id} (since {joined:month})" and}; :fact[world.people]{item="{id}" where="left="}.\n'))
      .toBe('<p>mira (since April 2018) and priya (since April 2019); mira.</p>');
    const result = await render(':fact[world.people]{and}\n\n:fact[world.people]{item="{name}"}\n');
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:5:1  error  Expected `item="{field} …"` to write a list of records, e.g. `item="{name}"`  markdown/data-format',
      'content/docs/page.md:7:1  error  Cannot find the field `name` of `item` in the list\'s records (fields: `id`, `joined`)  markdown/data-format',
    ]);
  });

  it('formats table columns and list fields, and works out a formula in a field', async () => {
    const current = await html('::data-table{source="world.people" columns="id" where="left="}\n');
    expect(current).toContain('mira');
    expect(current).not.toContain('priya');
    const table = await html('::data-table{source="world.people" columns="id:code,joined:date"}\n');
    expect(table).toContain('<td data-label="joined" data-last="">1 April 2019</td>');
    expect(await html('::data-list{source="world.derived" item="{id}: {formula}" where="id=cost"}\n')).toContain('<li>cost: facts.deadline - 90</li>');
    expect(await html('::data-list{source="world.headcount" item="{from:month}: {size:words}"}\n')).toContain('<li>October 2019: six</li>');
  });

  it('reports a bad format, a bad formula, a cycle and a unit mismatch at the directive', async () => {
    const result = await render([
      ':fact[world.founded]{dat}', ':fact[world.rating]{date}', ':fact[world.founded]{date="Do MMMM"}',
      ':fact[world.derived.loop]', ':fact[world.derived.wrong-unit]', ':fact[facts.deadline + world.founded]',
      ':fact[sqrt(4)]', ':fact[facts.deadline +]', ':fact[world.beta]{date="D MMMM"}', '',
    ].join('\n\n'));
    expect(formatDiagnostics(result)).toEqual([
      'content/docs/page.md:5:1  error  Cannot format with `dat`; did you mean `date`?  markdown/data-format',
      'content/docs/page.md:7:1  error  Expected a date (YYYY-MM-DD) for `date`, found `10000`  markdown/data-format',
      'content/docs/page.md:9:1  error  Expected a date pattern of YYYY, MMMM, MMM, D, dddd and ddd, found `Do MMMM`  markdown/data-format',
      'content/docs/page.md:11:1  error  Cannot work out `world.derived.loop`: its formula depends on itself (world.derived.loop → world.derived.loop)  markdown/data-formula',
      'content/docs/page.md:13:1  error  Cannot work out `world.derived.wrong-unit`: its formula gives ms, but the record says KB  markdown/data-formula',
      'content/docs/page.md:15:1  error  Cannot work out `facts.deadline + world.founded`: Cannot add dates with `+`: use days(), weeks(), months(), years() or addDays()  markdown/data-formula',
      'content/docs/page.md:17:1  error  Cannot work out `sqrt(4)`: Cannot call `sqrt()` (functions: floor, ceil, round, abs, min, max, count, days, weeks, months, years, addDays, asOf)  markdown/data-formula',
      'content/docs/page.md:19:1  error  Cannot work out `facts.deadline +`: Expected a value at the end of `facts.deadline +`  markdown/data-formula',
      'content/docs/page.md:21:1  error  Cannot write `D` for `2019-03`: the data gives a month, not a day  markdown/data-format',
    ]);
  });
});
