/**
 * remark-directive reads any `:name` in text as a directive, so ordinary prose such as `key:value`
 * or `10:30` would silently lose characters. Like Docusaurus, we turn every directive that no
 * plugin claimed back into the text exactly as written (sliced from the source).
 *
 * Must run after the plugins that handle directives (they mark claimed nodes with `data.hName`).
 */
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { SKIP, visit } from '../visit.ts';
import type { VFile } from 'vfile';

type Directive = ContainerDirective | LeafDirective | TextDirective;

/** remark plugin: restores unclaimed directives as plain text; warns about unknown containers. */
export function remarkDirectiveFallback() {
  return (tree: Root, file: VFile) => {
    const source = String(file.value);
    const touched = new Set<Parent>();

    visit(tree, (node, index, parent) => {
      if (!isDirective(node) || node.data?.hName || !parent || index === undefined) return;
      touched.add(parent);
      const text = sourceOf(node, source);

      if (node.type === 'textDirective') {
        parent.children.splice(index, 1, textNode(text, node));
        return [SKIP, index + 1];
      }
      if (node.type === 'leafDirective') {
        const paragraph: Paragraph = { type: 'paragraph', children: [textNode(text, node)], position: node.position };
        parent.children.splice(index, 1, paragraph);
        return [SKIP, index + 1];
      }

      file.message(`Cannot find container directive \`:::${node.name}\`; its content is shown as written`, {
        place: node.position,
        ruleId: 'markdown/unknown-directive',
        source: 'sitegen',
      });
      parent.children.splice(index, 1, ...unwrapContainer(node, text));
      // Continue inside the unwrapped content: it may hold more directives.
      return index + 1;
    });

    for (const parent of touched) mergeTexts(parent);
  };
}

function isDirective(node: { type: string }): node is Directive {
  return node.type === 'textDirective' || node.type === 'leafDirective' || node.type === 'containerDirective';
}

/** The directive as written; rebuilt from its parts when the node has no position. */
function sourceOf(node: Directive, source: string): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start !== undefined && end !== undefined) return source.slice(start, end);
  const colons = node.type === 'textDirective' ? ':' : node.type === 'leafDirective' ? '::' : ':::';
  const attributes = Object.entries(node.attributes ?? {}).map(([key, value]) => (value ? `${key}="${value}"` : key));
  return `${colons}${node.name}${attributes.length > 0 ? `{${attributes.join(' ')}}` : ''}`;
}

function textNode(value: string, node: Directive): Text {
  return { type: 'text', value, position: node.position };
}

/** Opening line as a paragraph, the body (minus the label), and the closing fence as a paragraph. */
function unwrapContainer(node: ContainerDirective, text: string): RootContent[] {
  const lines = text.split('\n');
  const body = node.children.filter((child) => !(child.type === 'paragraph' && child.data?.directiveLabel));
  const opening: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: lines[0].trim() }] };
  const result: RootContent[] = [opening, ...body];
  const last = lines.at(-1)?.trim() ?? '';
  if (lines.length > 1 && /^:{3,}$/.test(last)) {
    result.push({ type: 'paragraph', children: [{ type: 'text', value: last }] });
  }
  return result;
}

/** Joins neighbouring text nodes so `key` + `:value` reads as one `key:value` text. */
function mergeTexts(parent: Parent): void {
  const merged: Array<RootContent | PhrasingContent> = [];
  for (const child of parent.children) {
    const previous = merged.at(-1);
    if (child.type === 'text' && previous?.type === 'text') {
      merged[merged.length - 1] = {
        type: 'text',
        value: previous.value + child.value,
        position:
          previous.position && child.position ? { start: previous.position.start, end: child.position.end } : undefined,
      };
    } else {
      merged.push(child);
    }
  }
  parent.children = merged as Parent['children'];
}
