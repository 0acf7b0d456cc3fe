import { describe, expect, it } from 'vitest';
import { createParseGuard, deepestNesting, isRefusal, MAX_NESTING } from '../../src/markdown/parse-guard.ts';
import { formatDiagnostics, renderFor } from './render-for.ts';

describe('deepestNesting', () => {
  it('counts markers on a line and the indentation of a line that opens an item', () => {
    expect(deepestNesting('Just text.\n\n- a\n  - b\n    - c\n')).toEqual({ depth: 3, line: 5 });
    expect(deepestNesting('> > > quoted\n- - - x\n').depth).toBe(3);
    expect(deepestNesting('1. one\n   1) two\n').depth).toBe(2);
  });

  it('skips fenced code, whatever it holds', () => {
    expect(deepestNesting(`\`\`\`text\n${'- '.repeat(500)}\n\`\`\`\n- after\n`)).toEqual({ depth: 1, line: 4 });
  });
});

describe('the parse guard', () => {
  it('refuses lists nested deeper than MAX_NESTING, at the line, before parsing', async () => {
    const source = `Intro.\n\n${'- '.repeat(5000)}deep\n`;
    const result = await renderFor(source, { lineOffset: 3 });
    expect(formatDiagnostics(result)).toEqual([
      `content/docs/page.md:6:1  error  Cannot parse lists or quotes nested 5000 levels deep; sitegen stops at ${MAX_NESTING}  markdown/too-deep`,
    ]);
    expect(result.diagnostics[0].hint).toBe('Flatten the nesting: the Markdown parser slows down sharply on deep lists.');
    expect(result.html).toBe('');
    // Indented items count too (500 levels of them took 25 s to parse).
    const indented = Array.from({ length: 500 }, (_, i) => `${' '.repeat(2 * i)}- item`).join('\n');
    expect((await renderFor(indented)).diagnostics.map((d) => d.ruleId)).toEqual(['markdown/too-deep']);
  });

  it('leaves ordinary nesting alone', async () => {
    const nested = Array.from({ length: 8 }, (_, i) => `${' '.repeat(2 * i)}- level ${i + 1}`).join('\n');
    const result = await renderFor(nested);
    expect(result.diagnostics).toEqual([]);
    expect(result.html.match(/<ul>/g)).toHaveLength(8);
  });

  it('stops a parse that runs past its deadline, and the next parse works', () => {
    const guard = createParseGuard({ baseMs: 200 });
    // A stand-in for a parser stuck on some input: it never returns on its own.
    const stuck = guard('x'.repeat(20_000), () => {
      for (;;) { /* spin */ }
    });
    expect(isRefusal(stuck) && stuck.ruleId).toBe('markdown/too-slow');
    expect(guard('x'.repeat(20_000), () => 'parsed')).toBe('parsed');
  });
});
