/**
 * Finds game facts written by hand in docs Markdown when they live in `content/data/` (issue 27
 * › A1). Three classes, each derived from the data, not from a list of known cases:
 *
 * 1. **Enumerations**: a hand-written table or list whose entries lead with 3 or more members of
 *    a data set whose membership is the fact (head and tail ids, elimination causes, CLI flags,
 *    board sizes), or a sentence naming 4 or more of them (3 board sizes).
 * 2. **Values beside their names**: a setting, flag or field (`minimumFood`, `--timeout`,
 *    `color`) followed within a few words by one of its data values (`` `minimumFood` 1 ``),
 *    or a table row naming it with a cell that is just such a value.
 * 3. **Literal facts**: a fact with a unit (`500 ms`) or a fallback literal (`#888888`) written out.
 *
 * Plus the thinking-time rule (B13): text about how long to think that states a figure or a
 * share must link to the one place the rule is stated.
 * Code blocks and directives are not prose: `:fact[…]` output is the data itself.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Nodes, Root, Table } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';

/** One hand-written restatement. */
export interface Finding {
  file: string;
  line: number;
  rule: 'enumeration' | 'value-beside-name' | 'literal-fact' | 'thinking-time';
  message: string;
}

type Row = Record<string, unknown>;

/** What the checks look for, derived from the data files. */
export interface FactIndex {
  /** Sets whose membership is the fact: name → members (as written in code spans or text). */
  sets: Map<string, Set<string>>;
  /** Names (ids, flags, fields) → values the data gives them. */
  values: Map<string, Set<string>>;
  /** Literals that must not be written out (`500 ms`, `#888888`). */
  literals: Map<string, string>;
}

const longUnits: Record<string, string> = { ms: 'milliseconds' };

/** Reads `content/data/` under `root` into the index the checks use. */
export function indexFacts(root: string): FactIndex {
  const load = (name: string) => parseYaml(readFileSync(path.join(root, 'content/data', `${name}.yml`), 'utf8'));
  const ids = (rows: Row[]) => new Set(rows.map((r) => String(r.id)));
  const custom = load('customizations') as Record<string, Row[]>;
  const sets = new Map<string, Set<string>>([
    ['head ids', ids(custom.heads)],
    ['tail ids', ids(custom.tails)],
    ['elimination causes', ids(load('elimination-causes'))],
    ['CLI flags', ids(load('cli-flags'))],
    ['board sizes', new Set((load('board-sizes') as Row[]).map((r) => String(r.size)))],
  ]);
  const values = new Map<string, Set<string>>();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const text = String(value).replace(/^`|`$/g, '');
    if (!/^[\w#."-]+$/.test(text) || ['none', 'off', 'random'].includes(text)) return;
    if (!values.has(name)) values.set(name, new Set());
    values.get(name)!.add(text);
  };
  for (const r of load('ruleset-settings') as Row[]) for (const k of ['common', 'cli']) add(String(r.id), r[k]);
  for (const r of load('cli-flags') as Row[]) add(String(r.id), r.default);
  for (const r of custom.fallbacks) add(String(r.id), r.fallback);
  const literals = new Map<string, string>();
  for (const r of load('game') as Row[]) {
    if (!r.unit) continue;
    const unit = String(r.unit);
    // Two facts may share a literal (`500 ms`): name the first, the usual one.
    for (const u of [unit, longUnits[unit]].filter(Boolean)) if (!literals.has(`${r.value} ${u}`)) literals.set(`${r.value} ${u}`, `game.${r.id}`);
  }
  for (const r of custom.fallbacks) if (/[^a-z-]/.test(String(r.fallback))) literals.set(String(r.fallback), `customizations.fallbacks.${r.id}.fallback`);
  return { sets, values, literals };
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** Every finding in one Markdown file (`file` is only used in the findings). */
export function checkMarkdown(options: { file: string; markdown: string; index: FactIndex }): Finding[] {
  const { file, markdown, index } = options;
  // Front matter is not Markdown: blank it out, keeping the line numbers.
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, (fm) => fm.replace(/[^\n]/g, ''));
  const tree = parser.parse(body) as Root;
  const findings: Finding[] = [];
  // `name` followed within three words by `value`, as code or text (not `1` in `1.5`).
  const besides = [...index.values].flatMap(([name, values]) => [...values].map((value) => ({
    name, value, after: new RegExp(`\`${escape(name)}\`(?:\\s+[\\w-]+){0,3}?\\s+\`?${escape(value)}\`?(?!\\w|\\.\\d)`),
  })));
  const report = (node: Nodes, rule: Finding['rule'], message: string) => findings.push({ file, line: node.position?.start.line ?? 0, rule, message });

  walk(tree, (node) => {
    if (node.type === 'table' || node.type === 'list') {
      // A list *of* a set leads each entry with a member: the first cell of a row, the start of an item.
      const leads = node.type === 'table' ? node.children.slice(1).map((row) => row.children[0]) : node.children.map((item) => item.children[0]);
      const starts = leads.map((lead) => (lead ? leading(lead) : ''));
      for (const [name, members] of index.sets) {
        const named = [...members].filter((m) => starts.some((start) => start === m || (name === 'board sizes' && start.startsWith(m))));
        if (named.length >= 3) report(node, 'enumeration', `lists ${named.length} ${name} by hand (${named.slice(0, 4).join(', ')}…); render them from content/data with ::data-table or ::data-list`);
      }
    }
    if (node.type === 'table') checkRows(node, index, (message) => report(node, 'value-beside-name', message));
    if (node.type === 'paragraph' || node.type === 'tableCell' || node.type === 'heading') {
      const flat = flatten(node);
      // A sentence can enumerate a set too (`default`, `beluga`, `bendr`…, or 7×7, 11×11 and 19×19).
      for (const [name, members] of index.sets) {
        const named = [...members].filter((m) => flat.includes(name === 'board sizes' ? m : `\`${m}\``));
        // Prose naming three flags or codes is normal ("repeat `--name` and `--url`, then `--browser`");
        // four is a list, and so are three board sizes in a row.
        if (named.length >= (name === 'board sizes' ? 3 : 4)) report(node, 'enumeration', `lists ${named.length} ${name} by hand (${named.slice(0, 4).join(', ')}…); render them from content/data with ::data-table or ::data-list`);
      }
      for (const { name, value, after } of besides) {
        if (flat.includes(`\`${name}\``) && after.test(flat)) report(node, 'value-beside-name', `writes \`${name}\` with its value \`${value}\` by hand; use :fact[…] or link to where it is defined`);
      }
      for (const [literal, key] of index.literals) {
        if (flat.includes(literal)) report(node, 'literal-fact', `writes \`${literal}\` by hand; use :fact[${key}] or link to where it is defined`);
      }
      const thinking = /\bthink(?:ing)?\b|\bsearch budget\b|\bstop (?:searching|thinking)\b/i;
      const figure = /\d+\s*ms\b|\bhalf\b|\bfraction\b|\bminus\b|\bmargin\b/i;
      if (node.type !== 'heading' && thinking.test(flat) && figure.test(flat) && !flat.includes('/api/introduction#how-long-to-think') && !flat.includes(':fact[game.thinking-time]')) {
        report(node, 'thinking-time', 'states a thinking-time rule; link to /api/introduction#how-long-to-think, where the one rule is stated');
      }
      return 'skip';
    }
    return undefined;
  });
  return findings;
}

/** A hand-written row naming a fact with a cell that is just one of its values. */
function checkRows(table: Table, index: FactIndex, report: (message: string) => void): void {
  for (const row of table.children.slice(1)) {
    const cells = row.children.map((cell) => flatten(cell).trim());
    for (const [name, values] of index.values) {
      const at = cells.findIndex((c) => c.includes(`\`${name}\``));
      if (at < 0) continue;
      for (const [i, cell] of cells.entries()) {
        const bare = cell.replace(/`/g, '').replace(/\s*(ms|milliseconds)$/, '');
        if (i !== at && values.has(bare)) report(`gives \`${name}\` the value \`${bare}\` in a hand-written table cell; use :fact[…]`);
      }
    }
  }
}

/** Text of a node as written, code spans in backticks, links with their URL, directives as source. */
function flatten(node: Nodes): string {
  if (node.type === 'inlineCode') return `\`${node.value}\``;
  if (node.type === 'text') return node.value;
  if (node.type === 'textDirective') return `:${node.name}[${node.children.map(flatten).join('')}]`;
  if (node.type === 'link') return `${node.children.map(flatten).join('')} (${node.url})`;
  return 'children' in node ? (node.children as Nodes[]).map(flatten).join('') : '';
}

/** What an entry starts with: its first code span (quotes dropped), or its first words of text. */
function leading(node: Nodes): string {
  let first: Nodes | undefined = node;
  while (first && first.type !== 'inlineCode' && first.type !== 'text' && 'children' in first) first = (first.children as Nodes[])[0];
  if (first?.type === 'inlineCode') return first.value.replace(/^"|"$/g, '');
  return first?.type === 'text' ? first.value.trim() : '';
}

function walk(node: Nodes, visit: (node: Nodes) => 'skip' | undefined): void {
  if (node.type === 'code' || node.type === 'leafDirective') return;
  if (visit(node) === 'skip') return;
  if ('children' in node) for (const child of node.children as Nodes[]) walk(child, visit);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** Every docs Markdown file under `root`, as `content/docs/…` paths. */
export function docsFiles(root: string): string[] {
  return readdirSync(path.join(root, 'content/docs'), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `content/docs/${f.split(path.sep).join('/')}`)
    .sort();
}
