/**
 * Turns a `:::cards` container whose body is a list of `[Title](url) — description` items into a
 * grid of link cards. The card is the original mdast `link` node (position kept), so link checking
 * sees it like any other link.
 */
import type { BlockContent, Link, ListItem, PhrasingContent, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { visit } from '../visit.ts';
import type { VFile } from 'vfile';

// Accept an em dash (as documented), an en dash, or a plain hyphen between link and description.
const separatorRE = /^\s*[—–-]\s*/;
const ruleId = 'markdown/cards';

/** remark plugin: renders `:::cards` containers as `<div class="cards">` of `<a class="card">`. */
export function remarkCards() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'containerDirective', (node) => {
      if (node.name !== 'cards') return;
      renderCards(node, file);
    });
  };
}

function renderCards(node: ContainerDirective, file: VFile): void {
  const children: RootContent[] = [];
  for (const child of node.children) {
    if (child.type === 'paragraph' && child.data?.directiveLabel) continue;
    if (child.type !== 'list') {
      file.message('Expected a list of `[Title](url) — description` items inside `:::cards`', {
        place: child.position,
        ruleId,
        source: 'sitegen',
      });
      children.push(child);
      continue;
    }
    for (const item of child.children) children.push(renderCard(item, file));
  }
  node.data = { hName: 'div', hProperties: { className: ['cards'] } };
  node.children = children as BlockContent[];
}

function renderCard(item: ListItem, file: VFile): RootContent {
  const card = parseCard(item);
  if (!card) {
    file.message('Expected a card item like `[Title](/url) — description`', {
      place: item.position,
      ruleId,
      source: 'sitegen',
    });
    return cardPart({ tagName: 'div', className: 'card', children: item.children }) as RootContent;
  }
  return {
    type: 'link',
    url: card.link.url,
    title: card.link.title,
    position: card.link.position,
    data: { hProperties: { className: ['card'] } },
    children: [
      cardPart({ tagName: 'span', className: 'card-title', children: card.link.children }),
      cardPart({ tagName: 'span', className: 'card-description', children: card.description }),
    ],
  } satisfies Link;
}

/** Splits `[Title](url) — description` into the link and the description's phrasing. */
function parseCard(item: ListItem): { link: Link; description: PhrasingContent[] } | undefined {
  const [paragraph] = item.children;
  if (item.children.length !== 1 || paragraph.type !== 'paragraph') return undefined;
  const [link, separator, ...rest] = paragraph.children;
  if (link?.type !== 'link' || separator?.type !== 'text' || !separatorRE.test(separator.value)) {
    return undefined;
  }
  const lead = separator.value.replace(separatorRE, '');
  const description: PhrasingContent[] = lead ? [{ ...separator, value: lead }, ...rest] : rest;
  return { link, description };
}

/** A custom node rendered as the given element around its (mdast) children. */
function cardPart({ tagName, className, children }: { tagName: string; className: string; children: unknown[] }) {
  return {
    type: 'cardPart',
    data: { hName: tagName, hProperties: { className: [className] } },
    children,
  } as unknown as PhrasingContent;
}
