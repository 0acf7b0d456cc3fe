/**
 * Block-level Markdown for the synthetic corpus: fenced code (js/ts/python/json with titles and
 * line highlights), GFM tables, lists, admonitions, KaTeX math and `board` diagrams — each in the
 * shapes the content guide (`/work/brief/content-guide.md`) documents.
 */
import { capitalize, type LinkSource, type Prose } from './prose.ts';
import type { Random } from './random.ts';

const admonitionTypes = ['note', 'tip', 'info', 'warning', 'caution', 'danger'] as const;
const codeLanguages = [['js', 4], ['ts', 3], ['python', 3], ['json', 3]] as const;
const extensions: Record<string, string> = { js: 'js', ts: 'ts', python: 'py', json: 'json' };

/** Block generators sharing one random stream and prose source. */
export interface Blocks {
  code(): string;
  table(link?: LinkSource): string;
  list(link?: LinkSource): string;
  admonition(link?: LinkSource): string;
  displayMath(): string;
  inlineMath(): string;
  board(): string;
  quote(): string;
}

/** Creates the block generators. */
export function createBlocks(rng: Random, prose: Prose): Blocks {
  const inlineMath = () => rng.pick([
    () => String.raw`$O(n \log n)$`,
    () => String.raw`$\mu - 3\sigma$`,
    () => `$x_{${rng.int(0, 9)}} + y_{${rng.int(0, 9)}}$`,
    () => String.raw`$\frac{${rng.int(1, 9)}}{${rng.int(2, 12)}}$`,
    () => `$2^{${rng.int(2, 16)}}$`,
    () => String.raw`$\sqrt{${rng.int(2, 400)}}$`,
    () => String.raw`$p \approx 0.${rng.int(10, 99)}$`,
    () => String.raw`$|a_x - b_x| + |a_y - b_y|$`,
  ])();

  const blocks: Blocks = {
    inlineMath,
    code() {
      const lang = rng.weighted(codeLanguages);
      const lines = (lang === 'json' ? jsonCode : lang === 'python' ? pythonCode : scriptCode)(rng, prose, lang === 'ts');
      const meta: string[] = [];
      if (rng.chance(0.6)) meta.push(`title="${rng.pick(['src', 'lib', 'app', 'examples', 'server'])}/${prose.identifier()}.${extensions[lang]}"`);
      if (rng.chance(0.4)) meta.push(`{${highlightRanges(rng, lines.length)}}`);
      return [`\`\`\`${lang}${meta.length ? ` ${meta.join(' ')}` : ''}`, ...lines, '```'].join('\n');
    },
    table(link) {
      const columns = rng.int(3, 5);
      const rows = rng.int(3, 8);
      const header = Array.from({ length: columns }, (_, i) => (i === 0 ? capitalize(prose.noun()) : prose.title(1, 2)));
      const align = header.map((_, i) => (i > 0 && rng.chance(0.2) ? (rng.chance(0.5) ? ':---:' : '---:') : '---'));
      const kinds = header.map((_, i) => (i === 0 ? 'code' : rng.pick(['text', 'number', 'code', 'text'])));
      const cell = (kind: string) => {
        if (kind === 'code') return `\`${prose.identifier()}\``;
        if (kind === 'number') return rng.chance(0.3) ? `${rng.int(1, 999)} ms` : String(rng.int(0, 10_000));
        const text = prose.title(1, 5).toLowerCase();
        const target = link && rng.chance(0.1) ? link() : undefined;
        return target ? `${capitalize(text)}, see ${target}` : capitalize(text);
      };
      const lines = [
        `| ${header.join(' | ')} |`,
        `| ${align.join(' | ')} |`,
        ...Array.from({ length: rows }, () => `| ${kinds.map(cell).join(' | ')} |`),
      ];
      return lines.join('\n');
    },
    list(everyLink) {
      const link = everyLink && (() => (rng.chance(0.25) ? everyLink() : undefined));
      const ordered = rng.chance(0.35);
      const count = rng.int(3, 7);
      const items: string[] = [];
      for (let i = 0; i < count; i++) {
        const marker = ordered ? `${i + 1}.` : '-';
        const text = rng.chance(0.5) ? prose.sentence({ link }) : `**${prose.title(1, 3)}**: ${prose.sentence({ link })}`;
        items.push(`${marker} ${text}`);
        if (!ordered && rng.chance(0.1)) items.push(`  - ${prose.sentence()}`);
      }
      return items.join('\n');
    },
    admonition(link) {
      const type = rng.pick(admonitionTypes);
      const title = rng.chance(0.4) ? ` ${prose.title(2, 5)}` : '';
      const body = [prose.paragraph({ link, sentences: [1, 3] })];
      if (rng.chance(0.25)) body.push(blocks.list(link));
      if (rng.chance(0.1)) body.push(blocks.code());
      return [`:::${type}${title}`, '', body.join('\n\n'), '', ':::'].join('\n');
    },
    displayMath() {
      const formula = rng.pick([
        () => String.raw`\sum_{i=1}^{n} w_i x_i \le ${rng.int(10, 500)}`,
        () => String.raw`r = \left\lfloor \frac{10^4}{1 + e^{-(\mu - 3\sigma)/${rng.int(2, 40)}}} \right\rfloor`,
        () => String.raw`d(a, b) = |a_x - b_x| + |a_y - b_y|`,
        () => String.raw`E[X] = \sum_{k=0}^{\infty} k \, P(X = k)`,
        () => String.raw`\begin{aligned} t_{total} &= t_{net} + t_{cpu} \\ &\le ${rng.int(100, 900)}\,\text{ms} \end{aligned}`,
        () => String.raw`h_{t+1} = \max\left(0, h_t - 1 - ${rng.int(1, 20)} \cdot \mathbb{1}_{hazard}\right)`,
        () => String.raw`P(\text{win}) \approx \frac{1}{1 + 10^{(R_b - R_a)/${rng.int(200, 800)}}}`,
      ])();
      return ['$$', formula, '$$'].join('\n');
    },
    board: () => board(rng, prose),
    quote: () => `> ${prose.paragraph({ sentences: [1, 3] })}`,
  };
  return blocks;
}

/** `2,4-6`: one to three ranges inside `1..lines`. */
function highlightRanges(rng: Random, lines: number): string {
  const ranges: string[] = [];
  let at = 1;
  for (let i = rng.int(1, 3); i > 0 && at <= lines; i--) {
    const start = rng.int(at, Math.min(lines, at + 3));
    const end = Math.min(lines, start + rng.int(0, 2));
    ranges.push(start === end ? `${start}` : `${start}-${end}`);
    at = end + 2;
  }
  return ranges.join(',');
}

function scriptCode(rng: Random, prose: Prose, typed: boolean): string[] {
  const fn = prose.identifier();
  const param = prose.identifier();
  const key = () => prose.identifier();
  const lines: string[] = [];
  if (rng.chance(0.5)) lines.push(`import { ${prose.identifier()} } from '${rng.pick(['node:http', 'node:fs/promises', './utils.js', '@serpent/sdk'])}';`, '');
  if (typed) lines.push(`interface ${capitalize(param)}Options {`, `  ${key()}: string;`, `  ${key()}?: number;`, '}', '');
  lines.push(`export ${rng.chance(0.5) ? 'async ' : ''}function ${fn}(${param}${typed ? `: ${capitalize(param)}Options` : ''}, limit = ${rng.int(1, 500)}) {`);
  const statements = [
    () => `  const ${key()} = ${param}.${key()} ?? ${rng.int(0, 100)};`,
    () => `  if (!${param}.${key()}) throw new Error('${prose.title(2, 5).toLowerCase()}');`,
    () => `  const ${key()} = await fetch(\`/api/${key()}\`, { method: 'POST' });`,
    () => `  for (const item of ${param}.${key()}s ?? []) console.log(item.${key()});`,
    () => `  // ${prose.sentence()}`,
    () => `  const ${key()} = [${Array.from({ length: rng.int(2, 5) }, () => rng.int(0, 99)).join(', ')}].filter((n) => n < limit);`,
  ];
  for (let i = rng.int(2, 9); i > 0; i--) lines.push(rng.pick(statements)());
  lines.push(`  return { ${key()}: ${rng.chance(0.5) ? 'true' : `'${rng.pick(['up', 'down', 'left', 'right'])}'`}, limit };`, '}');
  return lines;
}

function pythonCode(rng: Random, prose: Prose): string[] {
  const snake = (text: string) => text.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const fn = snake(prose.identifier());
  const lines: string[] = [];
  if (rng.chance(0.6)) lines.push(rng.pick(['import json', 'import random', 'from dataclasses import dataclass', 'from typing import Any']), '');
  lines.push(`def ${fn}(data, limit=${rng.int(1, 500)}):`);
  lines.push(`    """${capitalize(prose.sentence())}"""`);
  const statements = [
    () => `    ${snake(prose.identifier())} = data.get("${snake(prose.identifier())}", ${rng.int(0, 100)})`,
    () => `    if data["turn"] > limit:\n        return {"move": "${rng.pick(['up', 'down', 'left', 'right'])}"}`,
    () => `    for item in data["board"]["${rng.pick(['snakes', 'food', 'hazards'])}"]:\n        print(item)`,
    () => `    # ${prose.sentence()}`,
    () => `    ${snake(prose.identifier())} = [n for n in range(${rng.int(2, 20)}) if n % ${rng.int(2, 5)} == 0]`,
  ];
  for (let i = rng.int(2, 7); i > 0; i--) lines.push(...rng.pick(statements)().split('\n'));
  lines.push(`    return {"move": "${rng.pick(['up', 'down', 'left', 'right'])}", "shout": "${prose.title(1, 3).toLowerCase()}"}`);
  return lines;
}

function jsonCode(rng: Random, prose: Prose): string[] {
  const value = (depth: number): unknown => {
    const kind = rng.weighted([['string', 4], ['number', 3], ['boolean', 1], ['array', depth < 2 ? 2 : 0], ['object', depth < 2 ? 2 : 0]] as const);
    if (kind === 'string') return prose.title(1, 3).toLowerCase();
    if (kind === 'number') return rng.int(0, 1000);
    if (kind === 'boolean') return rng.chance(0.5);
    if (kind === 'array') return Array.from({ length: rng.int(1, 4) }, () => (rng.chance(0.5) ? rng.int(0, 10) : { x: rng.int(0, 10), y: rng.int(0, 10) }));
    return object(depth + 1);
  };
  const object = (depth: number) => Object.fromEntries(Array.from({ length: rng.int(2, 5) }, () => [prose.identifier(), value(depth)]));
  return JSON.stringify(object(0), null, 2).split('\n');
}

/** A valid board diagram: 7×7 or 11×11, one or two straight snakes, food and hazards. */
function board(rng: Random, prose: Prose): string {
  const size = rng.chance(0.7) ? 7 : 11;
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => '.'));
  const set = (x: number, y: number, cell: string) => { grid[size - 1 - y][x] = cell; };
  const free = (x: number, y: number) => grid[size - 1 - y][x] === '.';
  // Snake A lies along one row facing right, snake B along another facing left.
  const yA = rng.int(0, size - 1);
  const yB = (yA + rng.int(2, size - 2)) % size;
  const lengthA = rng.int(2, 4);
  const xA = rng.int(lengthA, size - 1);
  set(xA, yA, 'A');
  for (let i = 1; i <= lengthA; i++) set(xA - i, yA, 'a');
  const two = rng.chance(0.6);
  let xB = 0;
  if (two) {
    const lengthB = rng.int(1, 3);
    xB = rng.int(0, size - 1 - lengthB);
    set(xB, yB, 'B');
    for (let i = 1; i <= lengthB; i++) set(xB + i, yB, 'b');
  }
  const food: string[] = [];
  for (let placed = 0, tries = 0; placed < rng.int(1, 3) && tries < 50; tries++) {
    const x = rng.int(0, size - 1), y = rng.int(0, size - 1);
    if (!free(x, y)) continue;
    set(x, y, '*');
    food.push(`(${x},${y})`);
    placed++;
  }
  for (let i = rng.int(0, 4); i > 0; i--) {
    const x = rng.int(0, size - 1), y = rng.int(0, size - 1);
    if (free(x, y)) set(x, y, rng.chance(0.8) ? '#' : String(rng.int(2, 4)));
  }
  const description = `You (A) are at (${xA},${yA}) facing right${two ? `; the rival (B) is at (${xB},${yB}) facing left` : ''}; food is at ${food.join(' and ') || 'no square'}.`;
  return [
    '```board',
    `title: ${prose.title(3, 6)}`,
    `description: ${description}`,
    `snakes: A=You${two ? ', B=Rival' : ''}`,
    ...(rng.chance(0.5) ? [`caption: ${capitalize(prose.title(4, 8).toLowerCase())}.`] : []),
    '',
    ...grid.map((row) => row.join(' ')),
    '```',
  ].join('\n');
}
