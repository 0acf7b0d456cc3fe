import type { PageData } from '../../src/model.ts';
import { RawHtml } from '../docs/raw-html.tsx';
import { TableOfContents } from '../layout/later-parts.tsx';

type StandaloneData = Extract<PageData, { type: 'page' }>;

/**
 * A React page of `src/pages`: the HTML its component rendered on the server, inside the
 * site's layout, which the theme shows as it shows a doc's article (client navigation too).
 * A page whose code needs the browser is an island inside that HTML, hydrated by a script of
 * its own (src/render/bundle-page-islands.ts); the others stay static.
 * The page's own `<main>`, when it has one, is the page's main landmark; otherwise the
 * wrapper is.
 */
export function ReactPage({ page }: { page: StandaloneData }) {
  const Wrapper = page.ownMain ? 'div' : 'main';
  return (
    <Wrapper id="main-content" className="react-page" tabIndex={-1}>
      <RawHtml className="react-page-content" html={page.contentHtml} rawKey="content" />
    </Wrapper>
  );
}

/** A Markdown page of `src/pages`: a doc's article and table of contents, without the docs sidebar. */
export function MarkdownPage({ page }: { page: StandaloneData }) {
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <main id="main-content" className="docs-main markdown-page" tabIndex={-1}>
      <div className={showToc ? 'doc-container with-toc' : 'doc-container'}>
        <div className="doc-column">
          <article className="doc-article" data-pagefind-body="">
            {!page.hideTitle && <h1 className="page-title" id={page.heading?.id}>{page.heading?.text ?? page.title}</h1>}
            {showToc && <TableOfContents items={page.toc} variant="mobile" />}
            <RawHtml className="markdown" html={page.contentHtml} rawKey="content" />
          </article>
        </div>
        {showToc && <div className="toc-column"><TableOfContents items={page.toc} variant="desktop" /></div>}
      </div>
    </main>
  );
}
