/**
 * Which island candidates of a page become islands, as the server renders them. MDX's content
 * component gets `sitegenIsland` (remark-islands.ts calls it with each candidate's number and
 * element): a candidate that needs the browser becomes `<sitegen-island
 * data-island="<page key>:<n>">` around its element (the browser hydrates it there, with the
 * script bundle-islands.ts makes for the page); any other is its element, unchanged.
 */
import { createElement, type ReactElement } from 'react';

/** The page being rendered: its key (`islandKey`) and the candidates that are islands. */
export interface PageIslandsValue { key: string; live: ReadonlySet<number> }

/** The `sitegenIsland` prop for a page's content component. */
export function islandMarker(islands: PageIslandsValue): (i: number, element: ReactElement) => ReactElement {
  return (i, element) => (islands.live.has(i) ? createElement('sitegen-island', { 'data-island': `${islands.key}:${i}` }, element) : element);
}
