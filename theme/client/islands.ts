/**
 * The islands of MDX pages in the browser (src/mdx/bundle-islands.ts): each page with islands
 * has a script that registers its islands here; each `<sitegen-island data-island="<key>:<n>">`
 * the server rendered is hydrated as a React root of its own, inside the page's MDX site
 * context. The rest of the page stays the server's HTML.
 *
 * Content that arrives later (client navigation to a page with islands, a dev update in place)
 * is watched for; an island whose element left the document is unmounted. One observer serves
 * every page's script (they share this module). An island that throws keeps the markup the
 * server rendered (without its interactions), and the console says which one it was.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

/** What one page's script registers. */
export interface IslandsOfPage {
  key: string;
  /** The page's MDX site context (`MdxSite` of theme/mdx/context.tsx). */
  site: unknown;
  Provider: ComponentType<{ value: never; children: ReactNode }>;
  /** Each island's component, by its number. */
  islands: Record<number, ComponentType>;
}

const pages = new Map<string, IslandsOfPage>();
const roots = new Map<Element, Root>();
/** Islands that threw: they keep the server's markup and are not hydrated again. */
const failed = new WeakSet<Element>();
let observer: MutationObserver | undefined;

/** Registers a page's islands and hydrates those in the document, now and later. */
export function startIslands(page: IslandsOfPage): void {
  pages.set(page.key, page);
  hydrateIslands();
  if (observer) return;
  observer = new MutationObserver((records) => {
    if (records.some((r) => [...r.addedNodes, ...r.removedNodes].some(holdsIsland))) hydrateIslands();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}

function holdsIsland(node: Node): boolean {
  return node instanceof Element && (node.localName === 'sitegen-island' || node.querySelector('sitegen-island') !== null);
}

/** Unmounts islands that left the document; hydrates those not hydrated yet whose page is known. */
function hydrateIslands(): void {
  for (const [element, root] of roots) {
    if (element.isConnected) continue;
    roots.delete(element);
    // Not while React may be committing the change that removed it.
    setTimeout(() => root.unmount());
  }
  for (const element of document.querySelectorAll('sitegen-island[data-island]')) {
    if (roots.has(element)) continue;
    const [key, n] = (element.getAttribute('data-island') ?? '').split(':');
    const page = pages.get(key);
    const Island = page?.islands[Number(n)];
    if (!page || !Island || failed.has(element)) continue;
    // What the server rendered, put back if the island throws (React then empties its element).
    const served = element.innerHTML;
    roots.set(element, hydrateRoot(element, createElement(page.Provider, { value: page.site as never, children: createElement(Island) }), {
      onUncaughtError(error) {
        failed.add(element);
        roots.delete(element);
        console.error(`sitegen: an island of this page (${element.getAttribute('data-island')}) threw while hydrating; the server's markup stays, without its interactions.`, error);
        // After React has unmounted the root.
        setTimeout(() => {
          element.innerHTML = served;
        });
      },
    }));
  }
}
