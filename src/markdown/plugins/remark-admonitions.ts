/**
 * Turns Docusaurus-style admonitions (`:::tip[Title]` containers, after
 * `preprocessAdmonitionTitles`) into `<aside class="admonition admonition-tip">` with a heading
 * row (icon + title) and a content wrapper.
 */
import type { ElementContent } from 'hast';
import { s } from 'hastscript';
import type { BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from '../visit.ts';
import { admonitionTypes, type AdmonitionType } from '../preprocess-admonition-titles.ts';

const labels: Record<AdmonitionType, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

// 24×24 single-path icons drawn with currentColor so the theme colours them per type.
const iconPaths: Record<AdmonitionType, string> = {
  note: 'M6 3h9l5 5v13H6zM14 3v6h6M9 13h8M9 17h8',
  tip: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
  info: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 11v6M12 7.5v.5',
  warning: 'M12 3 2 20h20zM12 10v4M12 17v.5',
  caution: 'M8 2h8l6 6v8l-6 6H8l-6-6V8zM12 7v6M12 16.5v.5',
  danger: 'M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-4 2-7 2 1 3 3 3 5 1-3 1-7 1-10z',
};

const typeSet = new Set<string>(admonitionTypes);

/**
 * remark plugin: renders the six admonition types. Other directives are left for
 * `remarkCards` and `remarkDirectiveFallback`.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, 'containerDirective', (node) => {
      if (!typeSet.has(node.name)) return;
      renderAdmonition(node, node.name as AdmonitionType);
    });
  };
}

function renderAdmonition(node: ContainerDirective, type: AdmonitionType): void {
  const [first, ...rest] = node.children;
  const hasLabel = first?.type === 'paragraph' && first.data?.directiveLabel === true;
  const titleChildren: PhrasingContent[] = hasLabel
    ? trimPhrasing((first as Paragraph).children)
    : [{ type: 'text', value: labels[type] }];
  const body = (hasLabel ? rest : node.children) as Array<BlockContent | DefinitionContent>;

  const heading: Paragraph = {
    type: 'paragraph',
    data: { hProperties: { className: ['admonition-heading'] } },
    children: [
      // A custom node whose hast is given directly: the icon span.
      {
        type: 'admonitionIcon',
        children: [],
        data: { hName: 'span', hProperties: { className: ['admonition-icon'], ariaHidden: 'true' }, hChildren: [icon(type)] },
      } as unknown as PhrasingContent,
      ...(titleChildren.length > 0 ? titleChildren : [{ type: 'text' as const, value: labels[type] }]),
    ],
  };
  const content = {
    type: 'admonitionContent',
    data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
    children: body,
  } as unknown as BlockContent;

  node.data = {
    hName: 'aside',
    hProperties: { className: ['admonition', `admonition-${type}`], role: 'note', ariaLabel: labels[type] },
  };
  node.children = [heading, content];
}

function icon(type: AdmonitionType): ElementContent {
  return s(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: '0 0 24 24',
      width: 18,
      height: 18,
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    },
    [s('path', { d: iconPaths[type] })],
  );
}

/** Drops leading/trailing whitespace left by the title rewrite (`:::tip[  Title ]`). */
function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  const copy = [...children];
  const head = copy[0];
  if (head?.type === 'text') copy[0] = { ...head, value: head.value.trimStart() };
  const last = copy.at(-1);
  if (last?.type === 'text') copy[copy.length - 1] = { ...last, value: last.value.trimEnd() };
  return copy.filter((child) => child.type !== 'text' || child.value !== '');
}
