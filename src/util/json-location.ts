import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Scalar } from 'yaml';

/** 1-based line and column of `offset` in `text`. */
export function locateOffset(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/**
 * Where a `JSON.parse` error is, from the position Node gives in its message (`… at position 12`,
 * or `(line 2 column 5)`); undefined when the message has none.
 */
export function jsonErrorLocation(text: string, error: Error): { line: number; column: number } | undefined {
  const lineColumn = /line (\d+) column (\d+)/.exec(error.message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const at = /position (\d+)/.exec(error.message);
  return at ? locateOffset(text, Number(at[1])) : undefined;
}

/**
 * Line and column of what `path` names in a JSON text, found by parsing it (the `yaml` parser
 * reads JSON, with positions): the key of the innermost member the path reaches (`["link",
 * "description"]` is the `description` inside `link`, not a top-level one), the element itself
 * for an index. Undefined when the text does not parse or nothing of the path is there.
 *
 * @example
 * jsonPathLocation('{\n  "link": { "slug": 3 }\n}', ['link', 'slug']) // { line: 2, column: 13 }
 */
export function jsonPathLocation(text: string, path: readonly PropertyKey[]): { line: number; column: number } | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, keepSourceTokens: false });
  if (doc.errors.length) return undefined;
  let node: unknown = doc.contents;
  let found: number | undefined;
  for (const part of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
      if (!pair) break;
      found = (pair.key as Scalar).range?.[0] ?? found;
      node = pair.value;
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as { range?: [number, number, number] } | undefined;
      if (!item) break;
      found = item.range?.[0] ?? found;
      node = item;
    } else {
      break;
    }
  }
  if (found === undefined) return undefined;
  const { line, col } = lineCounter.linePos(found);
  return { line, column: col };
}
