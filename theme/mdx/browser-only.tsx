import type { ReactNode } from 'react';

/** Props of {@link BrowserOnly}, as in Docusaurus 3. */
export interface BrowserOnlyProps {
  /** A render function, called only in the browser. */
  children?: () => ReactNode;
  /** What the server renders in its place (nothing when absent). */
  fallback?: ReactNode;
}

/**
 * `@docusaurus/BrowserOnly`: the server renders `fallback` (or nothing), never `children`, which
 * may read `window` or `document`. sitegen pages are rendered on the server only: the children
 * run only once the page's MDX content is hydrated in the browser (an island with the page's
 * compiled MDX module), which is the MDX renderer's part, not this component's.
 */
export default function BrowserOnly({ fallback }: BrowserOnlyProps): ReactNode {
  return fallback ?? null;
}
