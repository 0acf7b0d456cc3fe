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

/** Line and column of the first `"key":` in a JSON text (a key path's last part), when present. */
export function jsonKeyLocation(text: string, key: string): { line: number; column: number } | undefined {
  const at = text.search(new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`));
  return at < 0 ? undefined : locateOffset(text, at);
}
