import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MdxCodeHighlighterProvider, type MdxCodeHighlighter } from '../mdx/code-highlighter.tsx';
import { MdxSiteProvider, type MdxSite } from '../mdx/context.tsx';
import { GlobalMdxProvider } from '../mdx/global-mdx-provider.tsx';
import { PageMetaContext, type PageMeta } from '../mdx/page-meta.tsx';
import { BaseUrlContext } from '../runtime/base-url.tsx';

/**
 * Server side of a React page of `src/pages` (bundled with the site's pages, not with the
 * theme: src/render/bundle-react-pages.ts): the page's component as HTML, with the site
 * context its components read (`useDocusaurusContext`, `useBaseUrl`, `Link`, the build's code
 * highlighter for `@theme/CodeBlock`) and what its
 * `<Layout>` said about it. The site's layout is rendered around this HTML later, by the theme.
 */
export function renderReactPage(Page: ComponentType<{ config?: MdxSite['siteConfig'] }>, site: MdxSite, highlighter: MdxCodeHighlighter): { html: string; meta: PageMeta } {
  const meta: PageMeta = {};
  const report = (given: PageMeta) => {
    if (given.title !== undefined) meta.title = given.title;
    if (given.description !== undefined) meta.description = given.description;
    if (given.headTitle !== undefined) meta.headTitle = given.headTitle;
    if (given.anchors) meta.anchors = [...meta.anchors ?? [], ...given.anchors];
    if (given.links) meta.links = [...meta.links ?? [], ...given.links];
    if (given.unchecked) meta.unchecked = [...meta.unchecked ?? [], ...given.unchecked];
  };
  const html = renderToString(
    <BaseUrlContext.Provider value={site.siteConfig.baseUrl}>
      <MdxSiteProvider value={site}>
        <MdxCodeHighlighterProvider value={highlighter}>
          <PageMetaContext.Provider value={report}>
            {/* Docusaurus gives pages the site config as `config` (for pages written as classes). */}
            <GlobalMdxProvider>
              <Page config={site.siteConfig} />
            </GlobalMdxProvider>
          </PageMetaContext.Provider>
        </MdxCodeHighlighterProvider>
      </MdxSiteProvider>
    </BaseUrlContext.Provider>,
  );
  return { html, meta };
}
