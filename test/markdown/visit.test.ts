import type { Root } from 'mdast';
import { visit as libraryVisit, SKIP as LIB_SKIP, EXIT as LIB_EXIT } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { EXIT, SKIP, visit } from '../../src/markdown/visit.ts';

const tree = (): Root => ({
  type: 'root',
  children: [
    { type: 'paragraph', children: [{ type: 'text', value: 'a' }, { type: 'emphasis', children: [{ type: 'text', value: 'b' }] }] },
    { type: 'heading', depth: 2, children: [{ type: 'text', value: 'c' }] },
    { type: 'paragraph', children: [{ type: 'text', value: 'd' }] },
  ],
});

/** What a walk saw: `type:value@index`. */
function seen(walk: (t: Root, log: string[]) => void): string[] {
  const log: string[] = [];
  walk(tree(), log);
  return log;
}
const label = (node: { type: string; value?: string }, index: number | undefined) => `${node.type}${node.value ? `:${node.value}` : ''}@${index ?? '-'}`;

// Our walker must answer exactly as unist-util-visit, which the plugins were written against.
describe('visit', () => {
  it('walks in document order with index and parent, filtered by type', () => {
    expect(seen((t, log) => visit(t, (n, i) => { log.push(label(n as never, i)); }))).toEqual(
      seen((t, log) => libraryVisit(t, (n, i) => { log.push(label(n as never, i)); })),
    );
    expect(seen((t, log) => visit(t, 'text', (n, i, p) => { log.push(`${n.value}@${i} in ${p!.type}`); }))).toEqual(['a@0 in paragraph', 'b@0 in emphasis', 'c@0 in heading', 'd@0 in paragraph']);
  });

  it('skips children on SKIP and stops on EXIT', () => {
    const ours = seen((t, log) => visit(t, (n, i) => { log.push(label(n as never, i)); if (n.type === 'paragraph') return SKIP; if (n.type === 'heading') return EXIT; }));
    const theirs = seen((t, log) => libraryVisit(t, (n, i) => { log.push(label(n as never, i)); if (n.type === 'paragraph') return LIB_SKIP; if (n.type === 'heading') return LIB_EXIT; }));
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(['root@-', 'paragraph@0', 'heading@1']);
  });

  it('continues at the index returned after the parent changed, as [SKIP, index] or a number', () => {
    const run = (v: typeof visit | typeof libraryVisit, skip: typeof SKIP) => seen((t, log) => (v as typeof visit)(t, (n, i, p) => {
      log.push(label(n as never, i));
      // Remove the heading: the next paragraph moves to index 1 and must still be visited.
      if (n.type === 'heading') { p!.children.splice(i!, 1); return [skip, i!]; }
      // Replace a text with two: the walk continues after both.
      if (n.type === 'text' && n.value === 'd') { (p as { children: unknown[] }).children.splice(i!, 1, { type: 'text', value: 'd1' }, { type: 'text', value: 'd2' }); return i! + 2; }
    }));
    expect(run(visit, SKIP)).toEqual(run(libraryVisit, LIB_SKIP as typeof SKIP));
    expect(run(visit, SKIP)).toContain('paragraph@1');
  });
});
