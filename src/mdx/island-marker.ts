/**
 * `SitegenIsland`, the wrapper remark-islands.ts puts around each island candidate, as the
 * server renders it: a candidate that needs the browser becomes `<sitegen-island
 * data-island="<page key>:<n>">` around its HTML (the browser hydrates it there, with the
 * module bundle-islands.ts makes for the page); any other renders its children alone, so a page
 * without islands is the HTML it always was. An island inside an island is part of the outer one.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';

/** The page being rendered: its key (`islandKey`) and the candidates that need the browser. */
export interface PageIslandsValue { key: string; live: ReadonlySet<number> }

const IslandsContext = createContext<(PageIslandsValue & { inside?: boolean }) | null>(null);

/** Provides the page's islands to the wrappers below. */
export const IslandsProvider = IslandsContext.Provider;

/** The wrapper component (see the module comment); `i` is the candidate's number, as a string. */
export function SitegenIsland({ i, children }: { i: string; children?: ReactNode }): ReactNode {
  const islands = useContext(IslandsContext);
  if (!islands || islands.inside || !islands.live.has(Number(i))) return children;
  return createElement(IslandsContext.Provider, { value: { ...islands, inside: true } }, createElement('sitegen-island', { 'data-island': `${islands.key}:${i}` }, children));
}
