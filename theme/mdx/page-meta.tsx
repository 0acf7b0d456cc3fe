import { createContext } from 'react';

/** What a page tells the layout about itself (`<Layout title description>`), for its `<head>`. */
export interface PageMeta {
  title?: string;
  description?: string;
  /** The document's `<title>` exactly (`<Head><title>`), instead of `title | site title`. */
  headTitle?: string;
  /** Anchors the page collected (`useBrokenLinks().collectAnchor`): link targets beside its ids. */
  anchors?: string[];
  /** Hrefs `<Link>` rendered: the others of a React page are plain `<a>`s (check-links.ts › `plainHrefs`). */
  links?: string[];
  /** Hrefs `<Link data-noBrokenLinkCheck>` rendered: never checked. */
  unchecked?: string[];
}

/**
 * Where `<Layout>` reports its page's title and description while a React page renders on the
 * server (theme/pages/render-react-page.tsx collects them); nothing outside that render.
 */
export const PageMetaContext = createContext<((meta: PageMeta) => void) | null>(null);
