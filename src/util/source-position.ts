import { createRequire } from 'node:module';
import type { EcmaScriptModule, Node, Program } from 'oxc-parser';
import { locateOffset } from './json-location.ts';

// Positions in site.config.ts and sidebars files, read from the file's syntax tree (oxc-parser),
// so that a key path (`navbar.items[1].to`) or a link is found where it is, not where its name
// or text first appears (in a comment, in another object, in an earlier item).

/** A key path into a value: object keys and array indexes, outermost first. */
export type KeyPath = readonly (string | number)[];

/** 1-based line and column. */
export interface Position { line: number; column: number }

/** The syntax tree of one file, and where things are in it. */
export interface SourceTree {
  /**
   * Where the value at `path` of the module's exported value is written: for a last part that
   * is a key, the key; for an index, the element. Undefined when the path cannot be followed
   * in the source (a value computed at run time, a spread, a missing key).
   */
  locatePath(path: KeyPath): Position | undefined;
  /** Where the first string literal whose value is `value` is (comments are not code). */
  locateString(value: string): Position | undefined;
  /**
   * Where the specifier `spec` of an `import`/`export … from` statement is, from the parser's
   * module record; else (a `require` or `import()`) the first string literal of that value.
   */
  locateImport(spec: string): Position | undefined;
}

/**
 * Parses `text`, the source of `file` (TypeScript, JavaScript or JSON, by its extension). Parsing
 * happens at the first question, so a caller makes one where a problem might need it and pays
 * only when one does. A file that does not parse answers `undefined` to everything.
 */
export function createSourceTree(file: string, text: string): SourceTree {
  let parsed: Parsed | null | undefined;
  const tree = () => (parsed === undefined ? (parsed = parse(file, text)) : parsed);
  const at = (node: Node | undefined, shift: number) => (node ? locateOffset(text, node.start - shift) : undefined);
  return {
    locatePath(path) {
      const p = tree();
      if (!p) return undefined;
      const root = file.endsWith('.json') ? expressionOf(p.program) : exportedValue(p.program);
      return at(follow(p.program, root, path), p.shift);
    },
    locateString(value) {
      const p = tree();
      return p ? at(firstString(p.program, value), p.shift) : undefined;
    },
    locateImport(spec) {
      const p = tree();
      if (!p) return undefined;
      const requests = [...p.module.staticImports.map((i) => i.moduleRequest), ...p.module.staticExports.flatMap((e) => e.entries.map((entry) => entry.moduleRequest))];
      const found = requests.find((r) => r?.value === spec);
      return found ? locateOffset(text, found.start - p.shift) : this.locateString(spec);
    },
  };
}

interface Parsed { program: Program; module: EcmaScriptModule; shift: number }

const require = createRequire(import.meta.url);

function parse(file: string, text: string): Parsed | null {
  // Loaded on first use: the native parser costs ~0.1 s to load, and only problems need it.
  const { parseSync } = require('oxc-parser') as typeof import('oxc-parser');
  // JSON is a JavaScript expression; parenthesised, it parses as one (offsets move by one).
  const json = file.endsWith('.json');
  let result = parseSync(json ? 'sidebars.js' : file, json ? `(${text})` : text);
  // Docusaurus sites write JSX in `.js` files (their Babel reads it): read them as JSX then.
  if (!json && /\.[cm]?js$/.test(file) && result.errors.some((e) => e.severity === 'Error')) result = parseSync(file, text, { lang: 'jsx' });
  return result.errors.some((e) => e.severity === 'Error') ? null : { program: result.program, module: result.module, shift: json ? 1 : 0 };
}

type AnyNode = Node & Record<string, unknown>;

function expressionOf(program: Program): Node | undefined {
  const first = program.body[0];
  return first?.type === 'ExpressionStatement' ? first.expression : undefined;
}

/** `export default X` or `module.exports = X`, with X unwrapped (see `unwrap`). */
function exportedValue(program: Program): Node | undefined {
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') return unwrap(program, statement.declaration as Node);
    if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const { left, right } = statement.expression;
      if (left.type === 'MemberExpression' && !left.computed && left.object.type === 'Identifier' && left.object.name === 'module'
        && left.property.type === 'Identifier' && left.property.name === 'exports') return unwrap(program, right);
    }
  }
  return undefined;
}

/**
 * The literal a value is written as: through `as`/`satisfies`/parentheses, a call's first
 * argument (`defineConfig({ … })`) and a name declared at the top level (`const config = { … }`).
 */
function unwrap(program: Program, node: Node | undefined, seen = new Set<string>()): Node | undefined {
  let n = node as AnyNode | undefined;
  for (;;) {
    if (!n) return undefined;
    if (n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression' || n.type === 'ParenthesizedExpression' || n.type === 'TSNonNullExpression') n = n.expression as AnyNode;
    else if (n.type === 'CallExpression') n = (n.arguments as AnyNode[])[0];
    else if (n.type === 'Identifier' && !seen.has(n.name as string)) {
      seen.add(n.name as string);
      n = declaredValue(program, n.name as string) as AnyNode | undefined;
    } else return n;
  }
}

/** The initial value of a top-level `const`/`let`/`var` named `name` (exported or not). */
function declaredValue(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations) {
      if (d.id.type === 'Identifier' && d.id.name === name) return d.init ?? undefined;
    }
  }
  return undefined;
}

/** The node of the last part of `path` from `root`: a property's key, or an array element. */
function follow(program: Program, root: Node | undefined, path: KeyPath): Node | undefined {
  let value = unwrap(program, root);
  let found: Node | undefined = value;
  for (const part of path) {
    if (!value) return undefined;
    if (typeof part === 'number') {
      if (value.type !== 'ArrayExpression') return undefined;
      // After a spread, indexes in the source no longer match those of the value.
      const before = value.elements.slice(0, part + 1);
      if (before.some((e) => !e || e.type === 'SpreadElement')) return undefined;
      found = value.elements[part] as Node | undefined;
      value = unwrap(program, found);
    } else {
      if (value.type !== 'ObjectExpression') return undefined;
      // The last property of that name wins, as in the value; a spread after it might override it.
      let index = value.properties.length - 1;
      while (index >= 0 && !isKey(value.properties[index] as AnyNode, part)) index--;
      if (index < 0 || value.properties.slice(index + 1).some((p) => p.type === 'SpreadElement')) return undefined;
      const property = value.properties[index] as Extract<typeof value.properties[number], { type: 'Property' }>;
      found = property.key;
      value = unwrap(program, property.value as Node);
    }
  }
  return found;
}

function isKey(property: AnyNode, name: string): boolean {
  return property.type === 'Property' && keyName(property.key as AnyNode, property.computed as boolean) === name;
}

/** A property key's name: `a`, `'a'`, `"a"`, `1`; a computed key (`[x]`) has none. */
function keyName(key: AnyNode, computed: boolean): string | undefined {
  if (key.type === 'Identifier' && !computed) return key.name as string;
  if (key.type === 'Literal' && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  return undefined;
}

/** The first string literal (or template without substitutions) whose value is `value`. */
function firstString(program: Program, value: string): Node | undefined {
  let best: Node | undefined;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const n = node as AnyNode;
    if (typeof n.type === 'string' && typeof n.start === 'number' && best && n.start > best.start) return;
    const matches = (n.type === 'Literal' && n.value === value)
      || (n.type === 'TemplateLiteral' && (n.expressions as unknown[]).length === 0 && (n.quasis as { value: { cooked: string } }[])[0]?.value.cooked === value);
    if (matches && (!best || n.start < best.start)) best = n;
    for (const key in n) if (key !== 'parent') visit(n[key]);
  };
  visit(program.body);
  return best;
}
