import { useContext } from 'react';
import { PageMetaContext } from './page-meta.tsx';

/**
 * Docusaurus's `useBrokenLinks()`: a page registers anchors it does not render as ids (the one
 * tab of many it shows, say), so that links to `/page#anchor` are not reported broken. sitegen
 * checks links against each page's rendered HTML; an anchor collected here counts as one of
 * the page's ids (React pages of `src/pages`). Links are read from the HTML: `collectLink`
 * does nothing.
 */
export default function useBrokenLinks(): { collectAnchor: (anchor?: string) => void; collectLink: (link?: string) => void } {
  const report = useContext(PageMetaContext);
  return {
    collectAnchor: (anchor) => {
      if (anchor) report?.({ anchors: [anchor] });
    },
    collectLink: () => undefined,
  };
}
