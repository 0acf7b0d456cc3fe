import type { SiteConfig } from '../config/schema.ts';
import type { DocSource, SourceLink } from '../model.ts';
import { pageTitle, type PlannedPage, type Rendered } from './planned-page.ts';

/** A React page after its component was rendered on the server (src/render/render-react-pages.ts). */
export interface RenderedReactPage {
  /** The page's module, relative to the site root (`src/pages/index.tsx`). */
  file: string;
  route: string;
  html: string;
  /** What the page gave `<Layout title description>`, if anything. */
  title?: string;
  /** The document's title exactly, from `<Head><title>` (wins over `title`'s `title | site title`). */
  headTitle?: string;
  description?: string;
  /** Anchors the page collected with `useBrokenLinks()`: link targets beside the ids of its HTML. */
  anchors?: string[];
  /** Whether `html` has its own `<main>` element. */
  ownMain: boolean;
  /** Site paths of the stylesheets the pages' components import. */
  stylesheets: string[];
  /** The links of `html` that the page's own module writes, where it writes them (for the link check's positions). */
  links: SourceLink[];
  /** Hrefs of its plain `<a>` elements, which no `<Link>` rendered (links/check-links.ts › `plainHrefs`). */
  plainHrefs?: string[];
  /** Hrefs its `<Link data-noBrokenLinkCheck>`s rendered: never checked. */
  uncheckedHrefs?: string[];
}

/**
 * The pages of the pages folder as planned pages (type `page`): React pages with the title and
 * description their `<Layout>` was given (as in Docusaurus: the site's title alone, and its
 * tagline, when none), Markdown pages with their front matter's.
 */
export function planStandalonePages(options: { config: SiteConfig; react: RenderedReactPage[]; markdown: Rendered<DocSource>[] }): PlannedPage[] {
  const { config } = options;
  const react = options.react.map((p): PlannedPage => ({
    source: p.file,
    page: {
      type: 'page', kind: 'component', route: p.route, title: p.title ?? config.title,
      head: { title: p.headTitle ?? (p.title ? pageTitle(config, p.title) : config.title), description: p.description ?? config.tagline },
      contentHtml: p.html, toc: [], hideToc: true,
      ...(p.ownMain ? { ownMain: true } : {}),
      ...(p.stylesheets.length ? { stylesheets: p.stylesheets } : {}),
    },
  }));
  const markdown = options.markdown.map((doc): PlannedPage => ({
    source: doc.file,
    page: {
      type: 'page', kind: 'markdown', route: doc.route, title: doc.title, heading: doc.heading,
      ...(doc.hideTitle ? { hideTitle: true } : {}),
      head: { title: pageTitle(config, doc.title), description: doc.description, keywords: doc.keywords },
      contentHtml: doc.md.html, toc: doc.md.toc, hideToc: doc.hideTableOfContents,
    },
  }));
  return [...react, ...markdown];
}
