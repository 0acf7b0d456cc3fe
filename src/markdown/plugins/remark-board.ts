/**
 * Renders ```board fenced blocks (the content guide's board format) as accessible SVG diagrams.
 * A malformed block is reported with the position of the problem and left as a plain code block,
 * so the page still builds and shows what was written.
 */
import type { Root } from 'mdast';
import { visit } from '../visit.ts';
import type { VFile } from 'vfile';
import { parseBoard } from '../board/parse-board.ts';
import { renderBoard } from '../board/render-board.ts';

/** remark plugin: replaces valid `board` code blocks with a `<figure class="board-diagram">`. */
export function remarkBoard() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node, index, parent) => {
      if (node.lang !== 'board' || !parent || index === undefined) return;
      const { board, problems } = parseBoard(node.value);
      const start = node.position?.start;

      for (const problem of problems) {
        // Line 0 is the fence; content lines keep the fence's indentation (stripped from `value`).
        const place = start && {
          line: start.line + problem.line,
          column: problem.line === 0 ? start.column : start.column + problem.column,
        };
        file.message(problem.message, { place, ruleId: 'markdown/board', source: 'sitegen' });
      }
      if (!board) return;

      file.data.boardCount = (file.data.boardCount ?? 0) + 1;
      const figure = renderBoard({ board, id: `board-${file.data.boardCount}` });
      parent.children[index] = {
        type: 'boardDiagram',
        position: node.position,
        data: { hName: 'figure', hProperties: figure.properties, hChildren: figure.children },
        children: [],
      } as unknown as Root['children'][number];
    });
  };
}
