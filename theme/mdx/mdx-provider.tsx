/**
 * `@mdx-js/react`, as Docusaurus provides it to MDX: every compiled MDX program (pages, excerpts,
 * partials, islands) asks `useMDXComponents()` for the components it may use without importing
 * them, and the renderer puts `<MDXProvider components>` around the content with the site's
 * `@theme/MDXComponents` (src/mdx/global-components.ts keeps the capitalised ones).
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export type MDXComponents = Record<string, ComponentType<never> | string>;

const MDXContext = createContext<MDXComponents>({});

/** The components in effect here; with an argument, those merged over them (or its result, for a function). */
export function useMDXComponents(components?: MDXComponents | ((current: MDXComponents) => MDXComponents)): MDXComponents {
  const current = useContext(MDXContext);
  if (typeof components === 'function') return components(current);
  return components ? { ...current, ...components } : current;
}

/** Gives the components below it; `disableParentContext` drops those of providers above. */
export function MDXProvider({ components, disableParentContext, children }: { components?: MDXComponents | ((current: MDXComponents) => MDXComponents); disableParentContext?: boolean; children?: ReactNode }): ReactNode {
  const parent = useContext(MDXContext);
  const base = disableParentContext ? {} : parent;
  const value = typeof components === 'function' ? components(base) : { ...base, ...components };
  return <MDXContext.Provider value={value}>{children}</MDXContext.Provider>;
}
