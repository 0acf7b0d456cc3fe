import type { ReactNode } from 'react';
import MDXComponents from '@theme/MDXComponents';
import { MDXProvider, type MDXComponents as Table } from './mdx-provider.tsx';

/**
 * The components of the site's `@theme/MDXComponents` that MDX gets without importing them:
 * those with capitalised names. Entries for Markdown's own elements (`a`, `img`) are left out,
 * since sitegen renders those elements itself (src/mdx/global-components.ts reports them).
 */
const components: Table = Object.fromEntries(Object.entries(MDXComponents as Table).filter(([name]) => /^[A-Z]/.test(name)));

/** Puts the site's global MDX components around MDX content: pages, excerpts, React pages, islands. */
export function GlobalMdxProvider({ children }: { children?: ReactNode }): ReactNode {
  return <MDXProvider components={components}>{children}</MDXProvider>;
}
