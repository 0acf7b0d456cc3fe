/**
 * Renders facts kept in `content/data/` (see content-data.ts) as ordinary Markdown:
 *
 * - `::data-table{source="ruleset-settings" columns="id:code,default:code,meaning" headers="Setting,Default,Meaning"}`
 *   a GFM table, one row per list item (`where="field=value"` keeps some rows; a list field
 *   matches when it holds the value; `field:date`, `field:number`… format a column);
 * - `::data-list{source="elimination-causes" item="`{id}`: {when}"}` a bullet list, one item per
 *   list item, from a template of `{field}`s (`{field:date}` formats one);
 * - `:fact[game.timeout]` one value inline (`{code}` sets it as code; a list joins with commas;
 *   a record with a `value` shows that value and its `unit`, e.g. `500 ms`; a record with a
 *   `formula`, or a formula in place of the key, shows what it works out to; `{date}`,
 *   `{number}`, `{words}`… write it as fact-format.ts describes).
 *
 * What a directive renders is marked, without changing what readers see: a fact is wrapped in
 * `<span data-fact="key">`, a table or list carries `data-facts="source"`. The site's binding check
 * (test/site-content) reads those marks to tell values rendered from data from values typed by hand.
 *
 * Data text is Markdown: it is parsed with the page's own parser, so code, links and emphasis in
 * a value render (and links are checked) as if written on the page, at the directive's position.
 * A key, field or source that does not exist is an error at the directive, with the closest name.
 */
import type { List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { LeafDirective, TextDirective } from 'mdast-util-directive';
import type { Processor } from 'unified';
import type { Position } from 'unist';
import type { VFile } from 'vfile';
import { didYouMean } from '../../util/did-you-mean.ts';
import { isRecord, textOf } from '../content-data.ts';
import { DataProblem, lookupKey, type ResolveData } from '../data-lookup.ts';
import { FORMAT_OPTIONS, type FormatOptions } from '../fact-format.ts';
import { factText, resolveData, resolveFact } from '../fact-value.ts';
import { SKIP, visit } from '../visit.ts';

export type { ResolveData } from '../data-lookup.ts';

declare module 'vfile' {
  interface DataMap {
    resolveData: ResolveData;
    /** Every data file name, for "did you mean" when a source does not exist. */
    listData: () => string[];
  }
}

const directiveNames = new Set(['fact', 'data-table', 'data-list']);
/** Data directives one page may expand, values' own facts included (a guard against cycles). */
const MAX_EXPANSIONS = 5000;
/** Facts inside facts' values, one within another: a deeper chain is a value that holds itself. */
const MAX_DEPTH = 32;

/** remark plugin: replaces the data directives with the Markdown they stand for. */
export function remarkData(this: Processor) {
  const parse = (text: string) => this.parse(text) as Root;
  return (tree: Root, file: VFile) => {
    // Values may hold facts, so a fact that (through others) holds itself would never end.
    let expansions = 0;
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return undefined;
      if (node.type !== 'textDirective' && node.type !== 'leafDirective') return undefined;
      const directive = node as TextDirective | LeafDirective;
      if (!directiveNames.has(directive.name)) return undefined;
      let replacement: RootContent[];
      try {
        // A fact in a value lands inside that value's mark; its depth counts the chain.
        const mark = parent as { type: string; data?: { depth?: number } };
        const depth = mark.type === 'fact' ? (mark.data?.depth ?? 1) + 1 : 1;
        if (++expansions > MAX_EXPANSIONS || depth > MAX_DEPTH) {
          throw new DataProblem(`Expected facts that end: ${depth > MAX_DEPTH ? `facts nested ${MAX_DEPTH} deep` : `more than ${MAX_EXPANSIONS} data directives expanded on this page`}, so one value probably holds itself`, 'markdown/data-directive');
        }
        replacement = expand(directive, { file, parse, depth });
      } catch (error) {
        if (!(error instanceof DataProblem)) throw error;
        const message = file.message(error.message, { place: directive.position, ruleId: error.ruleId, source: 'sitegen' });
        message.fatal = true;
        if (error.hint) message.note = error.hint;
        replacement = [{ type: 'inlineCode', value: `${directive.name}: ${error.message}`, position: directive.position }];
        if (directive.type === 'leafDirective') replacement = [{ type: 'paragraph', children: replacement as PhrasingContent[] }];
      }
      (parent.children as RootContent[]).splice(index, 1, ...replacement);
      // Visit what came in: a value may hold `:fact[…]` itself.
      return index;
    });
  };
}

interface Context {
  file: VFile;
  parse: (text: string) => Root;
  /** How deep this directive sits in other facts' values (1 on the page itself). */
  depth: number;
}

function expand(node: TextDirective | LeafDirective, ctx: Context): RootContent[] {
  const attributes = node.attributes ?? {};
  if (node.name === 'fact') {
    const label = labelOf(node).trim();
    if (!label) throw new DataProblem('Expected a key in `:fact[…]`, e.g. `:fact[game.timeout]`', 'markdown/data-directive');
    const { code, ...options } = attributes as FormatOptions;
    const fact = resolveFact(label, ctx.file.data);
    const text = factText(fact, options);
    const isCode = code !== undefined && code !== null;
    const children: PhrasingContent[] = isCode
      ? Array.isArray(fact.value)
        ? fact.value.flatMap((v, i) => [...(i ? [{ type: 'text', value: ', ' } as const] : []), { type: 'inlineCode', value: textOf(v) } as const])
        : [{ type: 'inlineCode', value: text }]
      : inline(text, ctx);
    // The mark the binding check reads: a span the reader does not see.
    const marked = { type: 'fact', data: { hName: 'span', hProperties: { dataFact: label }, depth: ctx.depth }, children } as unknown as PhrasingContent;
    return at([marked], node.position) as RootContent[];
  }
  if (node.type !== 'leafDirective') {
    throw new DataProblem(`Expected \`::${node.name}\` on a line of its own (two colons)`, 'markdown/data-directive');
  }
  const rows = rowsOf(node, ctx);
  const block = node.name === 'data-table' ? table(node, rows, ctx) : list(node, rows, ctx);
  block.data = { hProperties: { dataFacts: node.attributes?.source ?? '' } };
  return [block];
}

/** The items of `source`, filtered by `where`. */
function rowsOf(node: LeafDirective, ctx: Context): Record<string, unknown>[] {
  const source = node.attributes?.source ?? undefined;
  const where = node.attributes?.where ?? undefined;
  if (!source) throw new DataProblem(`Expected a \`source\` attribute in \`::${node.name}\`, e.g. \`source="ruleset-settings"\``, 'markdown/data-directive');
  const value = lookupKey(source, ctx.file.data);
  if (!Array.isArray(value)) throw new DataProblem(`Expected \`${source}\` to be a list, found ${typeof value}`, 'markdown/data-directive');
  const rows = value.map((item): Record<string, unknown> => (isRecord(item) ? item : { value: item }));
  if (!where) return rows;
  const match = /^\s*([\w.-]+)\s*(!?=)\s*(.*?)\s*$/.exec(where);
  if (!match) throw new DataProblem(`Expected \`where="field=value"\`, found \`${where}\``, 'markdown/data-directive');
  const [, field, op, wanted] = match;
  checkField(field, rows, source);
  // A missing field reads as "": `where="retired="` keeps the items without a `retired`.
  const holds = (v: unknown) => (Array.isArray(v) ? v.map(String).includes(wanted) : (v === undefined || v === null ? '' : String(v)) === wanted);
  const kept = rows.filter((row) => holds(row[field]) === (op === '='));
  if (!kept.length) throw new DataProblem(`Expected some items of \`${source}\` where \`${where}\`; none matched`, 'markdown/data-directive');
  return kept;
}

function table(node: LeafDirective, rows: Record<string, unknown>[], ctx: Context): Table {
  const { columns, headers } = node.attributes ?? {};
  const source = node.attributes?.source ?? '';
  if (!columns) throw new DataProblem('Expected a `columns` attribute in `::data-table`, e.g. `columns="id:code,meaning"`', 'markdown/data-directive');
  const specs = columns.split(',').map((c) => {
    const [field, format] = c.trim().split(':');
    checkField(field, rows, source);
    return { field, format };
  });
  const titles = headers ? headers.split(',').map((h) => h.trim()) : specs.map((s) => s.field);
  if (titles.length !== specs.length) {
    throw new DataProblem(`Expected as many \`headers\` as \`columns\` (${specs.length}), found ${titles.length}`, 'markdown/data-directive');
  }
  const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
  const header: TableRow = { type: 'tableRow', children: titles.map((t) => cell(inline(t, ctx))) };
  const body = rows.map((row): TableRow => ({
    type: 'tableRow',
    children: specs.map(({ field, format }) => {
      const value = row[field];
      if (value === undefined || value === null || value === '') return cell([]);
      return cell(format === 'code' ? codeList(value) : inline(fieldText({ value, field, format, source, ctx }), ctx));
    }),
  }));
  return at({ type: 'table', align: specs.map(() => null), children: [header, ...body] }, node.position);
}

function list(node: LeafDirective, rows: Record<string, unknown>[], ctx: Context): List {
  const item = node.attributes?.item;
  const source = node.attributes?.source ?? '';
  if (!item) throw new DataProblem('Expected an `item` template in `::data-list`, e.g. `item="`{id}`: {meaning}"`', 'markdown/data-directive');
  for (const [, field] of item.matchAll(fieldRE)) checkField(field, rows, source);
  const items = rows.map((row): ListItem => {
    const text = item.replace(fieldRE, (_, field: string, format?: string) => fieldText({ value: row[field], field, format, source, ctx }));
    const paragraph: Paragraph = { type: 'paragraph', children: inline(text, ctx) };
    return { type: 'listItem', spread: false, children: [paragraph] };
  });
  return at({ type: 'list', ordered: false, spread: false, children: items }, node.position);
}

/** `{field}` or `{field:format}` in a `::data-list` template. */
const fieldRE = /\{([\w.-]+)(?::(\w+))?\}/g;

/**
 * A field's value as text: formatted when the column or template says `field:date`,
 * `field:number`…; a record with a `value` or a `formula` shows what it stands for.
 */
function fieldText(options: { value: unknown; field: string; format?: string; source: string; ctx: Context }): string {
  const { value, field, format, source, ctx } = options;
  if (format && format !== 'code' && !(FORMAT_OPTIONS as readonly string[]).includes(format)) {
    const close = didYouMean(format, FORMAT_OPTIONS);
    throw new DataProblem(`Cannot format \`${field}\` as \`${format}\`${close ? `; did you mean \`${close}\`?` : ''}`, 'markdown/data-format');
  }
  if (!format && !isRecord(value)) return textOf(value);
  const fact = resolveData(`${source}.${field}`, value, ctx.file.data);
  return factText(fact, format ? { [format]: '' } : {});
}

/** Each value of a list (or the one value) as inline code, joined with commas. */
function codeList(value: unknown): PhrasingContent[] {
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v, i): PhrasingContent[] => [...(i ? [{ type: 'text', value: ', ' } as const] : []), { type: 'inlineCode', value: textOf(v) }]);
}

/** A field some row has; else the closest field name. */
function checkField(field: string, rows: Record<string, unknown>[], source: string): void {
  if (rows.length === 0 || rows.some((row) => Object.hasOwn(row, field))) return;
  const fields = new Set(rows.flatMap((row) => Object.keys(row)));
  const close = didYouMean(field, fields);
  throw new DataProblem(
    `Cannot find the field \`${field}\` in the items of \`${source}\`${close ? `; did you mean \`${close}\`?` : ''}`,
    'markdown/data-key',
    `Fields there: ${[...fields].map((f) => `\`${f}\``).join(', ')}.`,
  );
}

/** `text` parsed as Markdown, as phrasing (paragraphs joined by a space). */
function inline(text: string, ctx: Context): PhrasingContent[] {
  const root = ctx.parse(text);
  // Only `:fact` is a directive in data text; anything else (`10:30`) is the text as written,
  // taken from the data now (later its position is the page's, not the data's).
  visit(root, (node, index, parent) => {
    if (!parent || index === undefined || !('name' in node) || node.name === 'fact' || node.type === 'containerDirective') return undefined;
    if (node.type !== 'textDirective' && node.type !== 'leafDirective') return undefined;
    const value = text.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0);
    (parent.children as RootContent[]).splice(index, 1, { type: 'text', value });
    return [SKIP, index + 1];
  });
  const out: PhrasingContent[] = [];
  for (const block of root.children) {
    if (out.length) out.push({ type: 'text', value: ' ' });
    if (block.type === 'paragraph') out.push(...block.children);
    else out.push({ type: 'text', value: text });
  }
  return out;
}

/** Gives every node the directive's position: diagnostics and link checks point at it. */
function at<T>(node: T, position: Position | undefined): T {
  const walk = (n: { position?: Position; children?: unknown[] }) => {
    n.position = position;
    n.children?.forEach((c) => walk(c as typeof n));
  };
  if (Array.isArray(node)) node.forEach(walk);
  else walk(node as { position?: Position });
  return node;
}

/** The label text of `:fact[label]` as written. */
function labelOf(node: TextDirective | LeafDirective): string {
  return node.children.map((c) => ('value' in c ? c.value : '')).join('');
}
