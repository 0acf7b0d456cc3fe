/**
 * Turns Docusaurus-style admonitions (`:::tip[Title]` containers, after
 * `preprocessAdmonitionTitles`) into `<aside class="admonition admonition-tip">` with a heading
 * row (icon + title) and a content wrapper.
 */
import type { BlockContent, DefinitionContent, Paragraph, PhrasingContent, Root } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from '../visit.ts';
import { admonitionTypes, type AdmonitionType } from '../preprocess-admonition-titles.ts';

/** The default title of each type, also its `aria-label` (theme/mdx/admonition.tsx shows the same). */
export const admonitionLabels: Readonly<Record<AdmonitionType, string>> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  secondary: 'Secondary',
  important: 'Important',
  success: 'Success',
};

const typeSet = new Set<string>(admonitionTypes);

/**
 * remark plugin: renders the nine admonition types of Docusaurus 3. Other directives are left for
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
    : [{ type: 'text', value: admonitionLabels[type] }];
  const body = (hasLabel ? rest : node.children) as Array<BlockContent | DefinitionContent>;

  const heading: Paragraph = {
    type: 'paragraph',
    data: { hProperties: { className: ['admonition-heading'] } },
    children: [
      // A custom node whose hast is given directly: the icon span, drawn by the theme's
      // stylesheet per type (theme/css/icons.css), so pages and feeds carry no SVG.
      {
        type: 'admonitionIcon',
        children: [],
        data: { hName: 'span', hProperties: { className: ['admonition-icon'], ariaHidden: 'true' } },
      } as unknown as PhrasingContent,
      ...(titleChildren.length > 0 ? titleChildren : [{ type: 'text' as const, value: admonitionLabels[type] }]),
    ],
  };
  const content = {
    type: 'admonitionContent',
    data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
    children: body,
  } as unknown as BlockContent;

  node.data = {
    hName: 'aside',
    hProperties: { className: ['admonition', `admonition-${type}`], role: 'note', ariaLabel: admonitionLabels[type] },
  };
  node.children = [heading, content];
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
