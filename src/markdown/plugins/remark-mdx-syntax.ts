/**
 * sitegen builds Markdown, not MDX. A Docusaurus `.md` file may still hold MDX: `import` and
 * `export` lines, JSX elements such as `<Tabs>`/`<TabItem>`, and `{/* comments *\/}`. Plain
 * Markdown reads them as paragraphs and raw HTML, which would publish `import Tabs from …` as
 * text and `<Tabs>` as an unknown element. This plugin drops them (a JSX element's tags go, the
 * Markdown between them stays) and reports the file once, at the first one, so the author knows
 * what to rewrite. Code (fenced or inline) is never touched: it is not HTML in the tree.
 */
import type { Html, Paragraph, Parent, Root, RootContent } from 'mdast';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';

/** An `import`/`export` statement paragraph (`import Tabs from '@theme/Tabs';`). */
const esmRE = /^(?:import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"]|export\s+(?:default\s+|const\s+|let\s+|function\s+|\{))/;
/** A paragraph that is only a JSX comment; the truncate marker is remark-truncate's. */
const commentRE = /^\{\s*\/\*([\s\S]*?)\*\/\s*\}$/;
/** A JSX tag: an element name starting with a capital letter (`<Tabs>`, `</TabItem>`, `<Foo.Bar />`). */
const jsxTagRE = /<\/?[A-Z][\w.]*(?:\s(?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)?\/?>/g;

/** remark plugin: drops MDX syntax from a Markdown file and reports it (`markdown/mdx-syntax`). */
export function remarkMdxSyntax() {
  return (tree: Root, file: VFile) => {
    const found: { what: string; node: RootContent }[] = [];

    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'paragraph') {
        const text = paragraphText(node);
        const comment = commentRE.exec(text);
        if (esmRE.test(text) || (comment && comment[1].trim() !== 'truncate')) {
          found.push({ what: firstLine(text), node });
          (parent as Parent).children.splice(index, 1);
          return [SKIP, index];
        }
        return;
      }
      if (node.type !== 'html') return;
      const tags = node.value.match(jsxTagRE);
      if (!tags) return;
      found.push({ what: tags[0], node });
      const rest = node.value.replace(jsxTagRE, '').trim();
      if (rest) {
        (node as Html).value = rest;
        return;
      }
      (parent as Parent).children.splice(index, 1);
      return [SKIP, index];
    });

    if (found.length === 0) return;
    const [first] = found;
    const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
    file.message(`Cannot build MDX in a Markdown file: \`${first.what}\`${more} was left out: the file is read as Markdown; name it \`.mdx\`, or set \`markdown.format: 'mdx'\` (Docusaurus 3's default), to build it as MDX`, {
      place: first.node.position,
      ruleId: 'markdown/mdx-syntax',
      source: 'sitegen',
    });
  };
}

/** A paragraph's text when it is only text (MDX statements and comments parse that way). */
function paragraphText(node: Paragraph): string {
  return node.children.every((c) => c.type === 'text') ? node.children.map((c) => (c as { value: string }).value).join('').trim() : '';
}

function firstLine(text: string): string {
  const line = text.split('\n')[0];
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
