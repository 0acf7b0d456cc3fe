/**
 * Issue 27 B19: the docs name one caller for the four endpoints. The engine makes every call,
 * `GET /` included (the play site only asks it to, on Ping or when it draws a snake), and the
 * `serpent` CLI makes them in local games. A sentence that has anything else call an endpoint
 * contradicts /api/introduction's diagram.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './code-blocks.ts';

const docsDir = path.join(repoRoot, 'content/docs');
const pages = (readdirSync(docsDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).map((rel) => {
  // Code blocks hold no claims about who calls whom; blank them out, keeping the line count.
  const text = readFileSync(path.join(docsDir, rel), 'utf8').replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
  return { file: `content/docs/${rel.split(path.sep).join('/')}`, text };
});

/** A verb that has something send an endpoint request: "calls `GET /`", "sends `POST /start`". */
const callRE = /\b(?:calls?|called|calling|sends?|makes? [a-z ]*?call)\s+`(?:GET|POST) \/[a-z]*`/g;

describe('who calls the endpoints', () => {
  it('is the engine (or the CLI) in every sentence that says', () => {
    const problems: string[] = [];
    let found = 0;
    for (const { file, text } of pages) {
      for (const match of text.matchAll(callRE)) {
        found++;
        // The sentence up to the verb: from the last full stop, line break or list marker.
        const before = text.slice(0, match.index);
        const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
        let sentence = before.slice(start) + match[0];
        // "It calls …" goes on from the sentence before: read that one too.
        if (/^\s*It\b/.test(sentence)) sentence = before.slice(before.lastIndexOf('. ', start - 3) + 1) + match[0];
        if (!/\bengine\b|\bCLI\b|`serpent`/.test(sentence)) {
          const line = before.split('\n').length;
          problems.push(`${file}:${line}: "${sentence.trim()}" names another caller than the engine`);
        }
      }
    }
    expect(found).toBeGreaterThanOrEqual(5);
    expect(problems).toEqual([]);
  });

  it('is never the play site or the dashboard, even as "it"', () => {
    const problems = pages.flatMap(({ file, text }) => [...text.matchAll(/\b(?:play site|dashboard)(?: immediately| then| also)? calls\b[^.\n]*/g)]
      .map((m) => `${file}:${text.slice(0, m.index).split('\n').length}: "${m[0]}"`));
    expect(problems).toEqual([]);
  });
});
