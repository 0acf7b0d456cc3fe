import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkMarkdown, docsFiles, indexFacts, type Finding } from './fact-restatements.ts';

// Issue 27 › A1, B13: game facts are kept once in content/data/ and pages render them; nothing
// in the docs restates one by hand (see fact-restatements.ts for the classes checked).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const index = indexFacts(root);

/**
 * Statements that look like restatements and are not, each with the reason. Keep it short: a
 * new entry needs a reason a reviewer would accept.
 */
const allowed: { file: string; includes: string; why: string }[] = [
  {
    file: 'content/docs/api/example-move.md',
    includes: 'within 500 ms',
    why: 'describes the `timeout` of the example request on that page, not the usual value',
  },
  {
    file: 'content/docs/api/example-move.md',
    includes: '| Setting | Value here |',
    why: 'the settings of the example request on that page, read field by field',
  },
];

const show = (f: Finding) => `${f.file}:${f.line}  ${f.rule}  ${f.message}`;

describe('game facts in the docs', () => {
  it('are not restated by hand anywhere in content/docs', () => {
    const findings: string[] = [];
    for (const file of docsFiles(root)) {
      const markdown = readFileSync(path.join(root, file), 'utf8');
      const lines = markdown.split('\n');
      for (const f of checkMarkdown({ file, markdown, index })) {
        const line = lines[f.line - 1] ?? '';
        if (allowed.some((a) => a.file === file && line.includes(a.includes))) continue;
        findings.push(show(f));
      }
    }
    expect(findings).toEqual([]);
  });

  it('are rendered from data on the pages that list them', () => {
    // The pages whose tables of facts must come from content/data (a hand-written copy would
    // also be caught above; this guards against the directive being dropped altogether).
    const expected: Record<string, string[]> = {
      'content/docs/getting-started/rules.md': ['source="board-sizes"', 'source="elimination-causes"'],
      'content/docs/guides/customizations.md': ['source="customizations.heads"', 'source="customizations.tails"', 'source="customizations.fallbacks"'],
      'content/docs/api/objects/ruleset-settings.md': ['source="ruleset-settings"'],
      'content/docs/getting-started/quickstart.md': ['source="cli-flags"'],
      'content/docs/api/introduction.md': [':fact[game.thinking-time]', ':fact[game.shout-limit]'],
    };
    for (const [file, directives] of Object.entries(expected)) {
      const markdown = readFileSync(path.join(root, file), 'utf8');
      for (const d of directives) expect(markdown, `${file} uses ${d}`).toContain(d);
    }
  });
});

describe('the restatement check', () => {
  const check = (markdown: string) => checkMarkdown({ file: 'x.md', markdown, index }).map((f) => `${f.line} ${f.rule}`);

  it('finds a hand-written list of ids, a value beside its name, a literal fact and a stray thinking rule', () => {
    expect(check([
      '| Head | Looks |', '|---|---|', '| `default` | round |', '| `beluga` | whale |', '| `fang` | fangs |', '',
      'A typical game uses `minimumFood` 1 and `foodSpawnChance` of 15.', '',
      '| Setting | Default |', '|---|---|', '| `hazardDamagePerTurn` | 14 |', '',
      'The deadline is normally 500 ms, and a bad colour becomes `#888888`.', '',
      'If your server is 150 ms away, your code only has about 350 ms to think.', '',
    ].join('\n'))).toEqual([
      '1 enumeration', '7 value-beside-name', '7 value-beside-name', '9 value-beside-name',
      '13 literal-fact', '13 literal-fact', '15 thinking-time',
    ]);
  });

  it('accepts the same facts shown through directives, in code blocks, and the rule linked', () => {
    expect(check([
      '::data-table{source="customizations.heads" columns="id:code,looks"}', '',
      'A typical game uses `minimumFood` :fact[ruleset-settings.minimumFood.common].', '',
      '| Setting | Default |', '|---|---|', '| `hazardDamagePerTurn` | :fact[ruleset-settings.hazardDamagePerTurn.cli] |', '',
      'The deadline is normally :fact[game.timeout].', '',
      '```bash', 'serpent play --timeout 500 --minimumFood 1', '```', '',
      'Think only as long as [the one rule](/api/introduction#how-long-to-think) allows, about half.', '',
    ].join('\n'))).toEqual([]);
  });
});
