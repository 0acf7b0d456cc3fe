import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

// Issue 17 › 1: the build never depends on the browser theme. A theme override (a site's own
// theme/ folder) must not be able to change how the build indexes or checks a site, so nothing
// in src/ imports from theme/ (the theme may import shared code from src/).
const repo = path.resolve(import.meta.dirname, '../..');

describe('layering', () => {
  it('has no import from theme/ anywhere in src/', () => {
    const offenders: string[] = [];
    for (const rel of readdirSync(path.join(repo, 'src'), { recursive: true }) as string[]) {
      if (!/\.tsx?$/.test(rel)) continue;
      const text = readFileSync(path.join(repo, 'src', rel), 'utf8');
      for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(path.join(repo, 'src', rel)), m[1]);
        if (m[1].startsWith('.') && target.startsWith(path.join(repo, 'theme') + path.sep)) offenders.push(`src/${rel} imports ${m[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});

// Issue 17 › done when: small modules and small functions, so each reads in one sitting.
describe('size', () => {
  const limits = { moduleLines: 300, functionLines: 100 };
  const sources = ['src', 'theme', 'bin'].flatMap((dir) => (readdirSync(path.join(repo, dir), { recursive: true }) as string[])
    .filter((rel) => /\.tsx?$/.test(rel) && !rel.endsWith('.d.ts'))
    .map((rel) => `${dir}/${rel.split(path.sep).join('/')}`));

  it(`has no module over ${limits.moduleLines} lines`, () => {
    const long = sources.map((file) => ({ file, lines: readFileSync(path.join(repo, file), 'utf8').split('\n').length }))
      .filter((m) => m.lines > limits.moduleLines);
    expect(long).toEqual([]);
  });

  it(`has no function or component over ${limits.functionLines} lines`, () => {
    const long: string[] = [];
    for (const file of sources) {
      const text = readFileSync(path.join(repo, file), 'utf8');
      const { program, errors } = parseSync(file, text);
      expect(errors, file).toEqual([]);
      const lineOf = lineIndex(text);
      const visit = (node: unknown, name: string) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach((child) => visit(child, name));
        const n = node as { type?: string; start: number; end: number; id?: { name?: string }; key?: { name?: string }; body?: unknown };
        const own = n.id?.name ?? n.key?.name ?? name;
        if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(n.type ?? '') && n.body) {
          const lines = lineOf(n.end) - lineOf(n.start) + 1;
          if (lines > limits.functionLines) long.push(`${file}:${lineOf(n.start)} ${own || '(anonymous)'} (${lines} lines)`);
        }
        for (const [key, child] of Object.entries(n)) if (key !== 'parent') visit(child, n.type === 'VariableDeclarator' || n.type === 'Property' || n.type === 'MethodDefinition' ? own : name);
      };
      visit(program, '');
    }
    expect(long).toEqual([]);
  });
});

/** 1-based line of an offset. */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}
