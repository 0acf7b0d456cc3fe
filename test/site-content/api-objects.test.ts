/**
 * Content checks for the API reference pages.
 *
 * 1. Every field the fact sheet lists for an object (sections 2.1–2.5 of
 *    `game-api.md`) must appear, in backticks, in the first column of that
 *    object page's field table — and the table must not invent extra fields.
 * 2. Every ```json block under `content/docs/api` must be strict JSON, so the
 *    examples can be pasted straight into a test request.
 *
 * The fact sheet lives outside the repository (`../shared/facts/game-api.md`
 * relative to the repo root, which is where CI checks it out). When it is not
 * there, the field lists saved in `test/fixtures/facts/game-objects.json` are
 * used instead; when both exist, they must agree.
 */
import { describe, it, expect } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const factSheetPath = path.resolve(repoRoot, '../shared/facts/game-api.md');
const fixturePath = path.join(repoRoot, 'test/fixtures/facts/game-objects.json');
const apiDocsDir = path.join(repoRoot, 'content/docs/api');

type ObjectKey = 'game' | 'ruleset' | 'rulesetSettings' | 'serpent' | 'board';
type FieldLists = Record<ObjectKey, string[]>;

/** Fact-sheet section number, object key and page file, in fact-sheet order. */
const objects: { section: string; key: ObjectKey; page: string }[] = [
  { section: '2.1', key: 'game', page: 'objects/game.md' },
  { section: '2.2', key: 'ruleset', page: 'objects/ruleset.md' },
  { section: '2.3', key: 'rulesetSettings', page: 'objects/ruleset-settings.md' },
  { section: '2.4', key: 'serpent', page: 'objects/serpent.md' },
  { section: '2.5', key: 'board', page: 'objects/board.md' },
];

const backtickedRE = /^`([^`]+)`$/;
const jsonFenceRE = /^```json(?:[ \t][^\n]*)?\n([\s\S]*?)^```[ \t]*$/gm;

/** Splits a Markdown table row into trimmed cells (no escaped pipes expected). */
function splitRow(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

/** Returns the backticked first-column names of every table row in `lines`. */
function firstColumnFields(lines: string[]): string[] {
  const fields: string[] = [];
  for (const line of lines) {
    if (!line.trim().startsWith('|')) continue;
    const match = backtickedRE.exec(splitRow(line)[0] ?? '');
    if (match) fields.push(match[1]);
  }
  return fields;
}

/** Reads the field lists from the fact sheet's `### 2.x` sections. */
function parseFactSheet(markdown: string): FieldLists {
  const lines = markdown.split('\n');
  const result = {} as FieldLists;
  for (const { section, key } of objects) {
    const start = lines.findIndex((line) => line.startsWith(`### ${section} `));
    if (start === -1) throw new Error(`Cannot find section ${section} in the fact sheet`);
    const rest = lines.slice(start + 1);
    const end = rest.findIndex((line) => /^#{2,3} /.test(line));
    result[key] = firstColumnFields(end === -1 ? rest : rest.slice(0, end));
  }
  return result;
}

/**
 * Finds the page's field table (header `Field | Type | Description | Example`) and returns its
 * field names. A table rendered from `content/data` (`::data-table{source="x" columns="id:code,…"
 * headers="Field,Type,Description,Example"}`) counts too: its fields are the `id`s of the data list.
 */
function pageFieldTable(markdown: string): string[] | undefined {
  const directive = /^::data-table\{(.*)\}\s*$/m.exec(markdown);
  if (directive && /headers="Field,Type,Description,Example"/.test(directive[1])) {
    const source = /source="([\w-]+)"/.exec(directive[1])?.[1];
    const rows = parseYaml(readFileSync(path.join(repoRoot, 'content/data', `${source}.yml`), 'utf8')) as { id: string }[];
    return rows.map((row) => row.id);
  }
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => {
    const cells = splitRow(line);
    return line.trim().startsWith('|') && cells.join('|') === 'Field|Type|Description|Example';
  });
  if (header === -1) return undefined;
  const body: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.trim().startsWith('|')) break;
    body.push(line);
  }
  return firstColumnFields(body);
}

/** Lists every `.md` file below `dir`, recursively. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as FieldLists;
const factSheetAvailable = existsSync(factSheetPath);
const expected: FieldLists = factSheetAvailable
  ? parseFactSheet(readFileSync(factSheetPath, 'utf8'))
  : fixture;

describe('fact sheet field lists', () => {
  it('finds fields for every object', () => {
    for (const { key } of objects) expect(expected[key].length, key).toBeGreaterThan(0);
  });

  it.runIf(factSheetAvailable)('match the saved fixture', () => {
    expect(fixture).toEqual(expected);
  });
});

describe('API object pages', () => {
  for (const { section, key, page } of objects) {
    describe(page, () => {
      const markdown = readFileSync(path.join(apiDocsDir, page), 'utf8');
      const tableFields = pageFieldTable(markdown);

      it('has a Field | Type | Description | Example table', () => {
        expect(tableFields, `no field table in ${page}`).toBeDefined();
      });

      it(`lists every field from fact sheet section ${section}`, () => {
        const missing = expected[key].filter((field) => !tableFields?.includes(field));
        expect(missing, `fields missing from ${page}`).toEqual([]);
      });

      it('lists no fields the fact sheet does not have', () => {
        const extra = (tableFields ?? []).filter((field) => !expected[key].includes(field));
        expect(extra, `unexpected fields in ${page}`).toEqual([]);
      });
    });
  }
});

describe('JSON code blocks in content/docs/api', () => {
  const files = markdownFiles(apiDocsDir);

  it('finds the API pages', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
  });

  for (const file of files) {
    const relative = path.relative(repoRoot, file);
    const blocks = [...readFileSync(file, 'utf8').matchAll(jsonFenceRE)].map((m) => m[1]);

    // Pages without json blocks (the introduction, for one) have nothing to check.
    if (blocks.length === 0) continue;

    it(`${relative}: all ${blocks.length} json blocks parse`, () => {
      blocks.forEach((block, index) => {
        expect(() => JSON.parse(block), `${relative}, json block ${index + 1}`).not.toThrow();
        expect(block, `${relative}, json block ${index + 1} contains an ellipsis`).not.toMatch(/\.\.\.|…/);
      });
    });
  }
});
