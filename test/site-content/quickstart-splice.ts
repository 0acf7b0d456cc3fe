/**
 * Assembles a docs fragment with the quickstart's snake the way the pages tell a reader to:
 * "this replaces the quickstart's `handle`", "put this in place of `info`". A top-level
 * declaration of the fragment replaces the quickstart's declaration of the same name; any other
 * top-level statement is added just before the quickstart's last statement, the one that starts
 * the server, so that it runs before the first request; imports go to the top.
 */
import { spawnSync } from 'node:child_process';

interface Chunk { name?: string; isImport: boolean; text: string }

const declarationRE = /^(?:export\s+)?(?:async\s+)?(?:function\*?\s+|const\s+|let\s+|var\s+|class\s+)([A-Za-z_$][\w$]*)/;
const commentOnly = (lines: string[]) => lines.every((l) => l.trim() === '' || l.startsWith('//'));

/**
 * Splits JavaScript written in the docs' style into top-level statements: each starts at a line
 * in column 0 (not a closing bracket) and keeps the comment lines just above it. The docs'
 * samples are formatted this way; anything that is not would fail to run, not pass silently.
 */
export function jsChunks(source: string): Chunk[] {
  const groups: string[][] = [];
  let current: string[] | undefined;
  for (const line of source.replace(/\n+$/, '').split('\n')) {
    const startsStatement = /^[^\s}\])]/.test(line);
    if (startsStatement && !(current && commentOnly(current))) {
      current = [line];
      groups.push(current);
    } else if (current) current.push(line);
    else groups.push((current = [line]));
  }
  return groups.map((lines) => {
    const code = lines.find((l) => l.trim() !== '' && !l.startsWith('//')) ?? '';
    return { name: declarationRE.exec(code)?.[1], isImport: code.startsWith('import '), text: lines.join('\n') };
  });
}

/** The quickstart's server.js with a fragment spliced in. */
export function spliceJs(base: string, fragment: string): string {
  const chunks = jsChunks(base);
  const added: string[] = [];
  for (const piece of jsChunks(fragment)) {
    const same = piece.name === undefined ? -1 : chunks.findIndex((c) => c.name === piece.name);
    if (piece.isImport) chunks.unshift(piece);
    else if (same >= 0) chunks[same] = piece;
    else added.push(piece.text);
  }
  const texts = chunks.map((c) => c.text);
  texts.splice(texts.length - 1, 0, ...added);
  return `${texts.join('\n')}\n`;
}

/** The quickstart's server.js without the statements that start the server: its functions only. */
export function jsFunctionsOnly(base: string): string {
  return `${jsChunks(base).filter((c) => !/createServer\(|\.listen\(/.test(c.text)).map((c) => c.text).join('\n')}\n`;
}

// Python is spliced by Python's own parser: the `ast` module knows where each statement ends.
const pythonSplicer = String.raw`
import ast, json, sys
data = json.load(sys.stdin)
base, frag = data["base"].split("\n"), data["fragment"].split("\n")

def name_of(node):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return node.name
    if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id
    return None

def span(node):
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    return first - 1, node.end_lineno

base_tree = ast.parse(data["base"])
by_name = {name_of(n): n for n in base_tree.body if name_of(n)}
edits, added, imports = [], [], []
for node in ast.parse(data["fragment"]).body:
    start, end = span(node)
    text = frag[start:end]
    name = name_of(node)
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        imports += text
    elif name in by_name:
        edits.append((*span(by_name[name]), text))
    else:
        added += [""] + text + [""]
entry_start, _ = span(base_tree.body[-1])
edits.append((entry_start, entry_start, added))
for start, end, text in sorted(edits, key=lambda e: e[0], reverse=True):
    base[start:end] = text
print("\n".join(imports + base))
`;

/** The quickstart's main.py with a fragment spliced in (needs python3). */
export function splicePy(base: string, fragment: string): string {
  const result = spawnSync('python3', ['-c', pythonSplicer], { input: JSON.stringify({ base, fragment }), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`Cannot splice the Python fragment with python3: ${result.error?.message ?? result.stderr}`);
  return result.stdout;
}
