import type { ReactNode } from 'react';
import useIsBrowser from './use-is-browser.ts';

/** Props of {@link BrowserOnly}, as in Docusaurus 3. */
export interface BrowserOnlyProps {
  /** A render function, called only in the browser. */
  children?: () => ReactNode;
  /** What the server renders in its place (nothing when absent). */
  fallback?: ReactNode;
}

/**
 * `@docusaurus/BrowserOnly`: the server renders `fallback` (or nothing), never `children`, which
 * may read `window` or `document`. In the browser, the element is an island of its page
 * (src/mdx/remark-islands.ts): hydrated as the server rendered it, then `children()` replaces
 * the fallback.
 */
export default function BrowserOnly({ children, fallback }: BrowserOnlyProps): ReactNode {
  const isBrowser = useIsBrowser();
  if (isBrowser && children) return <>{children()}</>;
  return fallback ?? null;
}
