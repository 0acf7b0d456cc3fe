import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type AnySchema, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Code, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

// Issue 15: the published JSON Schema (public/schema/) and every JSON example on the site, docs
// and blog, requests and responses: each is valid against it, with no key the schema does not
// know, and agrees with itself where a schema cannot say so (head = body[0], length, `you` among
// the snakes, bodies that hold together, customization ids from the one list in the guide).

const repo = path.resolve(import.meta.dirname, '../..');
const schemaDir = path.join(repo, 'public/schema');
const contentDir = path.join(repo, 'content');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Example { file: string; line: number; title: string; value: Json }
interface Coord { x: number; y: number }
interface Serpent { id: string; head: Coord; body: Coord[]; length: number; customizations?: { head: string; tail: string } }

/** Every ```json block of the site's Markdown, with its file, line and title. */
function jsonExamples(): Example[] {
  const parser = unified().use(remarkParse).use(remarkGfm);
  const found: Example[] = [];
  for (const rel of readdirSync(contentDir, { recursive: true }) as string[]) {
    if (!rel.endsWith('.md')) continue;
    const file = `content/${rel.split(path.sep).join('/')}`;
    const text = readFileSync(path.join(contentDir, rel), 'utf8');
    // Front matter lines count: code positions are reported as the editor shows them.
    const offset = /^---\n[\s\S]*?\n---\n/.exec(text)?.[0].split('\n').length ?? 1;
    visit(parser.parse(text.slice(/^---\n[\s\S]*?\n---\n/.exec(text)?.[0].length ?? 0)) as Root, 'code', (node: Code) => {
      if (node.lang !== 'json') return;
      const title = /title="([^"]*)"/.exec(node.meta ?? '')?.[1] ?? '';
      const line = node.position!.start.line + offset - 1;
      let value: Json;
      try {
        value = JSON.parse(node.value) as Json;
      } catch (error) {
        throw new Error(`${file}:${line}: not JSON (${(error as Error).message})`);
      }
      found.push({ file, line, title, value });
    });
  }
  return found;
}

/** The schemas with every object closed to unknown keys (a typo in an example is an error). */
function closed(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, closed(s as Json)])) : closed(v);
  if (out.type === 'object' && out.properties) out.additionalProperties = false;
  return out;
}

/** The same, with nothing required: for excerpts ("… (excerpt)", "Part of …"). */
function partial(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(partial);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'required').map(([k, v]) => [k, partial(v)]));
}

function validators(transform: (s: Json) => Json) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  const load = (name: string) => transform(JSON.parse(readFileSync(path.join(schemaDir, name), 'utf8')) as Json) as AnySchema;
  ajv.addSchema(load('objects.json'));
  const base = 'https://serpentarena.dev/schema/';
  const get = (ref: string) => ajv.getSchema(base + ref) ?? (ajv.addSchema(load(ref)), ajv.getSchema(base + ref)!);
  return {
    gameState: get('game-state.json'), info: get('info-response.json'), move: get('move-response.json'),
    def: (name: string) => ajv.getSchema(`${base}objects.json#/$defs/${name}`)!,
  };
}
const strict = validators(closed);
const excerpt = validators((s) => closed(partial(s)));

/** The titles /api/json-schema gives excerpts: ending in `(excerpt)` or starting with `Part of`. */
const excerptTitleRE = /\(excerpt\)$|^Part of\b/;

/** Which schema an example is: by its shape (and its title, for excerpts and body arrays). */
function classify(example: Example): { kind: string; validate: ValidateFunction } | { skip: string } {
  const { value, title } = example;
  if (title === 'package.json') return { skip: 'a starter project file, not an API message' };
  const v = excerptTitleRE.test(title) ? excerpt : strict;
  if (Array.isArray(value)) return { kind: 'Coord[]', validate: coordArray(v) };
  if (value === null || typeof value !== 'object') return { skip: 'not an object' };
  const has = (...keys: string[]) => keys.every((k) => k in value);
  if (has('game', 'turn', 'board', 'you') || (v === excerpt && has('game'))) return { kind: 'game state', validate: v.gameState };
  if (has('apiversion')) return { kind: 'GET / response', validate: v.info };
  if (has('move')) return { kind: 'POST /move response', validate: v.move };
  if (has('height', 'width', 'snakes')) return { kind: 'Board', validate: v.def('Board') };
  if (has('ruleset', 'timeout')) return { kind: 'Game', validate: v.def('Game') };
  if (has('name', 'settings')) return { kind: 'Ruleset', validate: v.def('Ruleset') };
  if (has('foodSpawnChance')) return { kind: 'RulesetSettings', validate: v.def('RulesetSettings') };
  if (has('body', 'health')) return { kind: 'Serpent', validate: v.def('Serpent') };
  return { kind: 'unknown', validate: Object.assign(() => false, { errors: [{ message: 'matches no message or object of the API' }] }) as unknown as ValidateFunction };
}

/** A list of cells (a body, the hazards): every entry a Coord. */
function coordArray(v: ReturnType<typeof validators>): ValidateFunction {
  const coord = v.def('Coord');
  return ((data: unknown) => Array.isArray(data) && data.every((c) => coord(c))) as ValidateFunction;
}

const examples = jsonExamples();
const customizations = customizationIds();

/** The free heads and tails, from `content/data/customizations.yml`, which the customizations guide shows: the one list. */
function customizationIds(): { heads: Set<string>; tails: Set<string> } {
  const data = parseYaml(readFileSync(path.join(contentDir, 'data/customizations.yml'), 'utf8')) as Record<string, { id: string }[]>;
  const ids = (list: string) => {
    if (!Array.isArray(data[list])) throw new Error(`no \`${list}\` list in content/data/customizations.yml`);
    return new Set(data[list].map((item) => item.id));
  };
  return { heads: ids('heads'), tails: ids('tails') };
}

/** Cells next to each other (a step of one), or the same cell (stacked), on a board that may wrap. */
function adjacent(a: Coord, b: Coord, board?: { width: number; height: number }): boolean {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  const wrapX = board ? Math.min(dx, board.width - dx) : dx;
  const wrapY = board ? Math.min(dy, board.height - dy) : dy;
  return wrapX + wrapY <= 1;
}

/** What a schema cannot check about a snake; `where` names it in messages. */
function serpentProblems(s: Partial<Serpent>, where: string, board?: { width?: number; height?: number; wraps: boolean }): string[] {
  const problems: string[] = [];
  // An excerpt may leave fields out: each check runs when what it compares is there.
  const body = s.body ?? [];
  const size = board?.width !== undefined && board.height !== undefined ? { width: board.width, height: board.height } : undefined;
  if (s.head && body.length && JSON.stringify(s.head) !== JSON.stringify(body[0])) problems.push(`${where}: head ${JSON.stringify(s.head)} is not body[0] ${JSON.stringify(body[0])}`);
  if (s.length !== undefined && s.body && s.length !== body.length) problems.push(`${where}: length ${s.length} but ${body.length} body cells`);
  body.forEach((cell, i) => {
    if (i > 0 && !adjacent(body[i - 1], cell, board?.wraps ? size : undefined)) problems.push(`${where}: body[${i - 1}] ${JSON.stringify(body[i - 1])} and body[${i}] ${JSON.stringify(cell)} are not next to each other`);
    if (size && (cell.x < 0 || cell.y < 0 || cell.x >= size.width || cell.y >= size.height)) problems.push(`${where}: body[${i}] ${JSON.stringify(cell)} is off the ${size.width}×${size.height} board`);
  });
  if (s.customizations) {
    if (!customizations.heads.has(s.customizations.head)) problems.push(`${where}: head id "${s.customizations.head}" is not in the customizations guide`);
    if (!customizations.tails.has(s.customizations.tail)) problems.push(`${where}: tail id "${s.customizations.tail}" is not in the customizations guide`);
  }
  return problems;
}

function consistencyProblems(example: Example, kind: string): string[] {
  const value = example.value as Record<string, Json>;
  const problems: string[] = [];
  if (kind === 'Serpent') problems.push(...serpentProblems(value as unknown as Serpent, 'the snake'));
  if (kind === 'GET / response') {
    const info = value as { head?: string; tail?: string };
    if (info.head !== undefined && !customizations.heads.has(info.head)) problems.push(`head id "${info.head}" is not in the customizations guide`);
    if (info.tail !== undefined && !customizations.tails.has(info.tail)) problems.push(`tail id "${info.tail}" is not in the customizations guide`);
  }
  const boardOf = (b: Record<string, Json>, rules?: string) => ({ width: b.width as number | undefined, height: b.height as number | undefined, wraps: /wrapped/.test(rules ?? '') });
  if (kind === 'Board') {
    const board = value as unknown as { width: number; height: number; snakes: Serpent[] };
    board.snakes.forEach((s, i) => problems.push(...serpentProblems(s, `snakes[${i}]`, boardOf(value))));
  }
  if (kind === 'game state' && 'board' in value) {
    // Excerpts too: whatever part of the board they show must hold together.
    const rules = (value.game as { ruleset?: { name?: string } } | undefined)?.ruleset?.name;
    const board = boardOf(value.board as Record<string, Json>, rules);
    const snakes = ((value.board as { snakes?: Serpent[] }).snakes ?? []);
    snakes.forEach((s, i) => problems.push(...serpentProblems(s, `board.snakes[${i}]`, board)));
  }
  if (kind === 'game state' && 'board' in value && 'you' in value) {
    const state = value as unknown as { game: { ruleset: { name: string } }; turn: number; board: { width: number; height: number; snakes: Serpent[] }; you: Serpent };
    const board = boardOf(value.board as Record<string, Json>, state.game.ruleset.name);
    problems.push(...serpentProblems(state.you, 'you', board));
    const mine = state.board.snakes.find((s) => s.id === state.you.id);
    // Only /end may leave you out: a Serpent eliminated before the end is not on the final board.
    if (!mine && !/POST \/end/.test(example.title)) problems.push(`you (${state.you.id}) is not in board.snakes`);
    else if (JSON.stringify(mine) !== JSON.stringify(state.you)) problems.push(`you differs from its board.snakes entry`);
    if (/POST \/start/.test(example.title) && state.turn !== 0) problems.push(`a /start body at turn ${state.turn}; /start is turn 0`);
    const ids = state.board.snakes.map((s) => s.id);
    if (new Set(ids).size !== ids.length) problems.push('two snakes share an id');
  }
  return problems;
}

describe('the published JSON Schema', () => {
  it('is valid JSON Schema 2020-12, with one $id per file under the site URL', () => {
    for (const name of readdirSync(schemaDir)) {
      const schema = JSON.parse(readFileSync(path.join(schemaDir, name), 'utf8'));
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`https://serpentarena.dev/schema/${name}`);
    }
    expect(strict.gameState.schema).toBeDefined();
  });

  it('rejects what the engine never sends or accepts', () => {
    expect(strict.move({ move: 'north' })).toBe(false);
    expect(strict.move({ move: 'up', shout: 'x'.repeat(257) })).toBe(false);
    expect(strict.move({ move: 'up', shout: 'fine' })).toBe(true);
    expect(strict.info({ apiversion: '2' })).toBe(false);
    expect(strict.info({ apiversion: '1', color: 'red' })).toBe(false);
    expect(strict.def('Serpent')({ id: 'a', name: 'a', health: 101, body: [{ x: 0, y: 0 }], latency: '0', head: { x: 0, y: 0 }, length: 1, shout: '', squad: '', customizations: { color: '#000000', head: 'default', tail: 'default' } })).toBe(false);
  });
});

describe('every JSON example on the site', () => {
  it('is found (the examples of docs and blog, requests and responses)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(examples.map((e) => { const c = classify(e); return 'kind' in c ? c.kind : 'skipped'; }));
    for (const kind of ['game state', 'GET / response', 'POST /move response', 'Board', 'Game', 'Ruleset', 'RulesetSettings', 'Serpent']) expect(kinds).toContain(kind);
  });

  it('is valid against the schema, with no unknown key', () => {
    const failures = examples.flatMap((e) => {
      const c = classify(e);
      if ('skip' in c) return [];
      if (c.validate(e.value)) return [];
      const errors = (c.validate.errors ?? []).map((err) => `${err.instancePath || '/'} ${err.message}${err.params && 'additionalProperty' in err.params ? ` (${String(err.params.additionalProperty)})` : ''}${err.params && 'missingProperty' in err.params ? ` (${String(err.params.missingProperty)})` : ''}`);
      return [`${e.file}:${e.line} ${c.kind} "${e.title}": ${errors.join('; ')}`];
    });
    expect(failures).toEqual([]);
  });

  it('agrees with itself and with the customization list', () => {
    const failures = examples.flatMap((e) => {
      const c = classify(e);
      if ('skip' in c) return [];
      return consistencyProblems(e, c.kind).map((p) => `${e.file}:${e.line} "${e.title}": ${p}`);
    });
    expect(failures).toEqual([]);
  });
});

describe('the JSON Schema page', () => {
  it('says how excerpts are marked and checked, as this test checks them', () => {
    const page = readFileSync(path.join(contentDir, 'docs/api/json-schema.md'), 'utf8');
    expect(page).toContain('ending in `(excerpt)` or starting with `Part of`');
    expect(page).toMatch(/a key it leaves out is not missing: every key it does show must be one the schemas describe/);
    expect(examples.filter((e) => excerptTitleRE.test(e.title)).length).toBeGreaterThanOrEqual(5);
  });
});

describe('the customization ids', () => {
  it('are one list: the API v1 post names exactly the guide\'s heads and tails', () => {
    const post = readFileSync(path.join(contentDir, 'blog/2020-06-15-api-version-1-and-customizations.md'), 'utf8');
    const row = post.split('\n').find((l) => l.startsWith('| `default`'));
    expect(row, 'the post\'s table of free heads and tails').toBeDefined();
    const [heads, tails] = row!.split('|').slice(1, 3).map((cell) => new Set([...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1])));
    expect([...heads].sort()).toEqual([...customizations.heads].sort());
    expect([...tails].sort()).toEqual([...customizations.tails].sort());
  });
});
