import { useEffect } from 'react';
import type { PageData, SidebarItem, SiteData } from '../../src/model.ts';
import type { DocPageVersion } from '../../src/page-model.ts';
import { keys, storage } from '../runtime/storage.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { LastUpdated } from './last-updated.tsx';
import { RawHtml } from './raw-html.tsx';
import { Pagination, Sidebar, TableOfContents } from '../layout/later-parts.tsx';
import { useUrl } from '../runtime/base-url.tsx';

type DocData = Extract<PageData, { type: 'doc' }>;
type CategoryData = Extract<PageData, { type: 'category' }>;

/** Two- or three-column docs layout shared by doc pages and generated category indexes. */
export function DocsLayout({ site, sidebar, children, toc, version }: { site: SiteData; sidebar?: SidebarItem[]; children: React.ReactNode; toc?: React.ReactNode; version?: DocPageVersion }) {
  // On a site whose docs have several versions, a page of another docs instance (no version, or its own) is no choice of them.
  const name = version?.instance || (!version && site.docVersions) ? undefined : version?.name ?? 'current';
  useEffect(() => {
    // The version the reader reads is their choice, as Docusaurus remembers it (spec §4).
    if (name) storage.set(keys.docsVersion, name);
  }, [name]);
  return (
    <div className="docs-wrapper">
      {/* --menu-links: how many links the mobile menu shows above this sidebar when it is open (layout.css). */}
      {sidebar && (
        <aside id="docs-sidebar" className="docs-sidebar" style={{ '--menu-links': site.navbar.items.length + site.navbar.iconLinks.length + (site.navbar.versionMenu ? 1 : 0) } as React.CSSProperties}>
          <Sidebar items={sidebar} autoCollapse={site.sidebarAutoCollapse} />
        </aside>
      )}
      <main id="main-content" className="docs-main" tabIndex={-1}>
        <div className={toc ? 'doc-container with-toc' : 'doc-container'}>
          <div className="doc-column">{children}</div>
          {toc && <div className="toc-column">{toc}</div>}
        </div>
      </main>
    </div>
  );
}

/** A documentation page. */
export function DocPage({ site, page, sidebar }: { site: SiteData; page: DocData; sidebar?: SidebarItem[] }) {
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <DocsLayout site={site} sidebar={sidebar} version={page.version} toc={showToc ? <TableOfContents items={page.toc} variant="desktop" /> : undefined}>
      <VersionBanner site={site} version={page.version} />
      <Breadcrumbs items={page.breadcrumbs} />
      <VersionBadge site={site} version={page.version} />
      <article className="doc-article" data-pagefind-body="">
        {!page.hideTitle && <h1 className="page-title" id={page.heading?.id}>{page.heading?.text ?? page.title}</h1>}
        {showToc && <TableOfContents items={page.toc} variant="mobile" />}
        <RawHtml className="markdown" html={page.contentHtml} rawKey="content" />
      </article>
      <LastUpdated at={page.lastUpdatedAt} by={page.lastUpdatedBy} />
      {page.editUrl && (
        <p className="edit-link"><a href={page.editUrl} rel="noopener noreferrer">Edit this page</a></p>
      )}
      <Pagination prev={page.prev} next={page.next} label="Docs pages" />
    </DocsLayout>
  );
}

/** A generated category index: title, description and a card per page. */
export function CategoryPage({ site, page, sidebar }: { site: SiteData; page: CategoryData; sidebar?: SidebarItem[] }) {
  const url = useUrl();
  return (
    <DocsLayout site={site} sidebar={sidebar} version={page.version}>
      <VersionBanner site={site} version={page.version} />
      <Breadcrumbs items={page.breadcrumbs} />
      <VersionBadge site={site} version={page.version} />
      <article className="doc-article" data-pagefind-body="">
        <h1 className="page-title">{page.title}</h1>
        {page.description && <p className="category-description">{page.description}</p>}
        <ul className="cards category-cards">
          {page.items.map((item) => (
            <li key={item.href}>
              <a className="card" href={url(item.href)}>
                <span className="card-title">{item.title}</span>
                {item.description && <span className="card-description">{item.description}</span>}
              </a>
            </li>
          ))}
        </ul>
      </article>
      <Pagination prev={page.prev} next={page.next} label="Docs pages" />
    </DocsLayout>
  );
}

/** "Version: <label>": the page's version on a site with several, the site's on one that asks for it. */
function VersionBadge({ site, version }: { site: SiteData; version?: DocPageVersion }) {
  const label = version ? (version.badge ? version.label : undefined) : site.versionBadge;
  return label ? <span className="version-badge">Version: {label}</span> : null;
}

/** Above a doc of an unreleased or unmaintained version: what it is, and a link to the latest version's page. */
function VersionBanner({ site, version }: { site: SiteData; version?: DocPageVersion }) {
  const url = useUrl();
  if (!version?.banner) return null;
  return (
    <aside className="version-banner" aria-label="Version">
      <p>
        {version.banner === 'unreleased'
          ? <>These docs are for {site.title} <strong>{version.label}</strong>, which is not released yet.</>
          : <>These docs are for {site.title} <strong>{version.label}</strong>, which is no longer maintained.</>}
        {version.latest && <> The latest version is <a href={url(version.latest.href)}>{version.latest.label}</a>.</>}
      </p>
    </aside>
  );
}
